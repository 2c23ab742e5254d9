import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataFolder } from '../local/data-folder.ts'
import { startLocalBackend, type RunningBackend } from '../local/local-backend.ts'
import { clientsOf } from '../local/testing/clients.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { onePixelPng, uploadName } from './support/images.ts'
import { newLead } from './support/leads.ts'

let dataDir = ''

async function withBackend<T>(run: (backend: RunningBackend) => Promise<T>): Promise<T> {
  const backend = await startLocalBackend({ dataDir, rateLimits: false })
  try {
    return await run(backend)
  } finally {
    await backend.close()
  }
}

/** The stored objects' files in the data folder (beside the folder of uploads in progress). */
async function storedFiles(): Promise<string[]> {
  const folder = dataFolder(dataDir)
  return (await readdir(folder.objects)).filter((name) => path.join(folder.objects, name) !== folder.uploadsInProgress)
}

async function pendingNames(backend: RunningBackend): Promise<string[]> {
  const rows = await asSuperuser<{ name: string }>(backend.context.db, 'select name from public.pending_file_erasures')
  return rows.map((row) => row.name)
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pending-files-'))
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe("the local backend's daily job and the files of erased leads", () => {
  it('removes a file the erasure left queued (the app never removed it): row, bytes and queue entry', async () => {
    const image = uploadName()
    await withBackend(async (backend) => {
      const clients = clientsOf(backend)
      expect((await clients.anonClient().storage.from('reference-images').upload(image, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
      expect((await clients.anonClient().from('leads').insert([newLead({ phone: '9844400001', reference_image: image })])).error).toBeNull()
      const admin = await clients.createUserAndSignIn({ admin: true })
      expect((await admin.client.rpc('erase_person', { phone: '9844400001' })).error).toBeNull()
      expect(await pendingNames(backend)).toEqual([image])
    })
    expect(await storedFiles()).toHaveLength(1)

    await withBackend(async (backend) => {
      await expect.poll(() => pendingNames(backend), { timeout: 10_000 }).toEqual([])
      expect(await asSuperuser(backend.context.db, 'select name from storage.objects where name = $1', [image])).toEqual([])
    })
    expect(await storedFiles()).toEqual([])
  })
})
