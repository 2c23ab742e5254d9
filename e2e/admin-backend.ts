import { existsSync, readFileSync } from 'node:fs'
import { expect } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { dataFolder } from '../supabase/local/data-folder.ts'
import { e2eDataDir } from './e2e-data-dir.ts'

/** The data folder and origin playwright.config.ts gives `npm start`; overridable for a side-by-side run. */
const folder = dataFolder(e2eDataDir())
export const backendUrl = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 5173}`

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the e2e tests')
  }
}

/**
 * The first admin's credentials. A fresh backend writes them shortly after the server starts
 * answering, so the first test may have to wait for the file.
 */
export async function adminCredentials(): Promise<{ email: string; password: string }> {
  const file = folder.adminCredentials
  await expect.poll(() => existsSync(file), { timeout: 60_000, message: `waiting for ${file}` }).toBe(true)
  const text = readFileSync(file, 'utf8')
  const field = (name: string) => {
    const value = new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim()
    if (!value) throw new Error(`admin-credentials.txt has no ${name}`)
    return value
  }
  return { email: field('email'), password: field('password') }
}

function clientWith(key: 'serviceRoleKey' | 'anonKey', headers: Record<string, string> = {}) {
  const keys = JSON.parse(readFileSync(folder.keys, 'utf8')) as Record<typeof key, string>
  return createClient(backendUrl, keys[key], {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
    realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
  })
}

/** Bypasses row-level security: for arranging data and checking what was stored. */
export function serviceClient() {
  return clientWith('serviceRoleKey')
}

/**
 * A visitor's client, as the chat and the manage page use it: what the database lets anyone do;
 * `headers` as the visitor's browser (or edge) sends them, such as an address of its own.
 */
export function visitorClient(headers: Record<string, string> = {}) {
  return clientWith('anonKey', headers)
}

/** Signed in as the first admin: reads what row-level security lets an admin read. */
export async function adminClient() {
  return signedInClient(await adminCredentials())
}

/** Signed in with these credentials: reads and calls what the database lets that user. */
export async function signedInClient(credentials: { email: string; password: string }) {
  const client = clientWith('anonKey')
  const { error } = await client.auth.signInWithPassword(credentials)
  if (error) throw new Error(`sign-in of ${credentials.email} failed: ${error.message}`)
  return client
}
