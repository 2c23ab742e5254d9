import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type RunningBackend } from '../local/local-backend.ts'
import { clientsOf } from '../local/testing/clients.ts'
import { migrationsBefore } from '../local/testing/migrations-with.ts'
import { newLeadBeforeNotices } from './support/leads.ts'
import { legacyUploadName, onePixelPng, readBySignedUrl } from './support/images.ts'

const privateImages = '20261125000500'
let dataDir = ''
let olderMigrations = ''

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'private-images-'))
  olderMigrations = await migrationsBefore(privateImages)
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
  await rm(olderMigrations, { recursive: true, force: true })
})

async function withBackend<T>(migrationsDir: string | undefined, run: (backend: RunningBackend) => Promise<T>): Promise<T> {
  const backend = await startLocalBackend({ dataDir, migrationsDir })
  try {
    return await run(backend)
  } finally {
    await backend.close()
  }
}

describe('making reference images private keeps what visitors stored before', () => {
  const name = legacyUploadName()
  const lead = newLeadBeforeNotices({ reference_image: name })

  it('keeps an older lead, its image and its status changes; the image is read by signed URL only', async () => {
    await withBackend(olderMigrations, async (backend) => {
      const visitor = clientsOf(backend).anonClient()
      expect((await visitor.storage.from('reference-images').upload(name, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
      expect((await visitor.from('leads').insert([lead])).error).toBeNull()
      expect((await fetch(visitor.storage.from('reference-images').getPublicUrl(name).data.publicUrl)).status).toBe(200)
    })

    await withBackend(undefined, async (backend) => {
      const clients = clientsOf(backend)
      const admin = await clients.createUserAndSignIn({ admin: true })
      const publicRead = await fetch(clients.anonClient().storage.from('reference-images').getPublicUrl(name).data.publicUrl)
      expect(publicRead.status).toBe(400)
      expect(await readBySignedUrl(admin.client, name)).toEqual({ status: 200, type: 'image/png', bytes: onePixelPng })
      expect((await admin.client.from('leads').update({ status: 'closed' }).eq('id', lead.id)).error).toBeNull()
      const stored = await clients.serviceClient().from('leads').select('reference_image, status').eq('id', lead.id).single()
      expect(stored.data).toEqual({ reference_image: name, status: 'closed' })
    })
  })
})
