import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientFor, type TestClient } from '../local/testing/clients.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { onePixelPng, pngOfSize, uploadName } from './support/images.ts'
import { createdQuote, draftOf, istDate, sharedQuote, type QuoteRow } from './support/quotes.ts'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend
const bucket = 'design-images'
const draft = draftOf({ kind: 'other', label: 'Pendant', amount_paise: 100_000 })

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  await team?.backend.close()
})

/** A name the bucket takes for a version's image. */
const imageName = (quoteId: string, extension = 'png') => `${quoteId}/${randomBytes(16).toString('hex')}.${extension}`

function upload(client: TestClient, name: string, bytes: Uint8Array = onePixelPng, contentType = 'image/png') {
  return client.storage.from(bucket).upload(name, bytes, { contentType })
}

/** A draft quote on a new lead owned by `owner`. */
async function draftQuote(owner: string | null = team.staff.userId, leadOverrides: Record<string, unknown> = {}): Promise<QuoteRow> {
  const leadId = await arrangeLead(team.serviceClient(), { owner_id: owner, ...leadOverrides })
  return createdQuote(team.admin.client, leadId, draft)
}

/** The customer's client: the anon key with the link's token in x-quote-token. */
const customerWith = (token: string) => clientFor(team.backend.url, team.backend.anonKey, { 'x-quote-token': token })

async function signedBytes(client: TestClient, bucketId: string, name: string): Promise<number | null> {
  const { data, error } = await client.storage.from(bucketId).createSignedUrl(name, 60)
  if (error) return null
  const answer = await fetch(data.signedUrl)
  return answer.ok ? (await answer.arrayBuffer()).byteLength : null
}

const objectsOf = async (quoteId: string) =>
  (await asSuperuser<{ name: string }>(team.backend.context.db,
    "select name from storage.objects where bucket_id = 'design-images' and name like $1 order by name", [`${quoteId}/%`])).map((row) => row.name)

describe('staff attach design images to a draft', () => {
  it('takes up to 5 images per version and refuses the 6th', async () => {
    const quote = await draftQuote()
    for (let index = 0; index < 5; index += 1) {
      expect((await upload(team.staff.client, imageName(quote.id))).error).toBeNull()
    }
    expect((await upload(team.staff.client, imageName(quote.id))).error).toMatchObject({ statusCode: '403' })
    expect(await objectsOf(quote.id)).toHaveLength(5)
    const other = await draftQuote()
    expect((await upload(team.staff.client, imageName(other.id))).error).toBeNull()
  })

  it('lets 5 of 8 uploads at once through', async () => {
    const quote = await draftQuote()
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(team.staff.client, imageName(quote.id))))
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(5)
    expect(await objectsOf(quote.id)).toHaveLength(5)
  })

  it('refuses a shared version, another member\u2019s lead, non-members and visitors (403), storing nothing', async () => {
    const shared = await draftQuote()
    await sharedQuote(team.staff.client, shared.id)
    expect((await upload(team.staff.client, imageName(shared.id))).error).toMatchObject({ statusCode: '403' })
    const others = await draftQuote(team.otherStaff.userId)
    expect((await upload(team.staff.client, imageName(others.id))).error).toMatchObject({ statusCode: '403' })
    const own = await draftQuote()
    expect((await upload(team.nonMember.client, imageName(own.id))).error).toMatchObject({ statusCode: '403' })
    expect((await upload(team.anonClient(), imageName(own.id))).error).toMatchObject({ statusCode: '403' })
    expect([...await objectsOf(shared.id), ...await objectsOf(others.id), ...await objectsOf(own.id)]).toEqual([])
  })

  it.each([
    ['no quote folder', () => uploadName()],
    ['an unknown quote', () => imageName(crypto.randomUUID())],
    ['a GIF extension', (id: string) => imageName(id, 'gif')],
    ['a nested folder', (id: string) => `${id}/x/${uploadName()}`],
    ['a hostile name', (id: string) => `${id}/'; drop table public.quotes; --.png`],
    ['upper-case hex', (id: string) => imageName(id).toUpperCase()],
  ])('refuses %s (403)', async (_label, nameOf) => {
    const quote = await draftQuote()
    const { error } = await upload(team.staff.client, nameOf(quote.id))
    expect(error).not.toBeNull()
    expect(await objectsOf(quote.id)).toEqual([])
  })

  it('takes images only, up to 5 MB', async () => {
    const quote = await draftQuote()
    expect((await upload(team.staff.client, imageName(quote.id), new TextEncoder().encode('hello'), 'text/plain')).error).toMatchObject({ statusCode: '415' })
    expect((await upload(team.staff.client, imageName(quote.id), new TextEncoder().encode('not a png at all'), 'image/png')).error).toMatchObject({ statusCode: '415' })
    expect((await upload(team.staff.client, imageName(quote.id), pngOfSize(5 * 1024 * 1024 + 1))).error).toMatchObject({ statusCode: '413' })
    expect((await upload(team.staff.client, imageName(quote.id), pngOfSize(5 * 1024 * 1024))).error).toBeNull()
  })

  it('lets members who read the lead sign URLs, not others', async () => {
    const quote = await draftQuote()
    const name = imageName(quote.id)
    expect((await upload(team.staff.client, name)).error).toBeNull()
    expect(await signedBytes(team.staff.client, bucket, name)).toBe(onePixelPng.length)
    expect(await signedBytes(team.admin.client, bucket, name)).toBe(onePixelPng.length)
    expect(await signedBytes(team.otherStaff.client, bucket, name)).toBeNull()
    expect(await signedBytes(team.nonMember.client, bucket, name)).toBeNull()
    expect(await signedBytes(team.anonClient(), bucket, name)).toBeNull()
  })

  it('lets staff remove images of a draft, not of a shared version; admins remove any', async () => {
    const quote = await draftQuote()
    const [kept, removed] = [imageName(quote.id), imageName(quote.id)]
    for (const name of [kept, removed]) expect((await upload(team.staff.client, name)).error).toBeNull()
    expect((await team.staff.client.storage.from(bucket).remove([removed])).data).toHaveLength(1)
    await sharedQuote(team.staff.client, quote.id)
    expect((await team.staff.client.storage.from(bucket).remove([kept])).data).toEqual([])
    expect(await objectsOf(quote.id)).toEqual([kept])
    expect((await team.admin.client.storage.from(bucket).remove([kept])).data).toHaveLength(1)
    expect(await objectsOf(quote.id)).toEqual([])
  })
})

