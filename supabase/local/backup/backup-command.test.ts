import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dataFolder } from '../data-folder.ts'
import { backupPlace, collectingOutput, type BackupPlace } from '../testing/backup-fixtures.ts'
import { backupUsage, runBackupCommand } from './backup-command.ts'
import { pgDumpAdvice, pgRestoreAdvice } from './postgres-advice.ts'
import { restoreUsage, runRestoreCommand } from './restore-command.ts'

let place: BackupPlace

beforeAll(async () => {
  place = await backupPlace()
})

afterAll(async () => {
  await place?.remove()
})

async function backup(args: string[], env: NodeJS.ProcessEnv = place.env) {
  const run = collectingOutput()
  return { code: await runBackupCommand(args, env, run.out), error: run.lines.error.join('\n'), log: run.lines.log.join('\n') }
}

async function restore(args: string[], env: NodeJS.ProcessEnv = place.env) {
  const run = collectingOutput()
  return { code: await runRestoreCommand(args, env, run.out, place.root), error: run.lines.error.join('\n'), log: run.lines.log.join('\n') }
}

describe('npm run backup', () => {
  test('refuses unknown options and stray words with the usage', async () => {
    expect(await backup(['--folder', '/tmp'])).toEqual({ code: 2, log: '', error: expect.stringContaining(`Unknown option '--folder'`) })
    expect((await backup(['--folder', '/tmp'])).error).toContain(backupUsage)
    expect(await backup(['now'])).toMatchObject({ code: 2, error: expect.stringContaining(backupUsage) })
    expect(await backup(['--data-dir'])).toMatchObject({ code: 2, error: expect.stringContaining(`Option '--data-dir <value>' argument missing`) })
  })

  test('says to use pg_dump when DATABASE_URL names a PostgreSQL server', async () => {
    expect(await backup([], { ...place.env, DATABASE_URL: 'postgres://localhost/shop' })).toEqual({ code: 1, log: '', error: pgDumpAdvice })
  })

  test('says when there is no database to back up', async () => {
    const empty = path.join(place.root, 'empty')
    expect(await backup(['--data-dir', empty])).toEqual({ code: 1, log: '', error: `There is no database in ${empty} to back up (start the app once, or name the folder with --data-dir).` })
  })

  test('refuses a short passphrase and bad schedule settings', async () => {
    expect(await backup([], { ...place.env, LOCAL_BACKEND_BACKUP_PASSPHRASE: 'secret' })).toMatchObject({ code: 1, error: 'Backup failed: LOCAL_BACKEND_BACKUP_PASSPHRASE must be at least 12 characters long' })
    expect(await backup([], { ...place.env, LOCAL_BACKEND_BACKUP_KEEP: '0' })).toMatchObject({ code: 1, error: 'Backup failed: LOCAL_BACKEND_BACKUP_KEEP must be a whole number of at least 1, got "0"' })
  })

  test('says when the server holding the folder has not said where it answers', async () => {
    const held = path.join(place.root, 'held')
    await mkdir(dataFolder(held).database, { recursive: true })
    await writeFile(dataFolder(held).lock, String(process.ppid))
    expect(await backup(['--data-dir', held])).toMatchObject({
      code: 1,
      error: `Backup failed: The data folder is open in process ${process.ppid}, which has not said where it answers yet (still starting?). Try again in a moment.`,
    })
  })
})

describe('npm run restore', () => {
  test('needs exactly one backup file that exists, and known options', async () => {
    expect(await restore([])).toEqual({ code: 2, log: '', error: `Name the backup file to restore.\n${restoreUsage}` })
    expect(await restore(['a.tar.gz', 'b.tar.gz'])).toEqual({ code: 2, log: '', error: `Name one backup file only.\n${restoreUsage}` })
    expect(await restore(['a.tar.gz', '--yes'])).toMatchObject({ code: 2, error: expect.stringContaining(`Unknown option '--yes'`) })
    expect(await restore(['missing.tar.gz'])).toEqual({ code: 2, log: '', error: `There is no file ${path.join(place.root, 'missing.tar.gz')}.` })
  })

  test('says to use pg_restore when DATABASE_URL names a PostgreSQL server', async () => {
    const file = path.join(place.root, 'some.tar.gz')
    await writeFile(file, '')
    expect(await restore([file], { ...place.env, DATABASE_URL: 'postgres://localhost/shop' })).toEqual({ code: 1, log: '', error: pgRestoreAdvice })
  })
})
