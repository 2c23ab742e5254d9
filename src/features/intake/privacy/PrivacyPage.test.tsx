// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { brand } from '@/lib/brand'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { inFlowLanguage, inHindi, type TestLanguage } from '@/testing/intake/test-languages'
import { renderTemplate } from '../flow/placeholders'
import { PrivacyPage } from './PrivacyPage'

afterEach(cleanup)

const { version, retention } = consultationFlow.notice
const values = {
  ...Object.fromEntries(Object.entries(retention).map(([name, days]) => [name, String(days)])),
  business: brand.title,
  address: brand.address,
  business_phone: `+${brand.phone}`,
  version,
}
const filled = (text: string) => renderTemplate(text, values)
/** A paragraph's text as the page shows it: its lines kept, compared with testing-library's whitespace folded. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim()

describe.each([
  ['English', inFlowLanguage(consultationFlow), ''],
  ['Hindi', inHindi(consultationFlow), '?lang=hi'],
] as [string, TestLanguage, string][])('the Privacy notice page in %s', (_, language, query) => {
  const { page } = language.flow.notice

  test('shows every section of the flow with the brand, the retention days and the version filled in', () => {
    render(<PrivacyPage language={language.chat} />)
    expect(screen.getByRole('heading', { level: 2, name: page.title })).toBeTruthy()
    for (const [name, section] of Object.entries(page.sections)) {
      const region = screen.getByRole('region', { name: section.heading })
      const paragraphs = filled(section.body).split(/\n\s*\n/).map(folded)
      expect(within(region).getAllByText((__, element) => element?.tagName === 'P').map((p) => folded(p.textContent ?? ''))).toEqual(paragraphs)
      if (name === 'how_long') for (const days of Object.values(retention)) expect(region.textContent).toContain(String(days))
    }
    expect(screen.getByText(filled(page.version_line)).textContent).toContain(version)
    expect(document.body.textContent).toContain(`+${brand.phone}`)
  })

  test('links to My data and back to the chat in the same language', () => {
    render(<PrivacyPage language={language.chat} />)
    expect(screen.getByRole('link', { name: page.my_data }).getAttribute('href')).toBe(`/my-data${query}`)
    expect(screen.getByRole('link', { name: page.back }).getAttribute('href')).toBe(`/${query}`)
  })
})
