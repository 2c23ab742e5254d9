import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describeBackups } from './backup/backup-settings.ts'
import { readSettings } from './config.ts'
import { ensureFirstAdmin } from './first-admin.ts'
import { acceptUpgrades, createLocalBackend } from './local-backend.ts'

/** `npm run backend`: the local backend on its own port (PORT or LOCAL_BACKEND_PORT, default 54321). */
async function main() {
  const settings = readSettings()
  const port = Number(process.env.LOCAL_BACKEND_PORT || process.env.PORT || 54321)
  const backend = await createLocalBackend({
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    fresh: settings.fresh,
    jwtExpiry: settings.jwtExpiry,
    rateLimits: settings.rateLimits,
    signInAttemptsPerAddress: settings.signInAttemptsPerAddress,
    trustProxy: settings.trustProxy,
    backups: settings.backups,
  })
  const server = createServer((req, res) => backend.handler(req, res))
  acceptUpgrades(server, backend)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const context = await backend.ready
  await backend.listening(server.address() as AddressInfo)
  await ensureFirstAdmin(context.db, settings.dataDir, settings.adminEmail, (line) => console.log(line))
  console.log(`Local Supabase-compatible backend on http://127.0.0.1:${port}`)
  console.log(`  data:     ${settings.databaseUrl ? 'DATABASE_URL server' : settings.dataDir}`)
  console.log(`  anon key: ${backend.keys.anonKey}`)
  if (!settings.databaseUrl) console.log(`  backups:  ${describeBackups(settings.backups)}`)
  const stop = () => {
    server.close()
    backend.close().then(() => process.exit(0), () => process.exit(1))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`The local backend could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
