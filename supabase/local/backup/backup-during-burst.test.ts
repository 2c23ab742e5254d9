import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { newReferenceImagePath, referenceImageBucket } from '@/lib/reference-image-path'
import { aLeadPayload } from '@/testing/lead-fixtures'
import { onePixelPng } from '../../tests/support/images.ts'
import type { RunningBackend } from '../local-backend.ts'
import { backupPlace, collectingOutput, startFolderBackend, type BackupPlace } from '../testing/backup-fixtures.ts'
import { clientFor, type TestClient } from '../testing/clients.ts'
import { runBackupCommand } from './backup-command.ts'
import { runRestoreCommand } from './restore-command.ts'

interface Acknowledged {
  at: number
  key: string
}

let place: BackupPlace
let backend: RunningBackend | undefined
let restored: RunningBackend | undefined

beforeAll(async () => {
  place = await backupPlace()
  backend = await startFolderBackend(place.dataDir, place.backups)
})

afterAll(async () => {
  await backend?.close()
  await restored?.close()
  await place?.remove()
})

/** Visitors saving leads and uploading images, one after another per loop, until told to stop. */
function burst(client: TestClient) {
  let stopping = false
  const leads: Acknowledged[] = []
  const files: Acknowledged[] = []
  const triedLeads = new Set<string>()
  const uploadedBytes = new Map<string, Buffer>()
  async function saveLeads() {
    while (!stopping) {
      const lead = aLeadPayload()
      triedLeads.add(lead.id)
      const { error } = await client.from('leads').insert([lead])
      if (!error) leads.push({ at: performance.now(), key: lead.id })
    }
  }
  async function uploadImages() {
    while (!stopping) {
      const name = newReferenceImagePath('image/png')
      const bytes = Buffer.concat([onePixelPng, randomBytes(1000 + Math.floor(Math.random() * 50_000))])
      uploadedBytes.set(name, bytes)
      const { error } = await client.storage.from(referenceImageBucket).upload(name, bytes, { contentType: 'image/png' })
      if (!error) files.push({ at: performance.now(), key: name })
    }
  }
  const loops = [saveLeads(), saveLeads(), saveLeads(), uploadImages(), uploadImages()]
  return {
    leads,
    files,
    triedLeads,
    uploadedBytes,
    async stop() {
      stopping = true
      await Promise.all(loops)
    },
  }
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20))
}

test('a backup taken during a burst of leads and uploads restores every one acknowledged before it started, each file whole', { timeout: 120_000 }, async () => {
  const running = backend as RunningBackend
  const visitors = burst(clientFor(running.url, running.anonKey))
  await until(() => visitors.leads.length >= 30 && visitors.files.length >= 10)
  const backupStarted = performance.now()
  const made = collectingOutput()
  const code = await runBackupCommand([], place.env, made.out)
  const backupAnswered = performance.now()
  await until(() => visitors.leads.some((lead) => lead.at > backupAnswered) && visitors.files.some((file) => file.at > backupAnswered))
  await visitors.stop()
  expect(made.lines.error).toEqual([])
  expect(code).toBe(0)
  // The server kept answering visitors while it made the backup.
  const answeredMeanwhile = [...visitors.leads, ...visitors.files].filter((done) => done.at > backupStarted && done.at < backupAnswered)
  expect(answeredMeanwhile.length).toBeGreaterThan(0)
  await running.close()
  backend = undefined

  const file = /^Backup written: (\S+) /.exec(made.lines.log[0] ?? '')?.[1] as string
  const restoredDir = path.join(place.root, 'restored')
  const restoring = collectingOutput()
  expect(await runRestoreCommand([file, '--data-dir', restoredDir], place.env, restoring.out)).toBe(0)
  expect(restoring.lines.error).toEqual([])
  restored = await startFolderBackend(restoredDir)
  const service = clientFor(restored.url, restored.serviceRoleKey)

  const leadIds = (await service.from('leads').select('id, name').limit(1000)).data ?? []
  expect(leadIds.length).toBeLessThan(1000)
  const restoredLeads = new Set(leadIds.map((lead) => lead.id))
  for (const lead of visitors.leads.filter((acknowledged) => acknowledged.at < backupStarted)) expect(restoredLeads.has(lead.key), lead.key).toBe(true)
  for (const lead of leadIds) {
    expect(visitors.triedLeads.has(lead.id)).toBe(true)
    expect(lead.name).toBe(aLeadPayload().name)
  }

  const listed = (await service.storage.from(referenceImageBucket).list('', { limit: 1000 })).data ?? []
  const restoredNames = new Set(listed.map((object) => object.name))
  for (const upload of visitors.files.filter((acknowledged) => acknowledged.at < backupStarted)) expect(restoredNames.has(upload.key), upload.key).toBe(true)
  expect(listed.length).toBeGreaterThan(0)
  for (const name of restoredNames) {
    const signed = await service.storage.from(referenceImageBucket).createSignedUrl(name, 60)
    expect(signed.error, name).toBeNull()
    const bytes = Buffer.from(await (await fetch(signed.data?.signedUrl as string)).arrayBuffer())
    expect(bytes.equals(visitors.uploadedBytes.get(name) as Buffer), name).toBe(true)
  }
})
