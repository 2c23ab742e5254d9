import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { dataFolder } from './data-folder.ts'
import { ensureFirstAdmin } from './first-admin.ts'
import { startLocalBackend, type RunningBackend } from './local-backend.ts'
import { onePixelPng, readBySignedUrl, uploadName } from '../tests/support/images.ts'
import { clientFor } from './testing/clients.ts'

function client(backend: RunningBackend, key: string) {
  return clientFor(backend.url, key)
}

const imageName = uploadName()

describe('a backend on a data folder (PGlite on disk)', () => {
  const folders: string[] = []
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })

  // Three starts of PGlite on disk, each replaying or opening every migration: slow on a busy machine.
  it('keeps users, rows, files and keys across a restart; a fresh start keeps only the keys', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'local-backend-'))
    folders.push(dataDir)
    const first = await startLocalBackend({ dataDir })
    const firstLines: string[] = []
    await ensureFirstAdmin(first.context.db, dataDir, 'boss@example.com', (line) => firstLines.push(line))
    const password = /password: (\S+)/.exec(firstLines.join('\n'))?.[1]
    expect(password).toBeDefined()
    expect(await readFile(dataFolder(dataDir).adminCredentials, 'utf8')).toBe(`email: boss@example.com\npassword: ${password}\n`)
    expect((await stat(dataFolder(dataDir).adminCredentials)).mode & 0o777).toBe(0o600)
    const boss = client(first, first.anonKey)
    expect((await boss.auth.signInWithPassword({ email: 'boss@example.com', password: password! })).error).toBeNull()
    const role = await boss.from('user_roles').select('role').eq('role', 'admin').single()
    expect(role.data).toEqual({ role: 'admin' })
    const email = 'restart@example.com'
    const service = client(first, first.serviceRoleKey)
    expect((await service.auth.admin.createUser({ email, password: 'restart-pass-1', email_confirm: true })).error).toBeNull()
    expect((await service.from('leads').insert({ id: 'survivor', name: 'Asha Rao', phone: '9876543210' })).error).toBeNull()
    const upload = await client(first, first.anonKey)
      .storage.from('reference-images')
      .upload(imageName, new Blob([onePixelPng], { type: 'image/png' }))
    expect(upload.error).toBeNull()
    await first.close()

    const second = await startLocalBackend({ dataDir })
    try {
      expect([second.anonKey, second.serviceRoleKey]).toEqual([first.anonKey, first.serviceRoleKey])
      const laterLines: string[] = []
      await ensureFirstAdmin(second.context.db, dataDir, 'boss@example.com', (line) => laterLines.push(line))
      expect(laterLines.join('\n')).not.toContain(password!)
      expect(laterLines.join('\n')).toContain(dataFolder(dataDir).adminCredentials)
      const signIn = await client(second, second.anonKey).auth.signInWithPassword({ email, password: 'restart-pass-1' })
      expect(signIn.error).toBeNull()
      const lead = await client(second, second.serviceRoleKey).from('leads').select('id, name').eq('id', 'survivor').single()
      expect(lead.data).toEqual({ id: 'survivor', name: 'Asha Rao' })
      expect((await readBySignedUrl(client(second, second.serviceRoleKey), imageName))?.bytes).toEqual(onePixelPng)
    } finally {
      await second.close()
    }
    const fresh = await startLocalBackend({ dataDir, fresh: true })
    try {
      expect(fresh.anonKey).toBe(first.anonKey)
      const lead = await client(fresh, fresh.serviceRoleKey).from('leads').select('id').eq('id', 'survivor')
      expect(lead.data).toEqual([])
      expect(await readBySignedUrl(client(fresh, fresh.serviceRoleKey), imageName)).toBeNull()
      await expect(stat(dataFolder(dataDir).adminCredentials)).rejects.toThrow()
    } finally {
      await fresh.close()
    }
    const keysFile = dataFolder(dataDir).keys
    expect((await stat(keysFile)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(keysFile, 'utf8')).anonKey).toBe(first.anonKey)
  })

  it('refreshes a token that is about to expire when the client asks for its session', async () => {
    const backend = await startLocalBackend({ jwtExpiry: 20 })
    try {
      const service = client(backend, backend.serviceRoleKey)
      await service.auth.admin.createUser({ email: 'short@example.com', password: 'short-lived-1', email_confirm: true })
      const visitor = client(backend, backend.anonKey)
      const signedIn = await visitor.auth.signInWithPassword({ email: 'short@example.com', password: 'short-lived-1' })
      expect(signedIn.data.session?.expires_in).toBe(20)
      const { data, error } = await visitor.auth.getSession()
      expect(error).toBeNull()
      expect(data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token)
      expect((await visitor.auth.getUser()).data.user?.email).toBe('short@example.com')
    } finally {
      await backend.close()
    }
  })
})
