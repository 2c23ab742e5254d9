import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientsOf, type BackendClients, type SignedInUser } from '../local/testing/clients.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { pngOfSize, uploadName } from './support/images.ts'

const bucket = 'reference-images'
const oneMegabyte = 1024 * 1024
let backend: RunningBackend
let clients: BackendClients
let admin: SignedInUser

beforeAll(async () => {
  backend = await startOwnBackend()
  clients = clientsOf(backend)
  admin = await clients.createUserAndSignIn({ admin: true })
})

afterAll(async () => {
  await backend?.close()
})

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await backend.context.db.transaction((session) => session.query<T>(text, params))).rows
}

function visitorUpload(name = uploadName()) {
  return clients.anonClient().storage.from(bucket).upload(name, pngOfSize(oneMegabyte), { contentType: 'image/png' })
}

async function storedCount(): Promise<number> {
  const [row] = await sql<{ count: number }>('select count(*)::int as count from storage.objects where bucket_id = $1', [bucket])
  return row?.count ?? 0
}

/** Moves every upload so far one period into the past, as if that time had passed. */
async function letThePeriodPass() {
  await sql("update storage.objects set created_at = created_at - interval '1 minute' where bucket_id = $1", [bucket])
}

describe('anonymous uploads per minute, counted in the bucket policy', () => {
  it('ships a limit far above a shop’s visitors and below a flood, as a row an operator can change', async () => {
    expect(await sql('select max_anonymous_uploads, extract(epoch from per)::int as seconds from private.upload_limits where bucket_id = $1', [bucket])).toEqual([
      { max_anonymous_uploads: 20, seconds: 60 },
    ])
  })

  it('accepts 20 uploads of 1 MB in a minute, refuses the 21st with its reason, and stores nothing for it', async () => {
    for (let upload = 1; upload <= 20; upload += 1) expect((await visitorUpload()).error, `upload ${upload}`).toBeNull()
    const before = await storedCount()
    const refusedName = uploadName()
    const refused = await visitorUpload(refusedName)
    expect(refused.data).toBeNull()
    expect(refused.error).toMatchObject({ statusCode: '403' })
    expect(refused.error?.message).toBe('Too many uploads: visitors may add at most 20 files per 60 seconds. Please try again shortly.')
    expect(await storedCount()).toBe(before)
  })

  it('does not count against admins, who still upload', async () => {
    const { error } = await admin.client.storage.from(bucket).upload(uploadName(), pngOfSize(oneMegabyte), { contentType: 'image/png' })
    expect(error).toBeNull()
    expect((await visitorUpload()).error).toMatchObject({ statusCode: '403' })
  })

  it('frees up once the minute has passed', async () => {
    await letThePeriodPass()
    expect((await visitorUpload()).error).toBeNull()
  })

  it('follows the settings row: a higher number applies to the next upload, and no row means no limit', async () => {
    await sql("update storage.objects set created_at = now() where bucket_id = $1 and owner is null", [bucket])
    expect((await visitorUpload()).error).toMatchObject({ statusCode: '403' })
    await sql('update private.upload_limits set max_anonymous_uploads = 100 where bucket_id = $1', [bucket])
    expect((await visitorUpload()).error).toBeNull()
    await sql('update private.upload_limits set max_anonymous_uploads = 1 where bucket_id = $1', [bucket])
    expect((await visitorUpload()).error).toMatchObject({ statusCode: '403' })
    await sql('delete from private.upload_limits where bucket_id = $1', [bucket])
    expect((await visitorUpload()).error).toBeNull()
  })

  it('keeps the settings and the count out of every API role’s reach', async () => {
    const anon = clients.anonClient()
    expect((await anon.rpc('check_anonymous_upload_rate', { bucket })).error?.code).toBe('PGRST202')
    const privileges = await sql<{ role: string; allowed: boolean }>(
      `select r as role, has_table_privilege(r, 'private.upload_limits', 'select, insert, update, delete') as allowed
       from unnest(array['anon', 'authenticated', 'service_role']) as r`,
    )
    expect(privileges.every((row) => !row.allowed)).toBe(true)
  })
})
