/** Hand-built upload bodies for tests: what storage-js sends, and what a hostile client could. */
export const boundary = '----local-backend-test-boundary'
export const multipartType = `multipart/form-data; boundary=${boundary}`

/** The multipart body up to the file's first byte: the fields, then the file part's headers (storage-js's shape). */
export function multipartHead(fields: Record<string, string>, fileType: string): Buffer<ArrayBuffer> {
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const file = `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: ${fileType}\r\n\r\n`
  return Buffer.from([...parts, file].join(''), 'latin1')
}

export const multipartTail = Buffer.from(`\r\n--${boundary}--\r\n`)

export function multipartBody(fields: Record<string, string>, fileType: string, bytes: Uint8Array): Buffer<ArrayBuffer> {
  return Buffer.concat([multipartHead(fields, fileType), bytes, multipartTail])
}

