// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { useBackToClose } from './use-back-to-close'

afterEach(cleanup)

function Sheet({ open, enabled, onClose }: { open: boolean; enabled: boolean; onClose: () => void }) {
  useBackToClose(open, enabled, onClose)
  return null
}

/** Runs the hook's deferred work. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve)))

const nextPopState = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))

const goBack = () =>
  act(async () => {
    const popped = nextPopState()
    window.history.back()
    await popped
  })

test('on a phone, opening pushes one entry and the back gesture closes the sheet', async () => {
  const before = window.history.length
  const onClose = vi.fn()
  render(
    <StrictMode>
      <Sheet open enabled onClose={onClose} />
    </StrictMode>,
  )
  await settle()
  expect(window.history.length).toBe(before + 1)
  expect(onClose).not.toHaveBeenCalled()
  await goBack()
  expect(onClose).toHaveBeenCalledTimes(1)
})

test('closing by a button pops the entry the sheet pushed, without closing it twice', async () => {
  const onClose = vi.fn()
  const { rerender } = render(<Sheet open enabled onClose={onClose} />)
  expect(window.history.state).toEqual(expect.objectContaining({ openSheet: expect.any(String) }))
  const popped = nextPopState()
  rerender(<Sheet open={false} enabled onClose={onClose} />)
  await act(() => popped)
  expect(window.history.state).toEqual(expect.not.objectContaining({ openSheet: expect.anything() }))
  expect(onClose).not.toHaveBeenCalled()
})

test('unmounting an open sheet pops its entry too', async () => {
  const { unmount } = render(<Sheet open enabled onClose={() => {}} />)
  expect(window.history.state).toEqual(expect.objectContaining({ openSheet: expect.any(String) }))
  const popped = nextPopState()
  unmount()
  await act(() => popped)
  expect(window.history.state).toEqual(expect.not.objectContaining({ openSheet: expect.anything() }))
})

test('on a desktop, history is left alone', async () => {
  const before = window.history.length
  const state = window.history.state as unknown
  const onClose = vi.fn()
  render(<Sheet open enabled={false} onClose={onClose} />)
  await settle()
  expect(window.history.length).toBe(before)
  expect(window.history.state).toBe(state)
})
