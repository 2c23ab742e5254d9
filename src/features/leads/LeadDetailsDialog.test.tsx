// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { adminSystem } from '../../components/ui/admin-system'
import { languageNames } from '../../lib/consultation-facts'
import { aLead } from '../../testing/lead-fixtures'
import { LeadDetailsDialog } from './LeadDetailsDialog'

afterEach(cleanup)

function languageShown(language: string): string | null {
  render(
    <ChakraProvider value={adminSystem}>
      <LeadDetailsDialog lead={aLead({ language })} referenceImageUrl={(path) => path} onClose={() => {}} />
    </ChakraProvider>,
  )
  const customer = screen.getByRole('heading', { name: 'Customer Information' }).closest('section')
  const label = within(customer as HTMLElement).getByText('Language')
  const shown = label.nextElementSibling?.textContent ?? null
  cleanup()
  return shown
}

test('the flow translations name their languages for the dashboard', () => {
  expect(languageNames).toEqual({ hi: 'हिन्दी' })
})

test('the details dialog shows the language the visitor chatted in with the customer', () => {
  expect(languageShown('en')).toBe('English')
  expect(languageShown('hi')).toBe('हिन्दी (Hindi)')
})

test('a language without a translation goes by its English name, an unknown code as it is', () => {
  expect(languageShown('ta')).toBe('Tamil')
  expect(languageShown('qaa')).toBe('qaa')
  expect(languageShown('not a code')).toBe('not a code')
})
