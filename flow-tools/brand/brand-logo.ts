import { readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { FlowProblem } from '../flow-problem.ts'
import type { YamlLocator } from '../yaml-locator.ts'

/** The most a logo may weigh: the first screen loads it. */
export const maxLogoBytes = 64 * 1024

const imageTypes = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
} as const

export type LogoExtension = keyof typeof imageTypes

export interface BrandLogo {
  /** The image file, as the brand file's folder and the brand's `logo` name it. */
  file: string
  extension: LogoExtension
  mimeType: (typeof imageTypes)[LogoExtension]
  bytes: Buffer
}

export type LogoRead = { ok: true; logo: BrandLogo } | { ok: false; problems: FlowProblem[] }

/** Whether the bytes are the image the extension says: PNG's and WebP's signatures, SVG's root element. */
const looksLike: Record<LogoExtension, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  webp: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
  svg: (bytes) => /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(bytes.toString('utf8')),
}

/**
 * What an SVG logo may not hold. The header shows it in an <img>, where none of it runs, but the
 * logo is also served on its own from the app's origin, where a script in it would run as the app.
 */
const unsafeSvg: { pattern: RegExp; message: string }[] = [
  { pattern: /<script/gi, message: 'a logo may not hold a <script>' },
  { pattern: /(?<=\s)on[a-z]+\s*=/gi, message: 'a logo may not hold event handlers (on...= attributes)' },
  { pattern: /javascript:/gi, message: 'a logo may not hold javascript: links' },
  { pattern: /<foreignObject/gi, message: 'a logo may not hold a <foreignObject> (HTML inside the SVG)' },
  { pattern: /<!(DOCTYPE|ENTITY)/gi, message: 'a logo may not hold a DOCTYPE or entities' },
  { pattern: /(href|src)\s*=\s*["']?\s*(https?:|\/\/)/gi, message: 'a logo may not load anything from another site' },
]

/** Line and column of an offset in a text, as the YAML reader counts them. */
function positionOf(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, col: (before.at(-1)?.length ?? 0) + 1 }
}

function svgProblems(file: string, svg: string): FlowProblem[] {
  return unsafeSvg.flatMap(({ pattern, message }) => [...svg.matchAll(pattern)].map((match) => ({ file, ...positionOf(svg, match.index), message })))
}

/** Reads the brand's logo beside the brand file and checks it: there, an image of its type, small, and for SVG, inert. */
export function readLogo(brandFile: string, name: string, locator: YamlLocator): LogoRead {
  const at = (message: string): LogoRead => ({ ok: false, problems: [{ file: brandFile, ...locator.at(['logo']), message }] })
  const file = join(dirname(brandFile), name)
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase() as LogoExtension
  let size: number
  try {
    const stat = statSync(file)
    if (!stat.isFile()) return at(`logo '${name}' is not a file (${file})`)
    size = stat.size
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : `cannot be read (${(error as Error).message})`
    return at(`logo '${name}' ${reason}: looked for ${file}`)
  }
  if (size > maxLogoBytes) return at(`logo '${name}' weighs ${Math.ceil(size / 1024)} KB; at most ${maxLogoBytes / 1024} KB, since the first screen loads it`)
  const bytes = readFileSync(file)
  if (!looksLike[extension](bytes)) return at(`logo '${name}' is not ${extension === 'svg' ? 'an SVG image (no <svg> root element)' : `a ${extension.toUpperCase()} image`}`)
  const problems = extension === 'svg' ? svgProblems(file, bytes.toString('utf8')) : []
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, logo: { file, extension, mimeType: imageTypes[extension], bytes } }
}