describe('the customer sees the images through the link', () => {
  it('lists the version\u2019s images and signs their URLs and the reference image\u2019s with the token in x-quote-token', async () => {
    const reference = uploadName()
    expect((await team.anonClient().storage.from('reference-images').upload(reference, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
    const quote = await draftQuote(team.staff.userId, { reference_image: reference })
    const names = [imageName(quote.id), imageName(quote.id, 'jpg')]
    expect((await upload(team.staff.client, names[0]!)).error).toBeNull()
    expect((await upload(team.staff.client, names[1]!, Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg')).error).toBeNull()
    const { token } = await sharedQuote(team.staff.client, quote.id)
    const { data } = await team.anonClient().rpc('quote_for_customer', { token })
    expect(data).toMatchObject({ design_images: names, reference_image: reference })
    const customer = customerWith(token)
    expect(await signedBytes(customer, bucket, names[0]!)).toBe(onePixelPng.length)
    expect(await signedBytes(customer, 'reference-images', reference)).toBe(onePixelPng.length)
    expect(await signedBytes(team.anonClient(), bucket, names[0]!)).toBeNull()
    expect(await signedBytes(team.anonClient(), 'reference-images', reference)).toBeNull()
  })

  it('refuses a tampered token, another quote\u2019s token, and a superseded or expired link', async () => {
    const quote = await draftQuote()
    const name = imageName(quote.id)
    expect((await upload(team.staff.client, name)).error).toBeNull()
    const { token } = await sharedQuote(team.staff.client, quote.id)
    const other = await draftQuote()
    const otherLink = await sharedQuote(team.staff.client, other.id)
    expect(await signedBytes(customerWith((token[0] === 'A' ? 'B' : 'A') + token.slice(1)), bucket, name)).toBeNull()
    expect(await signedBytes(customerWith(otherLink.token), bucket, name)).toBeNull()
    expect(await signedBytes(customerWith('x'.repeat(10_000)), bucket, name)).toBeNull()

    await asSuperuser(team.backend.context.db, 'update public.quotes set valid_until = $2 where id = $1', [quote.id, istDate(-1)])
    expect(await signedBytes(customerWith(token), bucket, name)).toBeNull()
    await asSuperuser(team.backend.context.db, 'update public.quotes set valid_until = $2 where id = $1', [quote.id, istDate(1)])
    expect(await signedBytes(customerWith(token), bucket, name)).toBe(onePixelPng.length)

    const revised = (await team.staff.client.rpc('quote_revise', { quote_id: quote.id })).data as QuoteRow
    await sharedQuote(team.staff.client, revised.id)
    expect(await signedBytes(customerWith(token), bucket, name)).toBeNull()
  })

  it('keeps showing an approved version\u2019s images after its date', async () => {
    const quote = await draftQuote()
    const name = imageName(quote.id)
    expect((await upload(team.staff.client, name)).error).toBeNull()
    const { token } = await sharedQuote(team.staff.client, quote.id)
    expect((await team.anonClient().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    await asSuperuser(team.backend.context.db, 'update public.quotes set valid_until = $2 where id = $1', [quote.id, istDate(-1)])
    expect(await signedBytes(customerWith(token), bucket, name)).toBe(onePixelPng.length)
  })
})
