import { describe, expect, it } from 'vitest'
import { readSettings } from './config.ts'

describe('local backend settings', () => {
  it('defaults to .data/local, PGlite, one hour tokens and admin@example.com', () => {
    expect(readSettings({}, '/project')).toEqual({
      dataDir: '/project/.data/local',
      databaseUrl: undefined,
      fresh: false,
      jwtExpiry: 3600,
      adminEmail: 'admin@example.com',
      rateLimits: true,
      trustProxy: 'loopback',
    })
  })

  it('switches the per-address limits off only when told exactly, and refuses other words', () => {
    expect(readSettings({ LOCAL_BACKEND_RATE_LIMITS: 'off' }, '/p').rateLimits).toBe(false)
    expect(readSettings({ LOCAL_BACKEND_RATE_LIMITS: 'ON' }, '/p').rateLimits).toBe(true)
    expect(readSettings({ LOCAL_BACKEND_TRUST_PROXY: 'none' }, '/p').trustProxy).toBe('none')
    expect(() => readSettings({ LOCAL_BACKEND_RATE_LIMITS: 'false' }, '/p')).toThrow('LOCAL_BACKEND_RATE_LIMITS must be one of on, off, got "false"')
    expect(() => readSettings({ LOCAL_BACKEND_TRUST_PROXY: 'all' }, '/p')).toThrow('LOCAL_BACKEND_TRUST_PROXY must be one of loopback, none, got "all"')
  })

  it('reads the environment and refuses a nonsensical expiry', () => {
    const settings = readSettings({ LOCAL_BACKEND_DATA_DIR: '/tmp/x', LOCAL_BACKEND_FRESH: '1', LOCAL_BACKEND_JWT_EXPIRY: '60', DATABASE_URL: 'postgres://h/db' }, '/p')
    expect(settings).toMatchObject({ dataDir: '/tmp/x', fresh: true, jwtExpiry: 60, databaseUrl: 'postgres://h/db' })
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      expect(() => readSettings({ LOCAL_BACKEND_JWT_EXPIRY: bad }, '/p')).toThrow(`LOCAL_BACKEND_JWT_EXPIRY must be a positive whole number of seconds, got "${bad}"`)
    }
  })
})
