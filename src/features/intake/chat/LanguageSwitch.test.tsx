// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { LanguageSwitch } from './LanguageSwitch'

afterEach(cleanup)

const choices = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
]

function renderSwitch(switching: { to: string; failed: boolean } | null, onChoose = vi.fn()) {
  render(<LanguageSwitch choices={choices} current="en" label="Language" switching={switching} failedText="Could not load" onChoose={onChoose} />)
  return { onChoose, select: screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement }
}

it('offers each language by its own name and sends the code chosen', async () => {
  const { onChoose, select } = renderSwitch(null)
  expect([...select.options].map((option) => [option.value, option.textContent, option.lang])).toEqual([
    ['en', 'English', 'en'],
    ['hi', 'हिन्दी', 'hi'],
  ])
  expect(select.value).toBe('en')
  await userEvent.selectOptions(select, 'hi')
  expect(onChoose).toHaveBeenCalledWith('hi')
})

it('shows a language that is loading as chosen, and after a failed load the language the chat still speaks, with the message', () => {
  const loading = renderSwitch({ to: 'hi', failed: false })
  expect(loading.select.value).toBe('hi')
  expect(loading.select.getAttribute('aria-busy')).toBe('true')
  expect(screen.queryByRole('alert')).toBeNull()
  cleanup()
  const failed = renderSwitch({ to: 'hi', failed: true })
  expect(failed.select.value).toBe('en')
  expect(screen.getByRole('alert').textContent).toBe('Could not load')
})

it('is not there when the chat speaks one language only', () => {
  render(<LanguageSwitch choices={[choices[0]!]} current="en" label="Language" switching={null} failedText="x" onChoose={() => {}} />)
  expect(screen.queryByRole('combobox')).toBeNull()
})
