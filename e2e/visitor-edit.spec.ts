import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminClient } from './admin-backend.ts'
import { english } from './chat-texts.ts'
import { uniquePhone } from './visitor-chat.ts'

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})

/** Presses Tab until `target` has the focus (the chat adds Edit buttons along the way), then `key`. */
async function tabTo(page: Page, target: Locator, key = 'Enter') {
  await expect(target).toBeVisible({ timeout: 15_000 })
  for (let presses = 0; presses < 40 && !(await target.evaluate((node) => node === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
  await page.keyboard.press(key)
}

const option = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true, disabled: false }).last()

async function typeInto(page: Page, label: string, text: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }), 'End')
  await page.keyboard.type(text)
}

test('a visitor changes the occasion by keyboard: the chat goes on at the metal question and the lead keeps the other answers', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 360, height: 780 })
  const phone = uniquePhone()
  await page.goto('/')
  await typeInto(page, english.field('name_form', 'name'), 'Meera Iyer')
  await typeInto(page, english.field('name_form', 'phone'), phone)
  await page.keyboard.press('Enter')
  for (const label of ['Anniversary', 'Ring', 'Up to ₹50,000', 'Handpicked Options']) await tabTo(page, option(page, label))
  const metalQuestion = page.getByText(english.said('advanced_filters'))
  await expect(metalQuestion).toHaveCount(1, { timeout: 15_000 })

  await tabTo(page, page.getByRole('button', { name: english.edit('occasion') }))
  const current = page.getByRole('button', { name: '✓ Anniversary', disabled: false })
  await expect(current).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 })
  await tabTo(page, option(page, 'Birthday/Gift'))
  const changed = english.text(['chat', 'changed'], { step: english.text(['steps', 'occasion', 'label']), from: 'Anniversary', to: 'Birthday/Gift' })
  await expect(page.getByText(changed)).toBeVisible({ timeout: 15_000 })
  await expect(metalQuestion).toHaveCount(2, { timeout: 15_000 })
  await expect(page.getByText(english.said('product_type'))).toHaveCount(1)
  const editProduct = page.getByRole('button', { name: english.edit('product_type') })
  await expect(editProduct).toBeVisible()
  expect((await editProduct.boundingBox())?.height).toBeGreaterThanOrEqual(44)
  await page.screenshot({ path: 'test-results/screenshots/visitor-edit-360.png', fullPage: true })

  for (const label of ['Yellow Gold', '18K', 'Lab-Grown', 'Round', 'Flexible']) await tabTo(page, option(page, label))
  await typeInto(page, english.field('final_details', 'city'), 'Chennai')
  await typeInto(page, english.field('final_details', 'email'), 'meera.iyer@example.in')
  await page.keyboard.press('Enter')
  await expect(page.getByText(english.text(['steps', 'completion', 'success', 'say', 0], { name: 'Meera Iyer' }))).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: english.pattern(['chat', 'edit']) })).toHaveCount(0)

  const { data, error } = await (await adminClient()).from('leads').select('*').eq('phone', phone)
  expect(error).toBeNull()
  expect(data).toHaveLength(1)
  expect(data?.[0]).toMatchObject({
    name: 'Meera Iyer',
    occasion: 'Birthday/Gift',
    product_type: 'Ring',
    budget_range: 'Up to ₹50,000',
    design_preference: 'Handpicked Options',
    metal_choice: 'Yellow Gold',
    gold_carat: '18K',
    city: 'Chennai',
  })
})
