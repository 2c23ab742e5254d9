import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { countUsers, upsertAdmin } from './auth/admins.ts'
import { dataFolder } from './data-folder.ts'
import type { Database } from './db/database.ts'

/**
 * On the first start (no users at all) creates an admin with a random password, saves the
 * credentials privately in the data folder and prints them once. Later starts only say where
 * the file is.
 */
export async function ensureFirstAdmin(db: Database, dataDir: string, email: string, log: (line: string) => void): Promise<void> {
  const file = dataFolder(dataDir).adminCredentials
  if ((await countUsers(db)) > 0) {
    log(`Local admin sign-in: see ${file} (or run npm run admin:create -- <email> <password>)`)
    return
  }
  const password = randomBytes(18).toString('base64url')
  await upsertAdmin(db, email, password)
  await writeFile(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 })
  log('')
  log('  First start: an admin account was created for /admin')
  log(`    email:    ${email}`)
  log(`    password: ${password}`)
  log(`  (saved in ${file}; shown only this once)`)
  log('')
}
