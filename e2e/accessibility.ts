import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The ids of axe's serious and critical accessibility violations on the page once its finite animations have ended. */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  // A toast or sheet still fading in has no final colours yet; axe would judge its contrast mid-way.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  )
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
