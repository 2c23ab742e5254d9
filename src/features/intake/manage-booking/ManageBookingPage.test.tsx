// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import type { ManagedBooking } from '@/features/scheduling/api/manage-booking-api'
import type { BookableSlot } from '@/features/scheduling/api/scheduling-api'
import { slotInstant } from '@/features/scheduling/slot-rules'
import { ApiError, errorCodes } from '@/lib/api-error'
import { brand } from '@/lib/brand'
import { istDateKey } from '@/lib/dayjs'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { inHindi } from '@/testing/intake/test-languages'
import { renderTemplate } from '../flow/placeholders'
import type { ManageBookingActors } from './manage-booking-actors'
import { ManageBookingPage } from './ManageBookingPage'

afterEach(cleanup)

const english = { page: consultationFlow.scheduler!.manage_page, card: consultationFlow.scheduler!.card }
const hindiFlow = inHindi(consultationFlow).flow
const hindi = { page: hindiFlow.scheduler!.manage_page, card: hindiFlow.scheduler!.card }

/** A month ahead, so the scheduler's calendar (which starts at today) reaches it with one click. */
const ahead = new Date(Date.now() + 32 * 86_400_000)
const day = istDateKey(ahead)
const otherDay = istDateKey(new Date(ahead.getTime() + 86_400_000))

const booking = (changes: Partial<ManagedBooking> = {}): ManagedBooking => ({
  slot: slotInstant(day, '11:00'),
  status: 'scheduled',
  language: 'en',
  can_change: true,
  change_cutoff_hours: 12,
  first_name: 'Asha',
  ...changes,
})

const refused = (code: string) => new ApiError(code, `refused: ${code}`)

/** A booking as the database keeps it, changed only by the page's calls; each call's answer may be overridden. */
function actorsFor(stored: ManagedBooking, answers: Partial<Record<keyof ManageBookingActors, () => Promise<never>>> = {}) {
  const calls: string[] = []
  let current = stored
  const offered: BookableSlot[] = [
    { slot: slotInstant(otherDay, '15:00'), capacity: 2, taken: 1 },
    { slot: slotInstant(otherDay, '16:00'), capacity: 1, taken: 1 },
  ]
  const actors: ManageBookingActors = {
    fetchBooking: async (token) => (calls.push(`fetch ${token}`), answers.fetchBooking?.() ?? current),
    rescheduleBooking: async (token, slot) => {
      calls.push(`reschedule ${token} ${slot}`)
      if (answers.rescheduleBooking) return answers.rescheduleBooking()
      current = { ...current, slot }
      return current
    },
    cancelBooking: async (token) => {
      calls.push(`cancel ${token}`)
      if (answers.cancelBooking) return answers.cancelBooking()
      current = { ...current, status: 'cancelled' }
      return current
    },
    loadSlots: async (fromDate, toDate) => offered.filter((slot) => istDateKey(slot.slot) >= fromDate && istDateKey(slot.slot) <= toDate),
  }
  return { actors, calls }
}

function open(actors: ManageBookingActors, requestedLanguage: string | null = null) {
  render(<ManageBookingPage token="tok" requestedLanguage={requestedLanguage} actors={actors} header={(tagline) => <header>{tagline}</header>} />)
}

const longDate = (key: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(`${key}T12:00:00+05:30`))

test('shows the appointment with the first name, date and time, and offers Reschedule and Cancel', async () => {
  const { actors, calls } = actorsFor(booking())
  open(actors)
  expect(screen.getByRole('status').textContent).toBe(english.page.loading)
  const shown = renderTemplate(english.page.booked, { name: 'Asha', date: longDate(day, 'en-IN'), time: '11:00 AM' })
  expect(await screen.findByText(shown)).toBeTruthy()
  expect(screen.getByRole('heading', { name: english.page.title })).toBeTruthy()
  expect(screen.getByRole('button', { name: english.page.reschedule })).toBeTruthy()
  expect(screen.getByRole('button', { name: english.page.cancel })).toBeTruthy()
  expect(screen.getByRole('banner').textContent).toBe(consultationFlow.chat.tagline)
  expect(calls).toEqual(['fetch tok'])
})

test("speaks the booking's language, or the one ?lang= asks for", async () => {
  open(actorsFor(booking({ language: 'hi' })).actors)
  const shown = renderTemplate(hindi.page.booked, { name: 'Asha', date: longDate(day, 'hi-IN'), time: '11:00 AM' })
  expect(await screen.findByText(shown)).toBeTruthy()
  expect(screen.getByRole('button', { name: hindi.page.cancel })).toBeTruthy()
  expect(screen.getByRole('main').getAttribute('lang')).toBe('hi')
  cleanup()
  open(actorsFor(booking({ language: 'hi' })).actors, 'en')
  expect(await screen.findByRole('button', { name: english.page.cancel })).toBeTruthy()
})

test('links My data opened by the same token, in the language shown', async () => {
  open(actorsFor(booking()).actors)
  const link = await screen.findByRole('link', { name: consultationFlow.notice.my_data.title })
  expect(link.getAttribute('href')).toBe('/my-data#tok')
  cleanup()
  open(actorsFor(booking()).actors, 'hi')
  expect((await screen.findByRole('link', { name: hindiFlow.notice.my_data.title })).getAttribute('href')).toBe('/my-data?lang=hi#tok')
})

