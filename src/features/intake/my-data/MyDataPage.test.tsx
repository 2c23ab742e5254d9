// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import type { HeldDataAnswer } from '@/features/my-data/api/held-data-api'
import { erasureCommentMaxLength } from '@/features/my-data/api/my-data-rights-api'
import { ApiError, errorCodes } from '@/lib/api-error'
import { istDateKey } from '@/lib/dayjs'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { inFlowLanguage, inHindi, type TestLanguage } from '@/testing/intake/test-languages'
import { slotDate } from '../flow/chat-language'
import { renderTemplate } from '../flow/placeholders'
import type { MyDataActors } from './my-data-actors'
import { MyDataPage } from './MyDataPage'

afterEach(cleanup)

const createdAt = '2026-11-20T06:30:00Z'
const deadline = '2026-12-26T06:30:00Z'

/** What the database answers for the session's phone, with a field the page does not read (the download keeps it). */
function heldAnswer(withdrawnAt: string | null): HeldDataAnswer {
  const data = {
    phone: '9876543210',
    leads: [{ id: 'lead-1', name: 'Asha Rao', phone: '9876543210', city: 'Pune', occasion: 'Anniversary', reference_image: 'uploads/ring.jpg', created_at: createdAt, consent_withdrawn_at: withdrawnAt }],
    appointments: [{ lead_id: 'lead-1', slot_datetime: '2026-11-30T05:30:00Z', status: 'scheduled' }],
    notes: [{ lead_id: 'lead-1', body: 'Prefers rose gold', created_at: createdAt }],
    follow_ups: [{ lead_id: 'lead-1', due_at: '2026-12-02T05:30:00Z' }],
    chat_sessions: [{ created_at: createdAt, name: 'Asha Rao', phone: '9876543210', steps: ['name_form'] }],
    reference_images: ['uploads/ring.jpg'],
  }
  return { data, answer: { ...data, appointments: [{ ...data.appointments[0], created_at: createdAt }] } }
}

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
