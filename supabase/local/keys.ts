import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dataFolder } from './data-folder.ts'
import { signJwt } from './jwt.ts'

export interface BackendKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

const tenYears = 10 * 365 * 24 * 3600

/** Anon and service_role keys are long-lived JWTs signed with the secret, as hosted Supabase's are. */
export async function deriveKeys(jwtSecret: string, issuedAt: number): Promise<BackendKeys> {
  const claims = { iss: 'supabase-local', iat: issuedAt, exp: issuedAt + tenYears }
  return {
    jwtSecret,
    anonKey: await signJwt({ ...claims, role: 'anon' }, jwtSecret),
    serviceRoleKey: await signJwt({ ...claims, role: 'service_role' }, jwtSecret),
  }
}

export function generateKeys(): Promise<BackendKeys> {
  return deriveKeys(randomBytes(48).toString('base64url'), Math.floor(Date.now() / 1000))
}

/**
 * Reads the keys of a data folder, creating them (file mode 0600) on first use. Does not touch the
 * database, so the Vite plugin can call it while building its config.
 */
export async function ensureKeys(dataDir: string): Promise<BackendKeys> {
  const file = dataFolder(dataDir).keys
  const existing = await readFile(file, 'utf8').catch(() => undefined)
  if (existing !== undefined) {
    const parsed = JSON.parse(existing) as Partial<BackendKeys>
    if (parsed.jwtSecret && parsed.anonKey && parsed.serviceRoleKey) return parsed as BackendKeys
    throw new Error(`${file} is incomplete; delete it (and the data folder) to start over.`)
  }
  const keys = await generateKeys()
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  try {
    await writeFile(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return ensureKeys(dataDir)
    throw error
  }
  await chmod(file, 0o600)
  return keys
}
