import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { referenceImageBucket } from '@/lib/reference-image-path'
import { aLeadPayload } from '@/testing/lead-fixtures'
import { onePixelPng } from '../../tests/support/images.ts'
import { dataFolder } from '../data-folder.ts'
import { backupPlace, collectingOutput, folderState, startFolderBackend, type BackupPlace } from '../testing/backup-fixtures.ts'
import { clientFor } from '../testing/clients.ts'
import { runBackupCommand } from './backup-command.ts'
import { runRestoreCommand } from './restore-command.ts'

const passphrase = 'correct horse battery staple'
let place: BackupPlace
let plainBackup: string
let encryptedBackup: string
/** A data folder restored once, that every refused restore below must leave as it is. */
let target: string

async function backUp(env: NodeJS.ProcessEnv): Promise<string> {
  const made = collectingOutput()
  expect(await runBackupCommand([], env, made.out), made.lines.error.join('\n')).toBe(0)
  return /^Backup written: (\S+) /.exec(made.lines.log[0] ?? '')?.[1] as string
}

async function restore(file: string, ...args: string[]) {
  const run = collectingOutput()
  const code = await runRestoreCommand([file, '--data-dir', target, ...args], { ...place.env, LOCAL_BACKEND_BACKUP_PASSPHRASE: passphrase }, run.out)
  return { code, error: run.lines.error.join('\n'), log: run.lines.log.join('\n') }
}

