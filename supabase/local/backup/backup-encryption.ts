import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { BackupError } from './backup-error.ts'

/**
 * An encrypted backup: magic, format byte, scrypt salt, GCM IV, then the gzipped archive encrypted
 * with AES-256-GCM under a key scrypt derives from the passphrase, then GCM's tag. The header is
 * authenticated too (additional data), so no byte of the file can change unnoticed.
 */
const magic = Buffer.from('BJCBKENC')
const formatByte = 1
const saltBytes = 16
const ivBytes = 12
const tagBytes = 16
const headerBytes = magic.length + 1 + saltBytes + ivBytes
const scryptCost: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const gzipMagic = Buffer.from([0x1f, 0x8b])

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(passphrase, salt, 32, scryptCost, (error, key) => (error ? reject(error) : resolve(key))))
}

/** The archive's bytes encrypted: what `pipeline` writes to the backup file. */
export function encrypting(passphrase: string) {
  return async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const salt = randomBytes(saltBytes)
    const iv = randomBytes(ivBytes)
    const header = Buffer.concat([magic, Buffer.from([formatByte]), salt, iv])
    const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv)
    cipher.setAAD(header)
    yield header
    for await (const chunk of source) yield cipher.update(chunk)
    yield cipher.final()
    yield cipher.getAuthTag()
  }
}

export type BackupFileKind = 'encrypted' | 'plain'

/** Encrypted, plain (gzip), or refused as not a backup at all. */
export async function backupFileKind(file: string): Promise<BackupFileKind> {
  const handle = await open(file).catch((error: unknown) => {
    throw new BackupError('backup_file_unreadable', `Cannot read ${file}: ${(error as Error).message}`)
  })
  try {
    const start = Buffer.alloc(magic.length)
    const { bytesRead } = await handle.read(start, 0, start.length, 0)
    if (bytesRead === magic.length && start.equals(magic)) return 'encrypted'
    if (bytesRead >= 2 && start.subarray(0, 2).equals(gzipMagic)) return 'plain'
  } finally {
    await handle.close()
  }
  throw new BackupError('backup_foreign', `${file} is not a backup of this app (neither an encrypted backup nor a gzipped archive).`)
}

/**
 * Decrypts an encrypted backup into `plainFile`; throws, leaving a useless `plainFile` behind, unless
 * every byte is as written with this passphrase (GCM's tag is checked once the whole file is read).
 */
export async function decryptBackup(file: string, plainFile: string, passphrase: string | undefined): Promise<void> {
  if (!passphrase) throw new BackupError('backup_passphrase_missing', 'This backup is encrypted: set LOCAL_BACKEND_BACKUP_PASSPHRASE to the passphrase it was made with.')
  const { size } = await stat(file)
  if (size < headerBytes + tagBytes) throw new BackupError('backup_truncated', `${file} is cut short: it is smaller than an encrypted backup's header.`)
  const handle = await open(file)
  const header = Buffer.alloc(headerBytes)
  const tag = Buffer.alloc(tagBytes)
  try {
    await handle.read(header, 0, headerBytes, 0)
    await handle.read(tag, 0, tagBytes, size - tagBytes)
  } finally {
    await handle.close()
  }
  if (header[magic.length] !== formatByte) throw new BackupError('backup_version_unknown', `${file} is encrypted in a format this version of the app does not know.`)
  const salt = header.subarray(magic.length + 1, magic.length + 1 + saltBytes)
  const iv = header.subarray(magic.length + 1 + saltBytes)
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv)
  decipher.setAAD(header)
  decipher.setAuthTag(tag)
  try {
    await pipeline(createReadStream(file, { start: headerBytes, end: size - tagBytes - 1 }), decipher, createWriteStream(plainFile, { mode: 0o600 }))
  } catch {
    throw new BackupError('backup_not_decrypted', `${file} could not be decrypted: the passphrase is wrong, or the file was changed or cut short.`)
  }
}
