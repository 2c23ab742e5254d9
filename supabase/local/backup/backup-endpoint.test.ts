import { stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { backupPlace, type BackupPlace } from '../testing/backup-fixtures.ts'
import { clientsOf } from '../testing/clients.ts'
import { backupsIn } from './backup-rotation.ts'

let place: BackupPlace
let backend: RunningBackend

beforeAll(async () => {
  place = await backupPlace()
  backend = await startLocalBackend({ dataDir: place.dataDir, backups: { ...place.backups, keep: 2 }, host: '0.0.0.0', port: 0 })
})

afterAll(async () => {
  await backend?.close()
  await place?.remove()
})

const localUrl = () => backend.url.replace('0.0.0.0', '127.0.0.1')

function askForBackup(headers: Record<string, string>, body?: string, url = localUrl(), method = 'POST') {
  return fetch(`${url}/backup/v1`, { method, headers: { 'content-type': 'application/json', ...headers }, body })
}

const asService = () => ({ apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` })

describe('POST /backup/v1', () => {
  test('refuses a request without an API key, with the anon key, and with a staff member’s token', async () => {
    const missing = await askForBackup({})
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' })
    const anon = await askForBackup({ apikey: backend.anonKey })
    expect(anon.status).toBe(403)
    expect(await anon.json()).toEqual({ code: 'backup_service_key_required', message: 'Backups need the service key (in the data folder’s keys.json).' })
    const staff = await clientsOf({ ...backend, url: localUrl() }).createUserAndSignIn({ role: 'staff' })
    const token = (await staff.client.auth.getSession()).data.session?.access_token as string
    for (const headers of [{ apikey: backend.anonKey, authorization: `Bearer ${token}` }, { apikey: backend.serviceRoleKey, authorization: `Bearer ${token}` }, { apikey: backend.anonKey, authorization: `Bearer ${backend.serviceRoleKey}` }]) {
      const refused = await askForBackup(headers)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ code: 'backup_service_key_required' })
    }
    expect(await backupsIn(place.backups.folder)).toEqual([])
  })

  test('refuses a request through a proxy, even from this machine', async () => {
    for (const forwarded of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }] as Record<string, string>[]) {
      const refused = await askForBackup({ ...asService(), ...forwarded })
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ code: 'backup_loopback_only' })
    }
  })

  test('answers other methods 405 and a bad body 400', async () => {
    expect((await askForBackup(asService(), undefined, localUrl(), 'GET')).status).toBe(405)
    for (const body of ['not json', '[]', '{"folder":"/tmp"}', '{"passphrase":"short"}', '{"passphrase":42}', JSON.stringify({ passphrase: 'x'.repeat(5000) })]) {
      const refused = await askForBackup(asService(), body)
      expect(refused.status, body).toBe(400)
      expect(await refused.json()).toMatchObject({ code: 'backup_bad_request' })
    }
  })

  // Three backups of a database on disk, one after another: slow on a busy machine.
  test('makes an owner-only backup with the service key, one at a time, keeping the newest two', { timeout: 120_000 }, async () => {
    const [first, second] = await Promise.all([askForBackup(asService(), JSON.stringify({ passphrase: 'a long enough passphrase' })), askForBackup(asService())])
    expect([first?.status, second?.status].sort()).toEqual([201, 409])
    const made = first?.status === 201 ? first : second
    const body = (await made?.json()) as { file: string; encrypted: boolean; bytes: number; counts: { leads: number } }
    expect(path.basename(body.file)).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz(\.enc)?$/)
    expect(body.bytes).toBe((await stat(body.file)).size)
    expect((await stat(body.file)).mode & 0o777).toBe(0o600)
    expect((await stat(place.backups.folder)).mode & 0o777).toBe(0o700)
    const busy = first?.status === 409 ? first : second
    expect(await busy?.json()).toMatchObject({ code: 'backup_in_progress' })
    for (let more = 0; more < 2; more += 1) expect((await askForBackup(asService())).status).toBe(201)
    expect(await backupsIn(place.backups.folder)).toHaveLength(2)
  })

  test('is not offered by a backend without a data folder of its own', async () => {
    const refused = await fetch(`${inject('url')}/backup/v1`, { method: 'POST', headers: { apikey: inject('serviceRoleKey'), authorization: `Bearer ${inject('serviceRoleKey')}` } })
    expect(refused.status).toBe(501)
    expect(await refused.json()).toMatchObject({ code: 'LOCAL501', message: expect.stringMatching(/^Not supported by the local backend: backups of /) })
  })
})
