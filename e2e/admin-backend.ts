import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'

/** The data folder playwright.config.ts gives the backend that `npm start` runs for the tests. */
const dataDir = path.resolve('.data/e2e')
export const backendUrl = 'http://localhost:5173'

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the e2e tests')
  }
}

export function adminCredentials(): { email: string; password: string } {
  const text = readFileSync(path.join(dataDir, 'admin-credentials.txt'), 'utf8')
  const field = (name: string) => {
    const value = new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim()
    if (!value) throw new Error(`admin-credentials.txt has no ${name}`)
    return value
  }
  return { email: field('email'), password: field('password') }
}

/** Bypasses row-level security: for arranging data and checking what was stored. */
export function serviceClient() {
  const keys = JSON.parse(readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as { serviceRoleKey: string }
  return createClient(backendUrl, keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
  })
}
