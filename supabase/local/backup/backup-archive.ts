import { z } from 'zod'

/**
 * What one backup file holds (a gzipped tar, encrypted or not): the manifest, PGlite's database
 * folder (`pgdata/`), the keys (so a restored folder works with an already built
 * bundle), the first admin's credentials when present, and each stored object's bytes by id.
 */
export const archiveEntries = {
  manifest: 'manifest.json',
  database: 'pgdata',
  keys: 'keys.json',
  adminCredentials: 'admin-credentials.txt',
  objectsFolder: 'storage',
} as const

export const backupFormat = 'bespoke-jewellery-consultation local backend backup'
export const backupFormatVersion = 1

export const backupManifest = z.strictObject({
  format: z.literal(backupFormat),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The migration files the database had applied, in order. */
  migrations: z.array(z.string()),
  counts: z.strictObject({ leads: z.number().int().nonnegative(), objects: z.number().int().nonnegative(), users: z.number().int().nonnegative() }),
  /** SHA-256 (hex) of every other entry, by its path in the archive. */
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
})

export type BackupManifest = z.infer<typeof backupManifest>
export type BackupCounts = BackupManifest['counts']

const namePattern = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz(\.enc)?$/

/** `backup-2026-11-26T06-30-00-000Z.tar.gz` (UTC, so names sort by time), `.enc` appended when encrypted. */
export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-')
  return `backup-${stamp}.tar.gz${encrypted ? '.enc' : ''}`
}

/** When a backup file was made, from its name; undefined for any other file. */
export function backupTimeOf(fileName: string): Date | undefined {
  const match = namePattern.exec(fileName)
  if (!match) return undefined
  const [, date, hours, minutes, seconds, millis] = match
  const at = new Date(`${date}T${hours}:${minutes}:${seconds}.${millis}Z`)
  return Number.isNaN(at.getTime()) ? undefined : at
}
