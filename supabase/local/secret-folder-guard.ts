import { realpathSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

/** Enough rounds of percent-decoding for any nesting a client bothers with (`%252e` is `.` after two). */
const decodeRounds = 8

/** Vite's own `server.fs.deny`, which a list given in the config replaces rather than extends. */
export const viteDefaultFsDeny = ['.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**']

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    // One malformed escape must not keep the well-formed ones around it encoded.
    return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  }
}

/** The path as sent and after each round of decoding, each with and without what follows a decoded `?` or `#`. */
function spellings(url: string): string[] {
  const found = new Set<string>()
  let current = url.split(/[?#]/)[0] ?? ''
  for (let round = 0; round <= decodeRounds; round++) {
    const slashed = current.replaceAll('\\', '/')
    found.add(slashed)
    found.add(slashed.split(/[?#]/)[0] ?? '')
    const next = decodeOnce(current)
    if (next === current) break
    current = next
  }
  return [...found]
}

/**
 * Every file a dev or preview server might read for this request path: under each served root (with
 * `..` resolved both inside and beyond the root), after `/@fs/` and `/@id/`, and the path read as an
 * absolute one.
 */
export function filesForRequest(url: string, servedRoots: readonly string[]): string[] {
  const files = new Set<string>()
  for (const spelling of spellings(url)) {
    const unclamped = spelling.startsWith('/') ? spelling : `/${spelling}`
    const clamped = path.posix.normalize(unclamped)
    files.add(clamped)
    for (const root of servedRoots) {
      files.add(path.posix.join(root, unclamped))
      files.add(path.posix.join(root, clamped))
    }
    for (const prefix of ['/@fs/', '/@id/']) {
      if (!clamped.startsWith(prefix)) continue
      const rest = clamped.slice(prefix.length)
      files.add(path.posix.normalize(`/${rest}`))
      for (const root of servedRoots) files.add(path.posix.join(root, rest))
    }
  }
  return [...files]
}

/** The folders as given and as they resolve through symbolic links, lower-cased as the comparison is. */
function guardedForms(folders: readonly string[]): string[] {
  const forms = new Set<string>()
  for (const folder of folders) {
    const absolute = path.resolve(folder)
    forms.add(absolute)
    try {
      forms.add(realpathSync(absolute))
    } catch {
      // Not created yet: its given path is all there is to match.
    }
  }
  return [...forms].map((form) => form.toLowerCase())
}

function isInside(folder: string, file: string): boolean {
  const candidate = file.toLowerCase()
  return candidate === folder || candidate.startsWith(`${folder}/`)
}

function reachesGuarded(url: string, servedRoots: readonly string[], guarded: readonly string[]): boolean {
  return filesForRequest(url, servedRoots).some((file) => guarded.some((folder) => isInside(folder, file)))
}

/** Whether any reading of the request path lands in one of the folders. Case is ignored: refusing too much is harmless here. */
export function reachesFolder(url: string, servedRoots: readonly string[], folders: readonly string[]): boolean {
  return reachesGuarded(url, servedRoots, guardedForms(folders))
}

/**
 * Connect middleware for the front of a dev or preview server: any request whose path, however
 * encoded, reaches one of `folders` answers 404 before a file middleware sees it.
 */
export function refuseFolders(folders: readonly string[], servedRoots: readonly string[]) {
  const roots = servedRoots.map((root) => path.resolve(root))
  const guarded = guardedForms(folders)
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!reachesGuarded(req.url ?? '/', roots, guarded)) return next()
    res.statusCode = 404
    res.setHeader('content-type', 'text/plain; charset=utf-8')
    res.end('Not found')
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[\\*?[\]{}()!+@|^$]/g, '\\$&')
}

/** `server.fs.deny` patterns for the folders and everything in them, after Vite's own. */
export function fsDenyFor(folders: readonly string[]): string[] {
  return [...viteDefaultFsDeny, ...folders.flatMap((folder) => [escapeGlob(path.resolve(folder)), `${escapeGlob(path.resolve(folder))}/**`])]
}
