// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { brand } from '@/lib/brand'
import { answerUntil, bookedSlot, chooseOption, settle, snapshotOf, startChat, waitingAt } from '@/testing/intake/chat-driver'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { consultationParts } from '@/testing/intake/timed-behaviour'
import { inHindi } from '@/testing/intake/test-languages'
import { flowLanguage, type ChatLanguage } from '../flow/chat-language'
import { renderTemplate } from '../flow/placeholders'
import type { IntakeContext } from '../machine/intake-types'
import BookedLinks from './BookedLinks'
import { loadLanguage } from './chat-languages'
import { bookedCardTexts } from './intake-machine'
import { shownSchedulerTexts } from './shown-texts'
import { blobText } from '@/testing/blob-text'

afterEach(cleanup)

const card = consultationFlow.scheduler?.card
const hindiCard = inHindi(consultationFlow).flow.scheduler?.card
let booked: IntakeContext
let hindi: ChatLanguage

beforeAll(async () => {
  hindi = await loadLanguage('hi')
  vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00+05:30') })
  const chat = startChat(consultationFlow)
  const { postSave, schedule } = consultationParts(consultationFlow)
  await answerUntil(chat, waitingAt(postSave.id))
  chooseOption(chat, postSave, schedule.label)
  await settle()
  chat.actor.send({ type: 'scheduler.book', date: bookedSlot.day, time: '15:00' })
  await settle()
  booked = snapshotOf(chat).context
  vi.useRealTimers()
})

const shown = (language: ChatLanguage) => shownSchedulerTexts(bookedCardTexts(booked), language)

test('the booked chat keeps the booking, with its manage link', () => {
  expect(booked.booking).toEqual(bookedSlot)
})

test("the links lead to the visitor's own page and to WhatsApp with the date, the time and that page", () => {
  render(<BookedLinks booking={bookedSlot} texts={shown(flowLanguage)} />)
  expect(screen.getByRole('link', { name: card?.manage }).getAttribute('href')).toBe(bookedSlot.manageLink)
  const whatsApp = new URL(screen.getByRole('link', { name: card?.send_whatsapp }).getAttribute('href') ?? '')
  const values = { date: bookedSlot.date, time: bookedSlot.time, manage_link: bookedSlot.manageLink }
  expect(whatsApp.pathname).toBe(`/${brand.whatsapp}`)
  expect(whatsApp.searchParams.get('text')).toBe(renderTemplate(card?.whatsapp_booked ?? '', values))
  for (const value of Object.values(values)) expect(whatsApp.searchParams.get('text')).toContain(value)
})

test('in Hindi the links read as the translation says', () => {
  render(<BookedLinks booking={bookedSlot} texts={shown(hindi)} />)
  expect(screen.getByRole('button', { name: hindiCard?.add_to_calendar })).toBeTruthy()
  expect(screen.getByRole('link', { name: hindiCard?.manage })).toBeTruthy()
  const whatsApp = new URL(screen.getByRole('link', { name: hindiCard?.send_whatsapp }).getAttribute('href') ?? '')
  expect(whatsApp.searchParams.get('text')).toContain(bookedSlot.manageLink)
  expect(whatsApp.searchParams.get('text')).toContain(bookedSlot.time)
})

test('"Add to calendar" downloads the booking as an .ics file at its IST time, named in the visitor\'s language', async () => {
  const files: Blob[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
    files.push(file as Blob)
    return 'blob:calendar'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const names: string[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download)
  })
  render(<BookedLinks booking={bookedSlot} texts={shown(flowLanguage)} />)
  await userEvent.click(screen.getByRole('button', { name: card?.add_to_calendar }))
  await vi.waitFor(() => expect(files).toHaveLength(1))
  const ics = (await blobText(files[0])).replace(/\r\n[ \t]/g, '')
  expect(names).toEqual([`${brand.short_name}-consultation-${bookedSlot.day}.ics`])
  expect(files[0]?.type).toBe('text/calendar;charset=utf-8')
  expect(ics).toContain('DTSTART;TZID=Asia/Kolkata:20261124T150000')
  expect(ics).toContain(`SUMMARY:${card?.calendar_title}`)
  expect(ics).toContain(`UID:${bookedSlot.manageTokenHash}@${brand.short_name}.booking`)
  expect(ics).toContain(bookedSlot.manageLink)
})
