import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The ids of axe's serious and critical accessibility violations on the page as it is now. */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
