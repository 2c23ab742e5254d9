import type { IncomingMessage } from 'node:http'
import { normaliseMimeType } from './object-path.ts'

export interface UploadedFile {
  bytes: Buffer
  /** Undefined when the declared type is not a well-formed MIME type. */
  mimeType: string | undefined
  declaredType: string
  cacheControl: string
}

function cacheControlOf(value: string | undefined): string {
  if (!value) return 'max-age=3600'
  return /^\d+$/.test(value) ? `max-age=${value}` : value.slice(0, 200)
}

/** storage-js sends a Blob as multipart (file under an empty field name) and other bodies raw. */
export async function parseUpload(req: IncomingMessage, body: Buffer): Promise<UploadedFile | { error: string }> {
  const contentType = req.headers['content-type'] ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    const declaredType = contentType || 'application/octet-stream'
    const header = req.headers['cache-control']
    return { bytes: body, mimeType: normaliseMimeType(declaredType), declaredType, cacheControl: cacheControlOf(header) }
  }
  let form: FormData
  try {
    form = await new Request('http://local/upload', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData()
  } catch (error) {
    return { error: `Malformed multipart body: ${error instanceof Error ? error.message : String(error)}` }
  }
  const files = [...form.entries()].filter((entry): entry is [string, File] => typeof entry[1] !== 'string')
  const file = files.find(([name]) => name === '')?.[1] ?? files[0]?.[1]
  if (!file) return { error: 'The multipart body holds no file' }
  const cacheControl = form.get('cacheControl')
  const declaredType = file.type || 'application/octet-stream'
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimeType: normaliseMimeType(declaredType),
    declaredType,
    cacheControl: cacheControlOf(typeof cacheControl === 'string' ? cacheControl : undefined),
  }
}
