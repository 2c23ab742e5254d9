/** jsdom's Blob has no text(): read it as FileReader does in any browser. */
export function blobText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'))
    reader.readAsText(blob ?? new Blob())
  })
}
