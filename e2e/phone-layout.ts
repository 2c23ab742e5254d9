import { expect, type Page } from '@playwright/test'

export const phone = { width: 390, height: 844 }

/** Elements that stick out of the viewport sideways, ignoring what a scrolling box of their own clips. */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}[${(element.textContent ?? '').trim().slice(0, 30)}]`
    const clippedByScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) break
        const box = parent.getBoundingClientRect()
        if (getComputedStyle(parent).overflowX !== 'visible' && box.left >= -0.5 && box.right <= width + 0.5) return true
      }
      return false
    }
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) return false
        return (box.left < -0.5 || box.right > width + 0.5) && !clippedByScroller(element)
      })
      .map(describe)
  }, phone.width)
}

/** Visible buttons, links, inputs and selects smaller than 44 × 44 px. */
async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=tab], [role=option]')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return false
        // Chakra's visually hidden inputs behind custom controls: 1 px, clipped.
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return false
        return box.width < 43.5 || box.height < 43.5
      })
      .map((element) => {
        const box = element.getBoundingClientRect()
        const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 30)
        return `${element.tagName.toLowerCase()}[${name}] ${Math.round(box.width)}×${Math.round(box.height)}`
      }),
  )
}

/** Visible text drawn smaller than 14 px. */
async function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || !(node.textContent ?? '').trim()) continue
      const box = parent.getBoundingClientRect()
      const style = getComputedStyle(parent)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') continue
      if (parseFloat(style.fontSize) < 14) found.push(`${(node.textContent ?? '').trim().slice(0, 30)} ${style.fontSize}`)
    }
    return found
  })
}

/** The page as it is now fits a phone: no sideways scrolling, thumb-sized controls, readable text. */
export async function expectPhoneFriendly(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await overflowingElements(page)).toEqual([])
  expect(await smallControls(page)).toEqual([])
  expect(await smallText(page)).toEqual([])
}
