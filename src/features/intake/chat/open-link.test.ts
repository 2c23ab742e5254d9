import { expect, test } from 'vitest'
import { openLink } from './open-link'

function fakeWindow(opens: boolean) {
  const assigned: string[] = []
  const opened: { url: string; opener: unknown }[] = []
  const win = {
    location: { assign: (url: string) => void assigned.push(url) },
    open: (url: string) => {
      if (!opens) return null
      const tab = { url, opener: 'the chat' as unknown }
      opened.push(tab)
      return tab
    },
  } as unknown as Window
  return { win, assigned, opened }
}

test('a messaging link opens in a new tab that cannot reach back into the chat', () => {
  const { win, assigned, opened } = fakeWindow(true)
  openLink('https://wa.me/919876543210?text=Hi', win)
  expect(opened).toEqual([{ url: 'https://wa.me/919876543210?text=Hi', opener: null }])
  expect(assigned).toEqual([])
})

test('when the browser blocks the new tab, the link opens in this tab instead of being lost', () => {
  const { win, assigned } = fakeWindow(false)
  openLink('https://wa.me/919876543210?text=Hi', win)
  expect(assigned).toEqual(['https://wa.me/919876543210?text=Hi'])
})

test('a tel link hands over to the phone app; an empty link does nothing', () => {
  const { win, assigned, opened } = fakeWindow(true)
  openLink('tel:+919876543210', win)
  openLink('', win)
  expect(assigned).toEqual(['tel:+919876543210'])
  expect(opened).toEqual([])
})
