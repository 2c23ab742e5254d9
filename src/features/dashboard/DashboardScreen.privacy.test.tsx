// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { erasureCountsText, erasureTexts } from '@/features/privacy/erasure-texts'
import type { DataRequest } from '@/features/privacy/privacy.schema'
import { privacySettingsTexts } from '@/features/privacy/privacy-settings-texts'
import { requestsTexts } from '@/features/privacy/requests-texts'
import { ratesTexts } from '@/features/quotes/rates-texts'
import { accessCodeTexts } from '@/lib/consultation-facts'
import type { Lead } from '@/lib/lead-fields'
import type { Viewer } from '@/lib/team'
import { blobText } from '@/testing/blob-text'
import { aLead } from '@/testing/lead-fixtures'
import { aTeam } from '@/testing/lead-work-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import type { MemoryPrivacyData } from '@/testing/memory-privacy-apis'
import { DashboardScreen } from './DashboardScreen'

/** What erasing a phone with two leads and nothing else removes, as the memory api counts it. */
const twoLeadsErased = { leads: 2, appointments: 0, notes: 0, follow_ups: 0, quotes: 0, orders: 0, chat_sessions: 0, files: 0 }

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
})
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})
afterEach(() => {
  cleanup()
  toaster.remove()
  vi.restoreAllMocks()
})

const phone = '9812345678'
const leads: Lead[] = [
  aLead({ id: 'l1', name: 'Priya Nair', phone, created_at: '2026-11-20T07:00:00.000Z' }),
  aLead({ id: 'l2', name: 'Priya N', phone, created_at: '2026-11-19T07:00:00.000Z' }),
  aLead({ id: 'l3', name: 'Rohan Gupta', phone: '9800000003', created_at: '2026-11-18T07:00:00.000Z' }),
]

const aRequest = (overrides: Partial<DataRequest>): DataRequest => ({
  id: 'r1', kind: 'access_code', phone: '9876543210', comment: null, created_at: '2026-11-20T07:00:00.000Z',
  deadline: '2026-11-23T07:00:00.000Z', status: 'open', reason: null, handled_by: null, handled_at: null, ...overrides,
})

