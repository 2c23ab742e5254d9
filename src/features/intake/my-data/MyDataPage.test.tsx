// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import type { HeldDataAnswer } from '@/features/my-data/api/held-data-api'
import { erasureCommentMaxLength } from '@/features/my-data/api/my-data-rights-api'
import { ApiError, errorCodes } from '@/lib/api-error'
import { istDateKey } from '@/lib/dayjs'
import { formatRupees } from '@/lib/rupees'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { inFlowLanguage, inHindi, type TestLanguage } from '@/testing/intake/test-languages'
import { slotDate } from '../flow/chat-language'
import { renderTemplate } from '../flow/placeholders'
import type { MyDataActors } from './my-data-actors'
import { MyDataPage } from './MyDataPage'

afterEach(cleanup)

const createdAt = '2026-11-20T06:30:00Z'
const deadline = '2026-12-26T06:30:00Z'

const designImage = '6f1c2a7e-0d4b-4c8e-9a51-3b7d2e9f0a11/0123456789abcdef0123456789abcdef.webp'

/** A quote's versions as the database answers them: one replaced, one approved after the visitor's comment, and a draft not yet sent. */
const quotes = [
  { version: 1, status: 'superseded', created_at: '2026-11-21T06:30:00Z', valid_until: '2026-11-28', total_paise: 12345600, customer_comment: 'A thinner band, please', approved_name: null, approved_at: null, design_images: [] },
  { version: 2, status: 'approved', created_at: '2026-11-23T06:30:00Z', valid_until: '2026-11-30', total_paise: 11800050, customer_comment: null, approved_name: 'Asha Rao', approved_at: '2026-11-24T08:00:00Z', design_images: [designImage] },
  { version: 3, status: 'draft', created_at: '2026-11-25T06:30:00Z', valid_until: '2026-12-02', total_paise: 11900000, customer_comment: null, approved_name: null, approved_at: null, design_images: [] },
]

const orders = [
  { version: 2, stage: 'advance_received', created_at: '2026-11-24T08:00:00Z', total_paise: 11800050, advance_paise: 5000000, advance_mode: 'upi', advance_date: '2026-11-25', cancel_reason: null },
]

/** What the database answers for the session's phone, with fields the page does not read (the download keeps them). */
function heldAnswer(withdrawnAt: string | null): HeldDataAnswer {
  const data = {
    phone: '9876543210',
    leads: [{ id: 'lead-1', name: 'Asha Rao', phone: '9876543210', city: 'Pune', occasion: 'Anniversary', reference_image: 'uploads/ring.jpg', created_at: createdAt, consent_withdrawn_at: withdrawnAt }],
    appointments: [{ lead_id: 'lead-1', slot_datetime: '2026-11-30T05:30:00Z', status: 'scheduled' }],
    notes: [{ lead_id: 'lead-1', body: 'Prefers rose gold', created_at: createdAt }],
    follow_ups: [{ lead_id: 'lead-1', due_at: '2026-12-02T05:30:00Z' }],
    chat_sessions: [{ created_at: createdAt, name: 'Asha Rao', phone: '9876543210', steps: ['name_form'] }],
    reference_images: ['uploads/ring.jpg'],
    quotes,
    orders,
  }
  return {
    data,
    answer: {
      ...data,
      appointments: [{ ...data.appointments[0], created_at: createdAt }],
      quotes: quotes.map((quote) => ({ ...quote, lead_id: 'lead-1', lines: [], gst_bps: 300 })),
    },
  }
}

/** The answer of a phone that has no quote and no order. */
function heldWithoutQuotes(): HeldDataAnswer {
  const { data, answer } = heldAnswer(null)
  return { data: { ...data, quotes: [], orders: [] }, answer: { ...(answer as object), quotes: [], orders: [] } }
}

/** A region's fields: each term with its value. */
const fieldsOf = (region: HTMLElement) =>
  Object.fromEntries(within(region).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]))

/** A file's text (jsdom's Blob has no text()). */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(file)
  })
}

