import { adminInputProblem, upsertAdmin } from './auth/admins.ts'
import { readSettings } from './config.ts'
import { createLocalBackend } from './local-backend.ts'

/** `npm run admin:create -- <email> <password>`: adds or updates an admin of the local backend. */
async function main(): Promise<number> {
  const [email, password, ...extra] = process.argv.slice(2)
  if (!email || !password || extra.length > 0) {
    console.error('Usage: npm run admin:create -- <email> <password>')
    return 1
  }
  const problem = adminInputProblem(email.trim().toLowerCase(), password)
  if (problem) {
    console.error(problem)
    return 1
  }
  const settings = readSettings()
  const backend = await createLocalBackend({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl })
  try {
    const context = await backend.ready
    const { created } = await upsertAdmin(context.db, email.trim().toLowerCase(), password)
    console.log(`${created ? 'Created' : 'Updated'} admin ${email.trim().toLowerCase()} in ${settings.databaseUrl ? 'the DATABASE_URL server' : settings.dataDir}`)
    return 0
  } finally {
    await backend.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
