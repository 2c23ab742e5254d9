import path from 'node:path'
import { defaultDataDir } from './data-home.ts'
import type { ProxyTrust } from './http/client-address.ts'
import { signInAddressLimits } from './auth/sign-in-limits.ts'
import { readBackupSettings, type BackupSettings } from './backup/backup-settings.ts'

export interface LocalBackendSettings {
  dataDir: string
  databaseUrl: string | undefined
  fresh: boolean
  jwtExpiry: number
  adminEmail: string
  /** Per-address limits (anonymous writes, sign-in attempts); the per-account sign-in rule stays on regardless. */
  rateLimits: boolean
  /** Password sign-ins one address may try in 15 minutes. */
  signInAttemptsPerAddress: number
  /** Whose forwarding header names the client: a proxy on this machine, or nobody. */
  trustProxy: ProxyTrust
  backups: BackupSettings
}

function positiveInteger(name: string, raw: string | undefined, fallback: number, unit: string): number {
  if (raw === undefined || raw.trim() === '') return fallback
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw new Error(`${name} must be a positive whole number of ${unit}, got "${raw}"`)
  return Number(raw)
}

function choice<T extends string>(name: string, raw: string | undefined, allowed: readonly T[], fallback: T): T {
  const value = raw?.trim().toLowerCase()
  if (!value) return fallback
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`)
  return value as T
}

/** Settings from the environment, with the defaults the README documents. */
export function readSettings(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): LocalBackendSettings {
  const dataDir = env.LOCAL_BACKEND_DATA_DIR?.trim() ? path.resolve(cwd, env.LOCAL_BACKEND_DATA_DIR.trim()) : defaultDataDir('local', cwd, env)
  const fresh = env.LOCAL_BACKEND_FRESH === '1'
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    fresh,
    jwtExpiry: positiveInteger('LOCAL_BACKEND_JWT_EXPIRY', env.LOCAL_BACKEND_JWT_EXPIRY, 3600, 'seconds'),
    adminEmail: env.ADMIN_EMAIL?.trim() || 'admin@example.com',
    rateLimits: choice('LOCAL_BACKEND_RATE_LIMITS', env.LOCAL_BACKEND_RATE_LIMITS, ['on', 'off'], 'on') === 'on',
    signInAttemptsPerAddress: positiveInteger('LOCAL_BACKEND_SIGN_IN_ATTEMPTS', env.LOCAL_BACKEND_SIGN_IN_ATTEMPTS, signInAddressLimits.maxAttempts, 'attempts'),
    trustProxy: choice('LOCAL_BACKEND_TRUST_PROXY', env.LOCAL_BACKEND_TRUST_PROXY, ['loopback', 'none'], 'loopback'),
    backups: readBackupSettings(env, dataDir, fresh, cwd),
  }
}
