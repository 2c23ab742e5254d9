import { randomInt } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { istWallClock } from '../src/lib/dayjs.ts'
import { english, type ChatTexts } from './chat-texts.ts'

/** A valid 10-digit phone unique to this run, to find the test's own lead. */
export function uniquePhone(): string {
  return `9${String(randomInt(100_000_000, 999_999_999))}`
}

/** Picks an option of the newest bot message that offers it (older ones are disabled once answered). */
export async function choose(page: Page, label: string) {
  const option = page.getByRole('button', { name: label, exact: true, disabled: false }).last()
  await expect(option).toBeVisible({ timeout: 15_000 })
  await option.click()
}

/** Fills a form step's fields (by field id) and sends it, in the chat's language; `beforeSending` acts on the filled form. */
export async function fillForm(
  page: Page,
  stepId: string,
  values: Record<string, string>,
  texts: ChatTexts = english,
  beforeSending?: () => Promise<void>,
) {
  for (const [fieldId, value] of Object.entries(values)) {
    const field = page.getByLabel(texts.field(stepId, fieldId), { exact: true })
    await expect(field).toBeVisible({ timeout: 15_000 })
    await field.fill(value)
  }
  await beforeSending?.()
  await page.getByRole('button', { name: texts.submit(stepId), exact: true }).click()
}

/** Ticks the name form's WhatsApp marketing opt-in (unticked until the visitor ticks it). */
export async function optInToWhatsAppMarketing(page: Page, texts: ChatTexts = english) {
  const label = texts.text(['notice', 'marketing'])
  // The box is drawn by its label, which takes the tap, as a visitor's thumb does.
  await page.getByText(label, { exact: true }).click()
  await expect(page.getByRole('checkbox', { name: label })).toBeChecked()
}

/** Opens the month of an IST date in the scheduler's calendar and picks that day, once it is offered. */
export async function pickDate(page: Page, dateKey: string) {
  const day = istWallClock(dateKey, '12:00')
  const label = new RegExp(`${day.format('MMMM')} ${day.date()}(st|nd|rd|th), ${day.year()}`)
  const option = page.getByRole('gridcell', { name: label })
  for (let month = 0; month < 3 && !(await option.isVisible()); month += 1) {
    await page.getByRole('button', { name: 'Next Month' }).click()
  }
  // A day is selectable once the month's bookable slots have loaded.
  await expect(option).toHaveAttribute('aria-disabled', 'false', { timeout: 15_000 })
  await option.click()
}

export async function answerUpToBudget(page: Page, name: string, phone: string, { marketing = false } = {}) {
  await fillForm(page, 'name_form', { name, phone }, english, marketing ? () => optInToWhatsAppMarketing(page) : undefined)
  await choose(page, 'Anniversary')
  await choose(page, 'Ring')
}

/** From the budget question to the saved lead: no upload, the specification skipped, the final details. */
export async function answerAfterBudget(page: Page) {
  for (const label of ['Up to ₹50,000', 'Expert Suggestions', 'Skip this step', 'Skip this step', 'Skip this step', 'Skip this step', 'Flexible']) {
    await choose(page, label)
  }
  await fillForm(page, 'final_details', { city: 'Jaipur', email: 'recorded@example.com' })
}

/** The recording session of the chat this tab keeps (sessionStorage, see chat/stored-chat.ts). */
export async function sessionIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    const stored = JSON.parse(window.sessionStorage.getItem('consultation-chat') ?? 'null') as { snapshot?: { context?: { sessionId?: string } } } | null
    return stored?.snapshot?.context?.sessionId
  })
  expect(id).toMatch(/^[0-9a-f-]{36}$/)
  return id as string
}

export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