beforeAll(async () => {
  place = await backupPlace()
  const backend = await startFolderBackend(place.dataDir)
  const visitor = clientFor(backend.url, backend.anonKey)
  for (const lead of [aLeadPayload(), aLeadPayload()]) expect((await visitor.from('leads').insert([lead])).error).toBeNull()
  expect((await visitor.storage.from(referenceImageBucket).upload(`${'a'.repeat(32)}.png`, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
  await backend.close()
  // No server holds the folder now: the command opens it itself.
  plainBackup = await backUp(place.env)
  encryptedBackup = await backUp({ ...place.env, LOCAL_BACKEND_BACKUP_PASSPHRASE: passphrase })
  target = path.join(place.root, 'target')
  expect((await restore(plainBackup)).code).toBe(0)
})

afterAll(async () => {
  await place?.remove()
})

/** A copy of a backup file changed by `change`, beside the backups. */
async function variant(of: string, name: string, change: (bytes: Buffer) => Buffer): Promise<string> {
  const file = path.join(place.root, name)
  await writeFile(file, change(await readFile(of)))
  return file
}

/** A backup unpacked, changed by `change`, and packed again (what a careful forger would do). */
async function repacked(name: string, change: (folder: string) => Promise<void>): Promise<string> {
  const folder = path.join(place.root, `${name}-unpacked`)
  await mkdir(folder)
  await tar.x({ file: plainBackup, cwd: folder })
  await change(folder)
  const file = path.join(place.root, name)
  await tar.c({ file, gzip: true, cwd: folder }, await readdir(folder))
  return file
}

async function refusedLeavingTargetAsItWas(file: string, expected: RegExp | string) {
  const before = await folderState(target)
  const siblings = await readdir(place.root)
  const result = await restore(file, '--force')
  expect(result.code).toBe(1)
  expect(result.error).toMatch(expected)
  expect(await folderState(target)).toEqual(before)
  expect(await readdir(place.root)).toEqual(siblings)
}

describe('restore', () => {
  test('restores a backup into a fresh folder, keys included, and an encrypted one over it with --force, saying what it restored', async () => {
    const restored = await folderState(target)
    expect(Object.keys(restored)).toEqual(expect.arrayContaining(['keys.json', 'pgdata/PG_VERSION']))
    expect(Object.keys(restored).filter((name) => name.startsWith('storage/'))).toHaveLength(1)
    expect(await readFile(dataFolder(target).keys, 'utf8')).toBe(await readFile(dataFolder(place.dataDir).keys, 'utf8'))
    const again = await restore(encryptedBackup, '--force')
    expect(again.error).toBe('')
    expect(again.log).toMatch(/^Restored .* \(made .*: 2 leads, 1 uploaded files, 0 users\) into /)
  })

  test('refuses a folder that is not empty without --force, and changes nothing', async () => {
    const before = await folderState(target)
    const result = await restore(plainBackup)
    expect(result).toMatchObject({ code: 1, error: expect.stringMatching(/is not empty .*: restore with --force to replace what it holds/) })
    expect(await folderState(target)).toEqual(before)
  })

  test('refuses a folder a running server holds', async () => {
    await writeFile(dataFolder(target).lock, String(process.ppid))
    try {
      await refusedLeavingTargetAsItWas(plainBackup, `is in use by process ${process.ppid}`)
    } finally {
      await rm(dataFolder(target).lock)
    }
  })

  test('refuses a truncated backup, plain or encrypted', async () => {
    await refusedLeavingTargetAsItWas(await variant(plainBackup, 'cut.tar.gz', (b) => b.subarray(0, b.length >> 1)), /is cut short or damaged: zlib: unexpected end of file/)
    await refusedLeavingTargetAsItWas(await variant(encryptedBackup, 'cut.tar.gz.enc', (b) => b.subarray(0, b.length >> 1)), /could not be decrypted: the passphrase is wrong, or the file was changed or cut short/)
    await refusedLeavingTargetAsItWas(await variant(encryptedBackup, 'stub.tar.gz.enc', (b) => b.subarray(0, 20)), /is cut short: it is smaller than an encrypted backup's header/)
  })

  test('refuses a file that is not a backup of this app', async () => {
    await refusedLeavingTargetAsItWas(await variant(plainBackup, 'random.bin', () => randomBytes(4096)), /is not a backup of this app \(neither an encrypted backup nor a gzipped archive\)/)
    await refusedLeavingTargetAsItWas(await variant(plainBackup, 'empty.tar.gz', () => Buffer.alloc(0)), /is not a backup of this app/)
    const photos = path.join(place.root, 'photos')
    await mkdir(photos)
    await writeFile(path.join(photos, 'ring.png'), onePixelPng)
    const foreign = path.join(place.root, 'photos.tar.gz')
    await tar.c({ file: foreign, gzip: true, cwd: photos }, ['ring.png'])
    await refusedLeavingTargetAsItWas(foreign, /is not a backup of this app: it has no manifest.json/)
  })

  test('refuses an encrypted backup without the passphrase or with a wrong one', async () => {
    const before = await folderState(target)
    const run = collectingOutput()
    expect(await runRestoreCommand([encryptedBackup, '--data-dir', target, '--force'], place.env, run.out)).toBe(1)
    expect(run.lines.error.join('\n')).toMatch(/This backup is encrypted: set LOCAL_BACKEND_BACKUP_PASSPHRASE/)
    const wrong = collectingOutput()
    expect(await runRestoreCommand([encryptedBackup, '--data-dir', target, '--force'], { ...place.env, LOCAL_BACKEND_BACKUP_PASSPHRASE: 'not the passphrase at all' }, wrong.out)).toBe(1)
    expect(wrong.lines.error.join('\n')).toMatch(/could not be decrypted: the passphrase is wrong/)
    expect(await folderState(target)).toEqual(before)
  })

  test('refuses a backup with one byte changed, plain or encrypted', async () => {
    const flip = (b: Buffer) => {
      const copy = Buffer.from(b)
      copy[copy.length >> 1] = (copy[copy.length >> 1] as number) ^ 0x01
      return copy
    }
    await refusedLeavingTargetAsItWas(await variant(plainBackup, 'flipped.tar.gz', flip), /is cut short or damaged: zlib: (incorrect data check|invalid)/)
    await refusedLeavingTargetAsItWas(await variant(encryptedBackup, 'flipped.tar.gz.enc', flip), /could not be decrypted/)
    const header = (b: Buffer) => Buffer.concat([b.subarray(0, 10), Buffer.from([(b[10] as number) ^ 0x01]), b.subarray(11)])
    await refusedLeavingTargetAsItWas(await variant(encryptedBackup, 'salted.tar.gz.enc', header), /could not be decrypted/)
  })

  test('refuses a repacked backup whose files do not match its manifest', async () => {
    const changedKeys = await repacked('changed-keys.tar.gz', async (folder) => writeFile(path.join(folder, 'keys.json'), '{}'))
    await refusedLeavingTargetAsItWas(changedKeys, /was changed: keys.json does not match its checksum/)
    const extraFile = await repacked('extra-file.tar.gz', async (folder) => writeFile(path.join(folder, 'storage', 'extra'), 'x'))
    await refusedLeavingTargetAsItWas(extraFile, /does not hold what its manifest lists \(missing: 0, unlisted: 1\)/)
  })

  test('refuses a backup made by a newer version of the app', async () => {
    const newer = await repacked('newer.tar.gz', async (folder) => {
      const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as { migrations: string[] }
      manifest.migrations.push('29991231000000_from_the_future.sql')
      await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest))
    })
    await refusedLeavingTargetAsItWas(newer, /holds migrations this checkout does not have \(29991231000000_from_the_future.sql\); update the checkout/)
  })

  test('leaves no folder behind when it refuses to restore into one that did not exist', async () => {
    const missing = path.join(place.root, 'never-made')
    const run = collectingOutput()
    const cut = await variant(plainBackup, 'cut-again.tar.gz', (b) => b.subarray(0, 100))
    expect(await runRestoreCommand([cut, '--data-dir', missing], place.env, run.out)).toBe(1)
    expect(existsSync(missing)).toBe(false)
  })
})
