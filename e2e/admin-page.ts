import { expect, type Page } from '@playwright/test'
import { adminCredentials } from './admin-backend.ts'

export async function signIn(page: Page, credentials?: { email: string; password: string }) {
  const { email, password } = credentials ?? (await adminCredentials())
  await page.goto('/admin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

export async function signInAsAdmin(page: Page) {
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Kanak Bespoke Admin Dashboard' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Leads \(\d+\)$/ })).toBeVisible()
}

export function toast(page: Page, title: string) {
  return page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title })
}