function start(viewer: Viewer = aTeam.admin, privacy: MemoryPrivacyData = {}) {
  const backend = memoryDashboardApis(leads, [], {}, { viewer }, {}, privacy)
  render(
    <Provider>
      <DashboardScreen user={{ email: viewer.email }} apis={backend.apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
  return backend
}

const user = () => userEvent.setup()

async function openDetails(name: string) {
  const row = await screen.findByRole('row', { name: new RegExp(name) })
  await user().click(within(row).getByRole('button', { name: 'View' }))
  return screen.findByRole('dialog')
}

test('an admin erases a person with a booking today: asked twice, the counts shown, every lead of the phone gone from the table', async () => {
  const backend = start(aTeam.admin, { bookingToday: [phone] })
  const details = await openDetails('Priya Nair')
  await user().click(within(details).getByRole('button', { name: erasureTexts.erase }))
  const erase = await screen.findByRole('alertdialog')
  await within(erase).findByText(erasureTexts.what(phone, 2))
  await user().click(within(erase).getByRole('button', { name: erasureTexts.confirm }))
  await within(erase).findByText(erasureTexts.bookingToday)
  await user().click(within(erase).getByRole('button', { name: erasureTexts.confirmBookingToday }))
  expect(await within(erase).findByTestId('erasure-result')).toHaveProperty('textContent', erasureCountsText(twoLeadsErased))
  expect(backend.calls.filter((call) => call.name === 'erasePerson').map((call) => call.args)).toEqual([[phone, false], [phone, true]])
  // No toast over the dialog's buttons while the dialog shows the result; it follows once the dialog is closed.
  expect(screen.getAllByText(erasureCountsText(twoLeadsErased))).toHaveLength(1)
  await user().click(within(erase).getByRole('button', { name: erasureTexts.close }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(await screen.findByText(erasureCountsText(twoLeadsErased))).toBeTruthy()
  await waitFor(() => expect(screen.queryByRole('row', { name: /Priya/ })).toBeNull())
  expect(screen.getByRole('row', { name: /Rohan Gupta/ })).toBeTruthy()
})

test('staff see no Erase in the lead details and, in Settings, only the rates to read; their Requests list holds code requests they can send', async () => {
  start(aTeam.staff, { requests: [aRequest({ id: 'code' })] })
  await user().click(await screen.findByRole('tab', { name: 'Leads Management' }))
  await user().selectOptions(await screen.findByLabelText('View filter'), 'Unassigned')
  const details = await openDetails('Rohan Gupta')
  expect(within(details).queryByRole('button', { name: erasureTexts.erase })).toBeNull()
  await user().keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await user().click(screen.getByRole('tab', { name: 'Settings' }))
  expect(await within(await screen.findByRole('region', { name: ratesTexts.title })).findByText(ratesTexts.adminsOnly)).toBeTruthy()
  expect(within(screen.getByRole('tabpanel')).getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([ratesTexts.title])
  await user().click(screen.getByRole('tab', { name: /Requests/ }))
  const request = await screen.findByTestId('data-request')
  expect(within(request).queryByRole('button', { name: requestsTexts.reject })).toBeNull()
  expect(within(request).getByRole('button', { name: requestsTexts.sendCode })).toBeTruthy()
})

test('Requests: the open count on the tab, phones masked until shown, overdue marked; a code shown once with WhatsApp links in each language; a rejection needs a reason', async () => {
  const backend = start(aTeam.admin, {
    requests: [
      aRequest({ id: 'code', deadline: '2020-01-01T00:00:00.000Z' }),
      aRequest({ id: 'erase', kind: 'erasure', phone, comment: 'Please delete', deadline: '2099-01-01T00:00:00.000Z' }),
    ],
  })
  expect(await screen.findByTestId('open-requests')).toHaveProperty('textContent', '2')
  await user().click(screen.getByRole('tab', { name: /Requests/ }))
  const [code, erasure] = await screen.findAllByTestId('data-request')
  expect(within(code!).getByText('98•••••210')).toBeTruthy()
  expect(within(code!).queryByText('9876543210')).toBeNull()
  expect(within(code!).getByText(requestsTexts.overdue)).toBeTruthy()
  expect(within(erasure!).queryByText(requestsTexts.overdue)).toBeNull()
  await user().click(within(code!).getByRole('button', { name: requestsTexts.showPhone }))
  expect(within(code!).getByText('9876543210')).toBeTruthy()

  await user().click(within(code!).getByRole('button', { name: requestsTexts.sendCode }))
  const shown = await screen.findByTestId('access-code')
  expect(within(shown).getByTestId('code').textContent).toBe('042917')
  const links = within(shown).getAllByRole('link')
  expect(links).toHaveLength(Object.keys(accessCodeTexts!).length)
  for (const link of links) {
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/)
    expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toContain('042917')
  }
  await waitFor(() => expect(screen.getByTestId('open-requests').textContent).toBe('1'))
  await user().click(within(shown).getByRole('button', { name: requestsTexts.done }))
  expect(screen.queryByTestId('access-code')).toBeNull()

  const [, open] = await screen.findAllByTestId('data-request')
  await user().click(within(open!).getByRole('button', { name: requestsTexts.reject }))
  const confirm = within(open!).getByRole('button', { name: requestsTexts.confirmReject })
  expect(confirm).toHaveProperty('disabled', true)
  await user().type(within(open!).getByLabelText(requestsTexts.rejectReason), 'Not the number owner')
  await user().click(confirm)
  await waitFor(() => expect(backend.privacy.requests.find((request) => request.id === 'erase')).toMatchObject({ status: 'rejected', reason: 'Not the number owner' }))
  await waitFor(() => expect(screen.queryByTestId('open-requests')).toBeNull())
})

test('Requests: an admin erases for an erasure request; the result stays until read, then the request shows as done and erased', async () => {
  const backend = start(aTeam.admin, { requests: [aRequest({ id: 'erase', kind: 'erasure', phone, comment: 'Please delete' })] })
  await user().click(await screen.findByRole('tab', { name: /Requests/ }))
  const request = await screen.findByTestId('data-request')
  await user().click(within(request).getByRole('button', { name: requestsTexts.erase }))
  const erase = await screen.findByRole('alertdialog')
  await within(erase).findByText(erasureTexts.what(phone, 2))
  await user().click(within(erase).getByRole('button', { name: erasureTexts.confirm }))
  expect(await within(erase).findByTestId('erasure-result')).toHaveProperty('textContent', erasureCountsText(twoLeadsErased))
  await waitFor(() => expect(screen.queryByTestId('open-requests')).toBeNull())
  await waitFor(() => expect(backend.calls.filter((call) => call.name === 'fetchRequests').length).toBeGreaterThan(0))
  expect(screen.getByRole('alertdialog')).toBe(erase)
  expect(screen.getByTestId('erasure-result')).toBeTruthy()
  expect(backend.privacy.requests).toEqual([expect.objectContaining({ id: 'erase', status: 'done', phone: null })])
  await user().click(within(erase).getByRole('button', { name: erasureTexts.close }))
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  const done = await screen.findByTestId('data-request')
  await waitFor(() => expect(within(done).getByText(requestsTexts.erasedPhone)).toBeTruthy())
  expect(within(done).queryByRole('button', { name: requestsTexts.erase })).toBeNull()
})

test('Settings › Privacy: retention bounds said clearly, the audit log paged, and its CSV of every event', async () => {
  const events = Array.from({ length: 60 }, (_, index) => ({
    id: index + 1, at: new Date(Date.UTC(2026, 10, 20, 0, index)).toISOString(), kind: index === 59 ? 'sign_in' : 'export', actor: aTeam.admin.id, address: '203.0.113.9', detail: {},
  }))
  const backend = start(aTeam.admin, { events })
  const saved: Blob[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob)
    return 'blob:audit'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  await user().click(await screen.findByRole('tab', { name: 'Settings' }))
  const privacy = await screen.findByRole('region', { name: privacySettingsTexts.title })
  const unconverted = await within(privacy).findByLabelText('Unconverted leads (days)')
  await waitFor(() => expect(unconverted).toHaveProperty('value', '365'))
  await user().clear(unconverted)
  await user().type(unconverted, '10')
  await user().click(within(privacy).getByRole('button', { name: privacySettingsTexts.save }))
  expect(await within(privacy).findByRole('alert')).toHaveProperty('textContent', 'Unconverted leads (days): a whole number from 30 to 3650.')
  expect(backend.calls.some((call) => call.name === 'setRetention')).toBe(false)
  await user().clear(unconverted)
  await user().type(unconverted, '400')
  await user().click(within(privacy).getByRole('button', { name: privacySettingsTexts.save }))
  await waitFor(() => expect(backend.calls.find((call) => call.name === 'setRetention')?.args).toEqual([{ unconverted_lead_days: 400, closed_lead_days: 1095, unfinished_chat_days: 30, audit_days: 400 }]))

  await waitFor(() => expect(within(privacy).getAllByTestId('audit-event')).toHaveLength(50))
  await user().click(within(privacy).getByRole('button', { name: privacySettingsTexts.older }))
  await waitFor(() => expect(within(privacy).getAllByTestId('audit-event')).toHaveLength(60))
  await user().click(within(privacy).getByRole('button', { name: privacySettingsTexts.download }))
  await waitFor(() => expect(saved).toHaveLength(1))
  const csv = await blobText(saved[0])
  expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(61)
  expect(csv).toContain(',sign_in,')
})
