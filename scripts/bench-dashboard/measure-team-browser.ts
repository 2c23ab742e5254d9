import type { Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { percentile } from './measure-dashboard.ts'

export interface BrowserTimings {
  p50: number
  p95: number
  times: number
}

/** Clicks the element `click` finds and resolves with the time until `done` finds something on screen (checked every frame). */
function clickToShown(page: Page, click: string, done: string) {
  return page.evaluate(
    ({ click, done }) =>
      new Promise<number>((resolve, reject) => {
        const target = [...document.querySelectorAll<HTMLElement>(click.split('|')[0]!)].find((node) => node.textContent === click.split('|')[1])
        if (!target) return reject(new Error(`nothing to click: ${click}`))
        const started = performance.now()
        target.click()
        const check = () => (document.querySelector(done) ? resolve(performance.now() - started) : performance.now() - started > 60_000 ? reject(new Error(`${done} never showed`)) : requestAnimationFrame(check))
        requestAnimationFrame(check)
      }),
    { click, done },
  )
}

const summary = (durations: number[]): BrowserTimings => ({ p50: percentile(durations, 50), p95: percentile(durations, 95), times: durations.length })

/** The Today tab, click to its sections on screen (the queue read and drawn), `times` times (leaving for the leads tab between). */
export async function todayTabTimings(page: Page, times: number): Promise<BrowserTimings> {
  const durations: number[] = []
  for (let attempt = 0; attempt < times; attempt += 1) {
    durations.push(await clickToShown(page, '[role=tab]|Today', '[data-testid="today"]'))
    await page.getByRole('tab', { name: 'Leads Management' }).click()
    await page.getByRole('heading', { name: /^Leads \(\d+\)$/ }).waitFor()
  }
  return summary(durations)
}

/** A lead's details, View click to its first history rows on screen, `times` times; the lead found by its phone in the leads table. */
export async function historyTimings(page: Page, service: SupabaseClient, leadId: string, times: number): Promise<BrowserTimings> {
  const { data, error } = await service.from('leads').select('phone').eq('id', leadId).single()
  if (error) throw new Error(`reading the lead to open failed: ${error.message}`)
  await page.getByPlaceholder('Search leads...').fill((data as { phone: string }).phone)
  await page.locator('[data-testid="leads-scroll"] tbody tr[data-index="0"] button', { hasText: 'View' }).waitFor()
  const durations: number[] = []
  for (let attempt = 0; attempt < times; attempt += 1) {
    durations.push(await clickToShown(page, '[data-testid="leads-scroll"] tbody tr[data-index="0"] button|View', '[data-testid="history-event"]'))
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  }
  await page.getByPlaceholder('Search leads...').fill('')
  return summary(durations)
}
