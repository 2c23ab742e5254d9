// @vitest-environment jsdom
// eslint-disable-next-line no-restricted-imports -- compares with the key supabase-js picks by itself
import { createClient } from '@supabase/supabase-js'
import { expect, test } from 'vitest'
import { authStorageKey } from './auth-storage-key'

const projectUrls = ['https://abcdefghijklmnop.supabase.co', 'https://abcdefghijklmnop.supabase.co/', 'http://localhost:5173', 'http://127.0.0.1:54321']

test.each(projectUrls)('is the key supabase-js keeps the session of %s under by default', (url) => {
  const client = createClient(url, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } })
  expect(authStorageKey(url)).toBe(client.auth['storageKey'])
})

test('names the key after the first label of the project host', () => {
  expect(authStorageKey('https://abcdefghijklmnop.supabase.co')).toBe('sb-abcdefghijklmnop-auth-token')
  expect(authStorageKey('http://localhost:5173')).toBe('sb-localhost-auth-token')
})
