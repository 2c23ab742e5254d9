import { expect, test } from '@playwright/test'
import { english } from './chat-texts.ts'

test('the home page shows the brand header', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText(english.text(['chat', 'tagline']))).toBeVisible()
  await expect(page.getByRole('img', { name: /logo/i })).toBeVisible()
})

test('an unknown path shows the not-found page and logs the path', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  expect(logged.some((line) => line.includes('/no/such/page'))).toBe(true)
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByText(english.text(['chat', 'tagline']))).toBeVisible()
})