function actorsFor(answers: Partial<MyDataActors> = {}) {
  const calls: string[] = []
  const files: { name: string; file: Blob }[] = []
  let withdrawnAt: string | null = null
  const session = { token: 'session-token', expires_at: new Date(Date.now() + 30 * 60_000).toISOString() }
  const actors: MyDataActors = {
    requestCode: async (phone) => void calls.push(`requestCode ${phone}`),
    openWithCode: async (phone, code) => (calls.push(`openWithCode ${phone} ${code}`), session),
    openWithLink: async (token) => (calls.push(`openWithLink ${token}`), session),
    fetchHeldData: async () => heldAnswer(withdrawnAt),
    signImages: async (token, names) => Object.fromEntries(names.map((name) => [name, `https://storage.example/signed/${name}?for=${token}`])),
    withdrawConsent: async () => {
      withdrawnAt = '2026-11-26T04:00:00Z'
      return 1
    },
    requestErasure: async (_, comment) => (calls.push(`requestErasure ${comment}`), { request_id: 'r1', deadline }),
    download: (name, file) => files.push({ name, file }),
    ...answers,
  }
  return { actors, calls, files }
}

describe.each([
  ['English', inFlowLanguage(consultationFlow)],
  ['Hindi', inHindi(consultationFlow)],
] as [string, TestLanguage][])('My data in %s', (_, language) => {
  const texts = language.flow.notice.my_data
  const date = (moment: string) => slotDate(istDateKey(moment), language.chat.code)
  const formFields = language.flow.steps.flatMap((step) => (step.type === 'form' ? step.fields : []))
  const fieldLabel = (id: string) => formFields.find((field) => field.id === id)?.label

  const open = (actors: MyDataActors, manageToken: string | null = null) =>
    render(<MyDataPage language={language.chat} manageToken={manageToken} actors={actors} header={(tagline) => <header>{tagline}</header>} />)

  test('a phone gets the one answer for every phone, then the code opens the data; a wrong code says not valid', async () => {
    let codeRight = false
    const { actors, calls } = actorsFor({
      openWithCode: async (phone, code) => {
        calls.push(`openWithCode ${phone} ${code}`)
        if (!codeRight) throw new ApiError(errorCodes.linkNotValid, 'not valid')
        return { token: 'session-token', expires_at: new Date(Date.now() + 30 * 60_000).toISOString() }
      },
    })
    open(actors)
    expect(screen.getByRole('heading', { level: 2, name: texts.title })).toBeTruthy()
    await userEvent.type(screen.getByLabelText(texts.phone_label), '98765')
    await userEvent.click(screen.getByRole('button', { name: texts.ask_code }))
    expect(screen.getByText(texts.phone_invalid)).toBeTruthy()
    await userEvent.type(screen.getByLabelText(texts.phone_label), '43210')
    await userEvent.click(screen.getByRole('button', { name: texts.ask_code }))
    expect((await screen.findByText(texts.code_sent)).getAttribute('role')).toBe('status')
    await userEvent.type(screen.getByLabelText(texts.code_label), '123456')
    await userEvent.click(screen.getByRole('button', { name: texts.open }))
    expect(await screen.findByText(texts.not_valid)).toBeTruthy()
    codeRight = true
    await userEvent.click(screen.getByRole('button', { name: texts.open }))
    expect(await screen.findByRole('heading', { name: texts.held_title })).toBeTruthy()
    expect(calls).toEqual(['requestCode 9876543210', 'openWithCode 9876543210 123456', 'openWithCode 9876543210 123456'])
  })

  test("the booking's link shows what is held, named as the chat names it", async () => {
    open(actorsFor().actors, 'manage-token')
    const lead = await screen.findByRole('region', { name: renderTemplate(texts.lead_title, { date: date(createdAt) }) })
    const terms = within(lead).getAllByRole('term').map((term) => term.textContent)
    expect(terms).toEqual(expect.arrayContaining([fieldLabel('name'), fieldLabel('phone'), fieldLabel('city')]))
    expect(within(lead).getByText('Asha Rao')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: texts.notes })).getByText(new RegExp('Prefers rose gold'))).toBeTruthy()
    expect(within(screen.getByRole('region', { name: texts.appointments })).getByText(new RegExp(date('2026-11-30T05:30:00Z')))).toBeTruthy()
    expect(within(screen.getByRole('region', { name: texts.follow_ups })).getByText(date('2026-12-02T05:30:00Z'))).toBeTruthy()
    const image = await within(screen.getByRole('region', { name: texts.images })).findByRole('link', { name: 'ring.jpg' })
    expect(image.getAttribute('href')).toBe('https://storage.example/signed/uploads/ring.jpg?for=session-token')
    expect(within(screen.getByRole('region', { name: texts.chats })).getByText(new RegExp(renderTemplate(texts.chat_line, { date: date(createdAt) })))).toBeTruthy()
  })

  test('shows each quote version and each order in the visitor\'s words, a draft as not yet sent', async () => {
    const rupees = (paise: number) => formatRupees(paise, `${language.chat.code}-IN`)
    const versionLine = (quote: (typeof quotes)[number]) =>
      screen.getByText(renderTemplate(texts.quote_title, { version: String(quote.version), date: date(quote.created_at) })).closest('li')!
    open(actorsFor().actors, 'manage-token')
    await screen.findByRole('region', { name: texts.quotes })
    const [replaced, approved, draft] = [versionLine(quotes[0]!), versionLine(quotes[1]!), versionLine(quotes[2]!)]
    expect(fieldsOf(replaced)).toEqual({
      [texts.total]: rupees(12345600),
      [texts.valid_until]: date('2026-11-28T12:00:00+05:30'),
      [texts.status]: texts.quote_status_superseded,
      [texts.comment]: 'A thinner band, please',
    })
    expect(fieldsOf(approved)).toEqual({
      [texts.total]: rupees(11800050),
      [texts.valid_until]: date('2026-11-30T12:00:00+05:30'),
      [texts.status]: texts.quote_status_approved,
      [texts.approved_by]: 'Asha Rao',
      [texts.approved_on]: date('2026-11-24T08:00:00Z'),
      [texts.design_images]: '0123456789abcdef0123456789abcdef.webp',
    })
    expect(fieldsOf(draft)[texts.status]).toBe(texts.quote_status_draft)
    const order = within(screen.getByRole('region', { name: texts.orders }))
      .getByText(renderTemplate(texts.order_title, { version: '2', date: date('2026-11-24T08:00:00Z') }))
      .closest('li')!
    expect(fieldsOf(order)).toEqual({
      [texts.total]: rupees(11800050),
      [texts.status]: texts.order_stage_advance_received,
      [texts.advance]: renderTemplate(texts.advance_line, { amount: rupees(5000000), mode: texts.advance_mode_upi, date: date('2026-11-25T12:00:00+05:30') }),
    })
  })

  test("a cancelled order says why; a stage this build has no words for shows as stored", async () => {
    const { data, answer } = heldAnswer(null)
    const cancelled = { ...orders[0]!, stage: 'cancelled', cancel_reason: 'The family chose another design' }
    const unknown = { ...orders[0]!, created_at: '2026-11-26T08:00:00Z', stage: 'polishing', advance_paise: null, advance_mode: null, advance_date: null }
    open(actorsFor({ fetchHeldData: async () => ({ data: { ...data, orders: [cancelled, unknown] }, answer }) }).actors, 'manage-token')
    const region = await screen.findByRole('region', { name: texts.orders })
    const [first, second] = within(region).getAllByRole('listitem')
    expect(fieldsOf(first!)[texts.status]).toBe(texts.order_stage_cancelled)
    expect(fieldsOf(first!)[texts.cancel_reason]).toBe('The family chose another design')
    expect(fieldsOf(second!)[texts.status]).toBe('polishing')
    expect(fieldsOf(second!)).not.toHaveProperty([texts.advance])
  })

  test('a phone without quotes or orders reads None under both', async () => {
    open(actorsFor({ fetchHeldData: async () => heldWithoutQuotes() }).actors, 'manage-token')
    for (const part of [texts.quotes, texts.orders]) {
      const region = await screen.findByRole('region', { name: part })
      expect(within(region).getByText(texts.nothing)).toBeTruthy()
      expect(within(region).queryAllByRole('listitem')).toEqual([])
    }
  })

  test('downloads a file my-data-<date>.json of exactly what the database answered', async () => {
    const { actors, files } = actorsFor()
    open(actors, 'manage-token')
    await userEvent.click(await screen.findByRole('button', { name: texts.download }))
    expect(files.map(({ name }) => name)).toEqual([`my-data-${istDateKey(new Date())}.json`])
    expect(JSON.parse(await textOf(files[0]!.file))).toEqual(heldAnswer(null).answer)
  })

  test('withdraws consent after the question, then shows it withdrawn', async () => {
    open(actorsFor().actors, 'manage-token')
    await userEvent.click(await screen.findByRole('button', { name: texts.withdraw }))
    expect(screen.getByText(texts.withdraw_question)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: texts.withdraw_confirm }))
    expect(await screen.findByText(texts.withdrawn)).toBeTruthy()
    expect(screen.getByText(renderTemplate(texts.consent_withdrawn, { date: date('2026-11-26T04:00:00Z') }))).toBeTruthy()
    expect(screen.queryByRole('button', { name: texts.withdraw })).toBeNull()
  })

  test('holds the buttons while the data reads again after a withdrawal, then lets the visitor ask for erasure', async () => {
    let reread: (answer: HeldDataAnswer) => void = () => {}
    let reads = 0
    const { actors } = actorsFor()
    const fetchHeldData = actors.fetchHeldData
    open({ ...actors, fetchHeldData: (...args) => (++reads === 1 ? fetchHeldData(...args) : new Promise<HeldDataAnswer>((resolve) => (reread = resolve))) }, 'manage-token')
    await userEvent.click(await screen.findByRole('button', { name: texts.withdraw }))
    await userEvent.click(screen.getByRole('button', { name: texts.withdraw_confirm }))
    expect(await screen.findByText(texts.withdrawn)).toBeTruthy()
    expect(screen.getByRole('button', { name: texts.erase })).toHaveProperty('disabled', true)
    reread(heldAnswer('2026-11-26T04:00:00Z'))
    await waitFor(() => expect(screen.getByRole('button', { name: texts.erase })).toHaveProperty('disabled', false))
    await userEvent.click(screen.getByRole('button', { name: texts.erase }))
    expect(await screen.findByLabelText(texts.erase_comment)).toBeTruthy()
  })

  test('asks for erasure with a counted comment, then says the deadline', async () => {
    const { actors, calls } = actorsFor()
    open(actors, 'manage-token')
    await userEvent.click(await screen.findByRole('button', { name: texts.erase }))
    const most = String(erasureCommentMaxLength)
    expect(screen.getByText(renderTemplate(texts.erase_count, { count: '0', most }))).toBeTruthy()
    await userEvent.type(screen.getByLabelText(texts.erase_comment), 'Please erase')
    expect(screen.getByText(renderTemplate(texts.erase_count, { count: '12', most }))).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: texts.erase_send }))
    expect(await screen.findByText(renderTemplate(texts.erase_requested, { date: date(deadline) }))).toBeTruthy()
    expect(calls).toContain('requestErasure Please erase')
  })

  test('a link not valid says so above the phone form', async () => {
    open(actorsFor({ openWithLink: () => Promise.reject(new ApiError(errorCodes.linkNotValid, 'not valid')) }).actors, 'tampered')
    expect(await screen.findByText(texts.not_valid)).toBeTruthy()
    expect(screen.getByLabelText(texts.phone_label)).toBeTruthy()
    expect(document.querySelector('[lang]')?.getAttribute('lang')).toBe(language.chat.code)
  })
})
