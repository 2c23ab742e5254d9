import path from 'node:path'

export interface LocalBackendSettings {
  dataDir: string
  databaseUrl: string | undefined
  fresh: boolean
  jwtExpiry: number
  adminEmail: string
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw new Error(`${name} must be a positive whole number of seconds, got "${raw}"`)
  return Number(raw)
}

/** Settings from the environment, with the defaults the README documents. */
export function readSettings(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): LocalBackendSettings {
  return {
    dataDir: path.resolve(cwd, env.LOCAL_BACKEND_DATA_DIR?.trim() || '.data/local'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    fresh: env.LOCAL_BACKEND_FRESH === '1',
    jwtExpiry: positiveInteger('LOCAL_BACKEND_JWT_EXPIRY', env.LOCAL_BACKEND_JWT_EXPIRY, 3600),
    adminEmail: env.ADMIN_EMAIL?.trim() || 'admin@example.com',
  }
}
