import { randomBytes, randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clientFor, clientsOf, type SignedInUser } from '@backend/local/testing/clients'
import { startOwnBackend } from '@backend/local/testing/own-backend'
import type { RunningBackend } from '@backend/local/local-backend'
import { asSuperuser } from '@backend/tests/support/chat-sessions'
import { onePixelPng } from '@backend/tests/support/images'
import { createdQuote, draftOf, istDate, setRate, sharedQuote } from '@backend/tests/support/quotes'
import { arrangeLead } from '@backend/tests/support/team-backend'
import { createQuoteImagesApi } from './quote-images-api'
import { approvalNameMaxLength, changesCommentMaxLength, createQuoteLinkApi } from './quote-link-api'

// Expiring a quote needs a superuser's update: a backend of this file's own.
let backend: RunningBackend
let admin: SignedInUser

beforeAll(async () => {
  backend = await startOwnBackend()
  admin = await clientsOf(backend).createUserAndSignIn({ admin: true })
  await setRate(admin.client, 'gold_22k', 685_000)
})

afterAll(async () => {
  await backend?.close()
})

const service = () => clientFor(backend.url, backend.serviceRoleKey)

/** A customer at an address of its own, so no test shares another's rate limit. */
function customer() {
  const address = `198.51.100.${randomInt(1, 255)}`
  const images = createQuoteImagesApi((headers) => clientFor(backend.url, backend.anonKey, { ...headers, 'x-forwarded-for': address }))
  return { link: createQuoteLinkApi(clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': address })), images }
}

const ring = draftOf(
  { kind: 'metal', metal: 'gold_22k', weight_mg: 4_250 },
  { kind: 'making', basis: 'flat', amount_paise: 250_000 },
  { kind: 'stone', stone_type: 'Diamond', count: 2, carat_mct: 250, price_each_paise: 1_850_000 },
)

/** A lead's quote shared with its customer, as the dashboard shares one; with a design image and the lead's reference image when asked. */
async function sharedRing({ images = false } = {}) {
  const reference = `${randomBytes(16).toString('hex')}.png`
  if (images) expect((await service().storage.from('reference-images').upload(reference, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
  const leadId = await arrangeLead(service(), { name: 'Asha Verma', language: 'hi', ...(images ? { reference_image: reference } : {}) })
  const quote = await createdQuote(admin.client, leadId, ring)
  const design = `${quote.id}/${randomBytes(16).toString('hex')}.png`
  if (images) expect((await admin.client.storage.from('design-images').upload(design, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
  const { token } = await sharedQuote(admin.client, quote.id)
  return { token, quote, leadId, design, reference }
}

const tampered = (token: string) => `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`

async function ordersOf(quoteId: string) {
  const { data } = await service().from('orders').select('stage, total_paise').eq('quote_id', quoteId)
  return data ?? []
}

describe('the customer opening a quote by its link', () => {
  test('reads the stored totals, the lead’s language and first name, and the images signed through the token', async () => {
    const { token, quote, design } = await sharedRing({ images: true })
    const { link, images } = customer()
    const shown = await link.fetchQuote(token)
    expect(shown).toMatchObject({ version: 1, status: 'shared', language: 'hi', first_name: 'Asha', total_paise: quote.total_paise, gst_paise: quote.gst_paise, design_images: [design] })
    expect(shown.lines.map((line) => line.amount_paise)).toEqual(quote.lines.map((line) => line.amount_paise))
    const signed = await images.signImages(token, { reference: shown.reference_image, designs: shown.design_images })
    expect(signed.designs).toHaveLength(1)
    expect(signed.reference).not.toBeNull()
    for (const url of [...signed.designs, signed.reference ?? '']) expect((await fetch(url)).status).toBe(200)
  })

  test.each([
    ['a tampered token', tampered],
    ['an empty token', () => ''],
    ['a huge token', () => 'A'.repeat(50_000)],
    ['a hostile token', () => "' or 1=1 --"],
  ])('refuses %s with link_not_valid, and signs nothing for it', async (_label, tamper) => {
    const { token, design, reference } = await sharedRing({ images: true })
    const { link, images } = customer()
    await expect(link.fetchQuote(tamper(token))).rejects.toMatchObject({ code: 'link_not_valid' })
    expect(await images.signImages(tamper(token), { reference, designs: [design] })).toEqual({ reference: null, designs: [] })
  })

  test('says quote_expired for a quote past its date and quote_superseded once a newer version is shared', async () => {
    const expired = await sharedRing()
    await asSuperuser(backend.context.db, 'update public.quotes set valid_until = $2 where id = $1', [expired.quote.id, istDate(-1)])
    await expect(customer().link.fetchQuote(expired.token)).rejects.toMatchObject({ code: 'quote_expired' })

    const old = await sharedRing()
    const { data: revised, error } = await admin.client.rpc('quote_revise', { quote_id: old.quote.id })
    expect(error).toBeNull()
    const newer = await sharedQuote(admin.client, (revised as { id: string }).id)
    await expect(customer().link.fetchQuote(old.token)).rejects.toMatchObject({ code: 'quote_superseded' })
    expect(await customer().link.fetchQuote(newer.token)).toMatchObject({ version: 2, status: 'shared' })
  })
})

describe('the customer answering a quote', () => {
  test('asks for changes, then approves: final, with one order of the quote’s total', async () => {
    const { token, quote } = await sharedRing()
    const { link } = customer()
    expect(await link.requestChanges(token, '  A thinner band, please\nand rose gold  ')).toMatchObject({
      status: 'changes_requested',
      customer_comment: 'A thinner band, please\nand rose gold',
    })
    const approved = await link.approveQuote(token, ' Asha Verma ')
    expect(approved).toMatchObject({ status: 'approved', approved_name: 'Asha Verma' })
    expect(approved.approved_at).not.toBeNull()
    await expect(link.approveQuote(token, 'Asha Verma')).rejects.toMatchObject({ code: 'already_approved' })
    await expect(link.requestChanges(token, 'One more thing')).rejects.toMatchObject({ code: 'already_approved' })
    expect(await ordersOf(quote.id)).toEqual([{ stage: 'approved', total_paise: quote.total_paise }])
  })

  test.each([
    ['an empty name', ''],
    ['spaces only', '   '],
    ['a name one character too long', 'x'.repeat(approvalNameMaxLength + 1)],
    ['a name with a control character', 'Asha\u0007'],
  ])('refuses %s with invalid_name and approves nothing', async (_label, name) => {
    const { token, quote } = await sharedRing()
    const { link } = customer()
    await expect(link.approveQuote(token, name)).rejects.toMatchObject({ code: 'invalid_name' })
    expect(await link.fetchQuote(token)).toMatchObject({ status: 'shared', approved_name: null })
    expect(await ordersOf(quote.id)).toEqual([])
  })

  test.each([
    ['an empty comment', ''],
    ['a comment one character too long', 'x'.repeat(changesCommentMaxLength + 1)],
  ])('refuses %s with invalid_comment and keeps the quote as it was', async (_label, comment) => {
    const { token } = await sharedRing()
    const { link } = customer()
    await expect(link.requestChanges(token, comment)).rejects.toMatchObject({ code: 'invalid_comment' })
    expect(await link.fetchQuote(token)).toMatchObject({ status: 'shared', customer_comment: null })
  })
})
