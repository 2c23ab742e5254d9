// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { AppRoutes } from './AppRoutes'

afterEach(cleanup)

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>
}

function renderAt(path: string) {
  render(
    <Provider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </Provider>,
  )
}

test('an unknown path shows 404, the spec line and a link home, and logs the path', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  renderAt('/rings/<script>')

  expect(screen.getByRole('heading', { name: '404' })).toBeTruthy()
  expect(screen.getByText('Oops! Page not found')).toBeTruthy()
  expect(log.mock.calls.some((call) => call.some((part) => String(part).includes('/rings/<script>')))).toBe(true)

  await userEvent.click(screen.getByRole('link', { name: 'Return to Home' }))
  expect(screen.getByTestId('path').textContent).toBe('/')
  // The home page's code loads on the click; on a busy machine that takes longer than findBy's 1 s default.
  expect(await screen.findByText(consultationFlow.chat.tagline, {}, { timeout: 10_000 })).toBeTruthy()
  log.mockRestore()
})

test('the home page is not a 404', () => {
  renderAt('/')
  expect(screen.queryByText('Oops! Page not found')).toBeNull()
})
