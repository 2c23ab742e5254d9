import { createHash } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * A CSS module's class name from its file's path in the project and the local name, never from the
 * CSS text: the build's prerender (compiled by a dev server) and the client bundle then name every
 * class alike, or hydration would meet other class names than the prerendered markup carries.
 */
export function cssClassName(local: string, file: string): string {
  const relative = path.relative(root, file.split('?')[0] ?? file).split(path.sep).join('/')
  const hash = createHash('sha256').update(relative).digest('base64url').slice(0, 5)
  return `${path.basename(relative).replace(/\.module\.css$/, '')}_${local}_${hash}`
}
