import { homedir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSettings } from './config.ts'
import { defaultDataDir } from './data-home.ts'

describe('local backend settings', () => {
  it("defaults to a folder of this checkout among the user's application data, PGlite, one hour tokens and admin@example.com", () => {
    expect(readSettings({ XDG_DATA_HOME: '/home/asha/.local/share' }, '/work/shop')).toEqual({
      dataDir: expect.stringMatching(/^\/home\/asha\/\.local\/share\/bespoke-jewellery-consultation\/shop-[0-9a-f]{8}\/local$/),
      databaseUrl: undefined,
      fresh: false,
      jwtExpiry: 3600,
      adminEmail: 'admin@example.com',
      rateLimits: true,
      signInAttemptsPerAddress: 30,
      trustProxy: 'loopback',
      backups: {
        folder: expect.stringMatching(/^\/home\/asha\/\.local\/share\/bespoke-jewellery-consultation\/shop-[0-9a-f]{8}\/local-backups$/),
        passphrase: undefined,
        everyHours: 24,
        keep: 7,
      },
    })
  })

  it('backs up beside the data folder daily, keeping 7, none scheduled for a fresh folder; takes other settings and refuses bad ones', () => {
    expect(readSettings({ LOCAL_BACKEND_DATA_DIR: '/srv/shop', LOCAL_BACKEND_FRESH: '1' }, '/p').backups).toEqual({ folder: '/srv/shop-backups', passphrase: undefined, everyHours: 0, keep: 7 })
    const env = { LOCAL_BACKEND_BACKUP_DIR: 'backups', LOCAL_BACKEND_BACKUP_PASSPHRASE: 'twelve chars', LOCAL_BACKEND_BACKUP_EVERY_HOURS: '6', LOCAL_BACKEND_BACKUP_KEEP: '28' }
    expect(readSettings(env, '/p').backups).toEqual({ folder: '/p/backups', passphrase: 'twelve chars', everyHours: 6, keep: 28 })
    expect(readSettings({ LOCAL_BACKEND_BACKUP_EVERY_HOURS: '0' }, '/p').backups.everyHours).toBe(0)
    expect(() => readSettings({ LOCAL_BACKEND_BACKUP_PASSPHRASE: 'eleven char' }, '/p')).toThrow('LOCAL_BACKEND_BACKUP_PASSPHRASE must be at least 12 characters long')
    for (const bad of ['-1', '1.5', 'daily']) {
      expect(() => readSettings({ LOCAL_BACKEND_BACKUP_EVERY_HOURS: bad }, '/p')).toThrow(`LOCAL_BACKEND_BACKUP_EVERY_HOURS must be a whole number of at least 0, got "${bad}"`)
    }
    expect(() => readSettings({ LOCAL_BACKEND_BACKUP_KEEP: '0' }, '/p')).toThrow('LOCAL_BACKEND_BACKUP_KEEP must be a whole number of at least 1, got "0"')
    for (const inside of ['/srv/shop', '/srv/shop/backups']) {
      expect(() => readSettings({ LOCAL_BACKEND_DATA_DIR: '/srv/shop', LOCAL_BACKEND_BACKUP_DIR: inside }, '/p')).toThrow(
        `LOCAL_BACKEND_BACKUP_DIR must be outside the data folder /srv/shop (a restore replaces what it holds), got "${inside}"`,
      )
    }
  })

  it('takes another number of sign-in attempts per address, and refuses one that is not a positive whole number', () => {
    expect(readSettings({ LOCAL_BACKEND_SIGN_IN_ATTEMPTS: '500' }, '/p').signInAttemptsPerAddress).toBe(500)
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => readSettings({ LOCAL_BACKEND_SIGN_IN_ATTEMPTS: bad }, '/p')).toThrow(`LOCAL_BACKEND_SIGN_IN_ATTEMPTS must be a positive whole number of attempts, got "${bad}"`)
    }
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

  it('keeps each checkout and each purpose in a folder of its own, outside the project', () => {
    const env = { XDG_DATA_HOME: '/data-home' }
    const first = defaultDataDir('local', '/work/shop', env)
    expect(defaultDataDir('local', '/work/shop/', env)).toBe(first)
    expect(defaultDataDir('local', '/elsewhere/shop', env)).not.toBe(first)
    expect(defaultDataDir('e2e', '/work/shop', env)).toBe(path.join(path.dirname(first), 'e2e'))
    expect(path.relative('/work/shop', first).startsWith('..')).toBe(true)
  })

  it('ignores a relative XDG_DATA_HOME, as the XDG spec says, and names odd project folders safely', () => {
    const folder = defaultDataDir('local', '/work/my shop (copy)', { XDG_DATA_HOME: 'relative/share' })
    expect(folder).toMatch(new RegExp(`^${homedir()}/\\.local/share/bespoke-jewellery-consultation/my_shop__copy_-[0-9a-f]{8}/local$`))
  })
})
