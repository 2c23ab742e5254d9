import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend } from '../local/local-backend.ts'
import { clientFor } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'

let dataDir = ''

async function withBackend<T>(run: (backend: Awaited<ReturnType<typeof startLocalBackend>>) => Promise<T>): Promise<T> {
  const backend = await startLocalBackend({ dataDir })
  try {
    return await run(backend)
  } finally {
    await backend.close()
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'schema-restart-'))
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('the access rules after the local backend restarts on the same data folder', () => {
  const lead = newLead()
  const email = `admin-${lead.id}@example.com`
  const password = `pw-${lead.id}`

  it('keeps the column and table privileges the migrations set', async () => {
    await withBackend(async (backend) => {
      const service = clientFor(backend.url, backend.serviceRoleKey)
      const created = await service.auth.admin.createUser({ email, password, email_confirm: true })
      expect(created.error).toBeNull()
      expect((await service.from('user_roles').insert({ user_id: created.data.user!.id, role: 'admin' })).error).toBeNull()
      expect((await clientFor(backend.url, backend.anonKey).from('leads').insert([lead])).error).toBeNull()
    })
    await withBackend(async (backend) => {
      const anon = clientFor(backend.url, backend.anonKey)
      expect((await anon.from('leads').select('*')).error?.code).toBe('42501')
      const admin = clientFor(backend.url, backend.anonKey)
      expect((await admin.auth.signInWithPassword({ email, password })).error).toBeNull()
      expect((await admin.from('leads').update({ name: 'Changed Name' }).eq('id', lead.id)).error?.code).toBe('42501')
      expect((await admin.from('leads').select('name').eq('id', lead.id).single()).data).toEqual({ name: lead.name })
    })
  })
})
