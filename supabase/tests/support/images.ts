/** A valid 1x1 transparent PNG. */
export const onePixelPng = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
)

let counter = 0

/** A storage name as the intake makes it: the upload time plus the extension, unique per call. */
export function uploadName(extension = 'png'): string {
  counter += 1
  return `${Date.now()}${String(counter).padStart(4, '0')}${Math.floor(Math.random() * 1000)}.${extension}`
}