test('cancels after the question, or keeps the appointment', async () => {
  const { actors, calls } = actorsFor(booking())
  open(actors)
  await userEvent.click(await screen.findByRole('button', { name: english.page.cancel }))
  expect(screen.getByText(renderTemplate(english.page.cancel_question, { date: longDate(day, 'en-IN'), time: '11:00 AM' }))).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: english.page.back }))
  expect(calls).toEqual(['fetch tok'])
  await userEvent.click(screen.getByRole('button', { name: english.page.cancel }))
  await userEvent.click(screen.getByRole('button', { name: english.page.cancel_confirm }))
  expect(await screen.findByRole('heading', { name: english.page.cancelled_title })).toBeTruthy()
  expect(screen.getByText(english.page.cancelled)).toBeTruthy()
  expect(calls).toEqual(['fetch tok', 'cancel tok'])
})

test('a cancel another tab already made shows the booking cancelled', async () => {
  open(actorsFor(booking(), { cancelBooking: () => Promise.reject(refused(errorCodes.alreadyCancelled)) }).actors)
  await userEvent.click(await screen.findByRole('button', { name: english.page.cancel }))
  await userEvent.click(screen.getByRole('button', { name: english.page.cancel_confirm }))
  expect(await screen.findByRole('heading', { name: english.page.cancelled_title })).toBeTruthy()
})

test('within the cut-off: no Reschedule or Cancel, the message with the hours and a call link to the business', async () => {
  open(actorsFor(booking({ can_change: false, change_cutoff_hours: 24 })).actors)
  expect(await screen.findByText(renderTemplate(english.page.too_late, { hours: '24' }))).toBeTruthy()
  expect(screen.getByRole('link', { name: english.page.call }).getAttribute('href')).toBe(`tel:+${brand.phone}`)
  expect(screen.queryByRole('button', { name: english.page.cancel })).toBeNull()
  expect(screen.queryByRole('button', { name: english.page.reschedule })).toBeNull()
})

test('a cancel refused as too late (the cut-off passed while the page was open) says to call', async () => {
  open(actorsFor(booking(), { cancelBooking: () => Promise.reject(refused(errorCodes.tooLateToChange)) }).actors)
  await userEvent.click(await screen.findByRole('button', { name: english.page.cancel }))
  await userEvent.click(screen.getByRole('button', { name: english.page.cancel_confirm }))
  expect(await screen.findByText(renderTemplate(english.page.too_late, { hours: '12' }))).toBeTruthy()
  expect(screen.getByRole('link', { name: english.page.call })).toBeTruthy()
})

test("a bad link gets the one 'link not valid' page, in the language ?lang= asks for; a failure to load offers to try again", async () => {
  open(actorsFor(booking(), { fetchBooking: () => Promise.reject(refused(errorCodes.linkNotValid)) }).actors)
  expect(await screen.findByRole('heading', { name: english.page.not_valid_title })).toBeTruthy()
  expect(screen.getByText(english.page.not_valid)).toBeTruthy()
  cleanup()
  open(actorsFor(booking(), { fetchBooking: () => Promise.reject(refused(errorCodes.linkNotValid)) }).actors, 'hi')
  expect(await screen.findByRole('heading', { name: hindi.page.not_valid_title })).toBeTruthy()
  expect(screen.getByText(hindi.page.not_valid)).toBeTruthy()
  cleanup()
  let failures = 1
  const { actors } = actorsFor(booking())
  const fetchBooking = actors.fetchBooking
  open({ ...actors, fetchBooking: async (token) => (failures-- > 0 ? Promise.reject(new Error('offline')) : fetchBooking(token)) })
  expect(await screen.findByText(english.page.failed)).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: english.page.try_again }))
  expect(await screen.findByRole('button', { name: english.page.cancel })).toBeTruthy()
})

async function pickOtherDayAt(time: string) {
  await userEvent.click(await screen.findByRole('button', { name: english.page.reschedule }))
  const [, month, date] = otherDay.split('-').map(Number) as [number, number, number]
  const label = new RegExp(`${new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date(2000, month - 1, 1))} ${date}(st|nd|rd|th)`)
  const cell = () => screen.getByRole('gridcell', { name: label })
  await screen.findAllByRole('gridcell', {}, { timeout: 15_000 })
  for (let clicks = 0; clicks < 3 && !screen.queryByRole('gridcell', { name: label }); clicks += 1) {
    await userEvent.click(screen.getByRole('button', { name: 'Next Month' }))
  }
  await waitFor(() => expect(cell().getAttribute('aria-disabled')).toBe('false'))
  await userEvent.click(cell())
  await userEvent.click(screen.getByRole('button', { name: time }))
  await userEvent.click(screen.getByRole('button', { name: english.page.reschedule_confirm }))
}

test('reschedules with the scheduler onto a slot it offers (a full one disabled), then shows the new time', async () => {
  const { actors, calls } = actorsFor(booking())
  open(actors)
  await pickOtherDayAt('3:00 PM')
  const moved = renderTemplate(english.page.rescheduled, { date: longDate(otherDay, 'en-IN'), time: '3:00 PM' })
  expect(await screen.findByText(moved)).toBeTruthy()
  expect(calls).toEqual(['fetch tok', `reschedule tok ${slotInstant(otherDay, '15:00')}`])
})

test("a slot filled meanwhile: the scheduler card's text says so and the visitor picks again", async () => {
  open(actorsFor(booking(), { rescheduleBooking: () => Promise.reject(refused(errorCodes.slotFull)) }).actors)
  await pickOtherDayAt('3:00 PM')
  expect(await screen.findByText(english.card.slot_taken)).toBeTruthy()
  expect(screen.getByRole('button', { name: english.page.reschedule_confirm })).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: english.page.back }))
  expect(screen.getByRole('button', { name: english.page.reschedule })).toBeTruthy()
})
