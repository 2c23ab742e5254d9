import { expect, test } from 'vitest'
import { readBackendConfig } from './env'

const origin = 'http://localhost:5173'

test('a hosted project is used when both variables are set', () => {
  expect(
    readBackendConfig({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'key' } as ImportMetaEnv, origin),
  ).toEqual({ url: 'https://abc.supabase.co', anonKey: 'key' })
})

test('without a URL the local backend on the same origin is used', () => {
  expect(readBackendConfig({ VITE_SUPABASE_ANON_KEY: 'local' } as ImportMetaEnv, origin)).toEqual({ url: origin, anonKey: 'local' })
  expect(readBackendConfig({ VITE_SUPABASE_URL: '  ', VITE_SUPABASE_ANON_KEY: 'local' } as ImportMetaEnv, origin).url).toBe(origin)
})

test('a missing anon key is a clear error, not a broken client', () => {
  expect(() => readBackendConfig({} as ImportMetaEnv, origin)).toThrow(/VITE_SUPABASE_ANON_KEY is not set/)
})
