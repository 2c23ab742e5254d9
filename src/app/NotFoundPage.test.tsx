// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, expect, test, vi } from 'vitest'
import { Provider } from '../components/ui/provider'
import { routes } from './routes'

afterEach(cleanup)

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  )
  return router
}

test('an unknown path shows 404, the spec line and a link home, and logs the path', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  const router = renderAt('/rings/<script>')

  expect(screen.getByRole('heading', { name: '404' })).toBeTruthy()
  expect(screen.getByText('Oops! Page not found')).toBeTruthy()
  expect(log.mock.calls.some((call) => call.some((part) => String(part).includes('/rings/<script>')))).toBe(true)

  await userEvent.click(screen.getByRole('link', { name: 'Return to Home' }))
  expect(router.state.location.pathname).toBe('/')
  expect(await screen.findByText('Your Personal Jewelry Consultant')).toBeTruthy()
  log.mockRestore()
})

test('the home page is not a 404', () => {
  renderAt('/')
  expect(screen.queryByText('Oops! Page not found')).toBeNull()
})
