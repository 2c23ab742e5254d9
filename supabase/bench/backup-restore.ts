/**
 * Backup and restore of the embedded backend at volume (not part of `npm test`):
 *   npm run bench:backup [-- --leads 100000 --files 100]
 * Seeds a temp data folder as the dashboard benchmark does (leads, appointments, the team's data),
 * uploads reference images of 200 KB, then, with the backend running, times `npm run backup`
 * (through the running server; plain, then encrypted) while a visitor's request is sent every
 * 20 ms, and prints each backup's size and the longest that request waited (requests are held
 * while the database is copied). Then times `npm run restore` of each into a fresh folder, which
 * decrypts, unpacks, checks every checksum and opens the restored database to count its rows.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import { seedBenchData } from '../../scripts/bench-dashboard/seed-bench-data.ts'
import { runBackupCommand } from '../local/backup/backup-command.ts'
import { runRestoreCommand } from '../local/backup/restore-command.ts'
import { istDateKey } from '@/lib/dayjs'
import { startLocalBackend, type RunningBackend } from '../local/local-backend.ts'

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the backup benchmark')
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function readOptions() {
  const { values } = parseArgs({ options: { leads: { type: 'string', default: '100000' }, files: { type: 'string', default: '100' } } })
  const leads = Number(values.leads)
  const files = Number(values.files)
  if (!Number.isInteger(leads) || leads < 1) throw new Error(`--leads must be a whole number above 0, got "${values.leads}"`)
  if (!Number.isInteger(files) || files < 0) throw new Error(`--files must be a whole number, got "${values.files}"`)
  return { leads, files }
}

function clientOf(backend: RunningBackend, key: string) {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
  })
}

async function uploadImages(backend: RunningBackend, files: number) {
  const service = clientOf(backend, backend.serviceRoleKey)
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
  for (let n = 0; n < files; n += 1) {
    const name = `${randomBytes(16).toString('hex')}.png`
    const { error } = await service.storage.from('reference-images').upload(name, Buffer.concat([png, randomBytes(200 * 1024)]), { contentType: 'image/png' })
    if (error) throw new Error(`upload failed: ${error.message}`)
  }
}

/** A visitor's cheap request (the scheduler's bookable slots for a week) every 20 ms until stopped; answers the longest wait. */
function visitorProbe(backend: RunningBackend) {
  const anon = clientOf(backend, backend.anonKey)
  let stopping = false
  let longest = 0
  const loop = (async () => {
    while (!stopping) {
      const started = performance.now()
      const { error } = await anon.rpc('bookable_slots', { from_date: istDateKey(Date.now()), to_date: istDateKey(Date.now() + 6 * 86_400_000) })
      if (error) throw new Error(`bookable_slots failed: ${error.message}`)
      longest = Math.max(longest, performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    async stop() {
      stopping = true
      await loop
      return longest
    },
  }
}

const print = { log: (line: string) => console.log(`  ${line}`), error: (line: string) => console.error(`  ${line}`) }

interface TimedBackup {
  file: string
  took: number
  bytes: number
  longestWait: number
}

/** `npm run backup` against the running server, a visitor's request going on meanwhile. */
async function timedBackup(backend: RunningBackend, env: NodeJS.ProcessEnv): Promise<TimedBackup> {
  const probe = visitorProbe(backend)
  const started = performance.now()
  const lines: string[] = []
  const code = await runBackupCommand([], env, { log: (line) => (lines.push(line), print.log(line)), error: print.error })
  const took = performance.now() - started
  const longestWait = await probe.stop()
  const written = /^Backup written: (\S+) \((\d[\d,]*) bytes/.exec(lines[0] ?? '')
  if (code !== 0 || !written) throw new Error('the backup failed')
  return { file: written[1] as string, bytes: Number((written[2] as string).replaceAll(',', '')), took, longestWait }
}

async function timedRestore(file: string, into: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now()
  if ((await runRestoreCommand([file, '--data-dir', into], env, print)) !== 0) throw new Error('the restore failed')
  return performance.now() - started
}

async function main() {
  const { leads, files } = readOptions()
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'))
  const dataDir = path.join(workDir, 'data')
  const env = { LOCAL_BACKEND_DATA_DIR: dataDir, LOCAL_BACKEND_BACKUP_DIR: path.join(workDir, 'backups'), LOCAL_BACKEND_BACKUP_EVERY_HOURS: '0' }
  const encryptedEnv = { ...env, LOCAL_BACKEND_BACKUP_PASSPHRASE: 'a passphrase for the benchmark' }
  try {
    console.log(`Seeding ${leads.toLocaleString('en-IN')} leads into ${dataDir}`)
    await seedBenchData(dataDir, leads, 0, () => undefined)
    const backend = await startLocalBackend({ dataDir, port: 0, rateLimits: false, backups: { folder: env.LOCAL_BACKEND_BACKUP_DIR, passphrase: undefined, everyHours: 0, keep: 7 } })
    const made: TimedBackup[] = []
    try {
      console.log(`Uploading ${files} images of 200 KB`)
      await uploadImages(backend, files)
      const quietProbe = visitorProbe(backend)
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const quietLongest = await quietProbe.stop()
      for (const [label, backupEnv] of [['plain', env], ['encrypted', encryptedEnv]] as const) {
        console.log(`Backup (${label}) with the server running (npm run backup):`)
        const backup = await timedBackup(backend, backupEnv)
        made.push(backup)
        console.log(`  time ${seconds(backup.took)}, size ${megabytes(backup.bytes)}; a visitor's request waited at most ${Math.round(backup.longestWait)} ms (${Math.round(quietLongest)} ms without a backup)`)
      }
    } finally {
      await backend.close()
    }
    for (const [index, backup] of made.entries()) {
      console.log(`Restore (${index === 0 ? 'plain' : 'encrypted'}) into a fresh folder (npm run restore):`)
      console.log(`  time ${seconds(await timedRestore(backup.file, path.join(workDir, `restored-${index}`), encryptedEnv))}`)
    }
    console.log(`Load average: ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`)
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
