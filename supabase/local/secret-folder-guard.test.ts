import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { resolveConfig } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { fsDenyFor, reachesFolder, viteDefaultFsDeny } from './secret-folder-guard.ts'
import { localSupabaseBackend } from './vite-plugin.ts'

const root = '/home/asha/shop'
const dataDir = '/home/asha/shop/.data/local'
const reaches = (url: string) => reachesFolder(url, [root, `${root}/public`], [dataDir])

const temporary = mkdtempSync(path.join(tmpdir(), 'secret-folder-guard-'))
afterAll(() => rmSync(temporary, { recursive: true, force: true }))

describe('which requests reach the data folder', () => {
  it.each([
    '/.data/local/keys.json',
    '/.data/local',
    '/.data/local/',
    '/%2edata/local/keys.json',
    '/%252edata/local/keys.json',
    '/%25252edata%25252flocal%25252fkeys.json',
    '/.data%2flocal%2fkeys.json',
    '/.data\\local\\keys.json',
    '/.data%5clocal%5ckeys.json',
    '/src/../.data/local/keys.json',
    '/src/%2e%2e/.data/local/keys.json',
    '/../../shop/.data/local/pgdata/PG_VERSION',
    '/public/../../.data/local/keys.json',
    '//.data//local/./keys.json',
    '/.DATA/Local/keys.json',
    '/.data/local/keys.json?raw',
    '/.data/local/keys.json%3Fraw',
    '/.data/local/keys.json#x',
    '/%E0%A4/../%2edata/local/keys.json',
    '/.data/local/keys.json%',
    '/@fs/home/asha/shop/.data/local/keys.json',
    '/@fs/home/asha/shop/src/../.data/local/keys.json?import',
    '/@fs%2fhome%2fasha%2fshop%2f.data%2flocal%2fkeys.json',
    '/src/../@fs/home/asha/shop/.data/local/admin-credentials.txt',
    '/@id//home/asha/shop/.data/local/keys.json?raw',
    '/@id/.data/local/keys.json',
    '/home/asha/shop/.data/local/keys.json',
  ])('%s', (url) => {
    expect(reaches(url)).toBe(true)
  })

  it.each(['/', '/admin', '/src/main.tsx?t=1', '/@fs/home/asha/shop/node_modules/.vite/deps/react.js', '/.data/local-other/x', '/.data/localx', '/.data/', '/%2edata', '/@vite/client', '/auth/v1/token?grant_type=password', '/rest/v1/leads?select=*'])(
    'not %s',
    (url) => {
      expect(reaches(url)).toBe(false)
    },
  )

  it('follows a symbolic link to the data folder', () => {
    const served = path.join(temporary, 'project')
    const data = path.join(temporary, 'elsewhere', 'data')
    mkdirSync(served, { recursive: true })
    mkdirSync(data, { recursive: true })
    symlinkSync(path.join(temporary, 'elsewhere'), path.join(served, 'linked'))
    expect(reachesFolder('/linked/data/keys.json', [served], [data])).toBe(false)
    expect(reachesFolder('/linked/data/keys.json', [served], [path.join(served, 'linked', 'data')])).toBe(true)
    expect(reachesFolder(`/@fs${data}/keys.json`, [served], [path.join(served, 'linked', 'data')])).toBe(true)
  })
})

describe("Vite's file deny list", () => {
  it("keeps every pattern of Vite's own list and adds the folders and what is in them", async () => {
    const resolved = await resolveConfig({ configFile: false, root: temporary, logLevel: 'silent' }, 'serve')
    expect(viteDefaultFsDeny).toEqual(resolved.server.fs.deny)
    expect(fsDenyFor(['/data/[a]+b'])).toEqual([...viteDefaultFsDeny, '/data/\\[a\\]\\+b', '/data/\\[a\\]\\+b/**'])
  })

  it("is what the project's Vite plugin configures, with the data folder and the project's old .data folder", async () => {
    const plugin = localSupabaseBackend()
    if (typeof plugin.config !== 'function') throw new Error('the plugin has no config hook')
    const config = await plugin.config.call({} as never, { root: '/home/asha/shop' }, { mode: 'development', command: 'serve' })
    const deny = (config as { server: { fs: { deny: string[] } } }).server.fs.deny
    expect(deny).toEqual(expect.arrayContaining([...viteDefaultFsDeny, '/home/asha/shop/.data/**']))
    expect(deny.filter((pattern) => pattern.endsWith('/local/**'))).toHaveLength(1)
  })
})
