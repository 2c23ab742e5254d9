import { open } from 'node:fs/promises'

/** Enough of a file's start for every check below (a HEIF `ftyp` box with a few compatible brands). */
export const signatureBytes = 64

/** The brands of an ISO media file (`ftyp` box) that make it HEIF/HEIC: still images and sequences. */
const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'])

function ascii(head: Buffer, from: number, to: number): string {
  return head.subarray(from, to).toString('latin1')
}

function startsWith(head: Buffer, bytes: number[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte)
}

/** PNG: the signature, then the IHDR chunk that must come first (length 13), whole. */
function isPng(head: Buffer): boolean {
  return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && head.length >= 33 && head.readUInt32BE(8) === 13 && ascii(head, 12, 16) === 'IHDR'
}

/** JPEG: start of image, then the first marker. */
function isJpeg(head: Buffer): boolean {
  return startsWith(head, [0xff, 0xd8, 0xff]) && head.length >= 4 && head[3] !== 0x00 && head[3] !== 0xff
}

/** GIF: the version, then the whole logical screen descriptor. */
function isGif(head: Buffer): boolean {
  return head.length >= 13 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')
}

/** WebP: a RIFF container of form WEBP whose first chunk is one of WebP's. */
function isWebp(head: Buffer): boolean {
  return head.length >= 16 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP' && ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(head, 12, 16))
}

/** HEIC/HEIF: an `ftyp` box first whose major or a compatible brand is a HEIF one. */
function isHeif(head: Buffer): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false
  const boxEnd = Math.min(head.readUInt32BE(0), head.length)
  const brands = [ascii(head, 8, 12)]
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(head, at, at + 4))
  return brands.some((brand) => heifBrands.has(brand))
}

const checks: Record<string, (head: Buffer) => boolean> = {
  'image/png': isPng,
  'image/jpeg': isJpeg,
  'image/gif': isGif,
  'image/webp': isWebp,
  'image/heic': isHeif,
  'image/heif': isHeif,
}

/**
 * Whether a file's first bytes are those of the image type it claims; undefined for a type whose
 * bytes are not checked (anything but the image types above).
 */
export function matchesImageType(head: Buffer, mimeType: string): boolean | undefined {
  return checks[mimeType]?.(head)
}

/** The first `signatureBytes` of a file (fewer when it is shorter). */
export async function readSignature(file: string): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(signatureBytes)
    const { bytesRead } = await handle.read(head, 0, signatureBytes, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}
