// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest'
import { createAdPixel } from './ad-pixel'

type Queued = { fbq?: { queue?: unknown[][] } }

afterEach(() => {
  delete (window as Queued).fbq
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})

test('without a pixel id nothing is loaded and events are dropped on purpose', () => {
  for (const id of [undefined, '', '   ']) {
    createAdPixel(id).track('CompleteRegistration', {})
  }
  expect((window as Queued).fbq).toBeUndefined()
  expect(document.head.querySelector('script')).toBeNull()
})

test('with a pixel id the script loads once and each event is queued with its parameters', () => {
  const pixel = createAdPixel('1234567890')
  createAdPixel('1234567890')
  pixel.track('Contact', { action: 'whatsapp' })
  pixel.track('Lead', { name: 'Asha Rao', phone: '9876543210' })
  pixel.track('CompleteRegistration', { content_name: 'Jewelry Consultation', content_category: 'Lead Generation' })

  expect(document.head.querySelectorAll('script[src*="fbevents.js"]')).toHaveLength(1)
  expect((window as Queued).fbq?.queue).toEqual([
    ['init', '1234567890'],
    ['track', 'PageView'],
    ['track', 'Contact', { action: 'whatsapp' }],
    ['track', 'Lead', { name: 'Asha Rao', phone: '9876543210' }],
    ['track', 'CompleteRegistration', { content_name: 'Jewelry Consultation', content_category: 'Lead Generation' }],
  ])
})

test('once the pixel script has loaded, events go straight to it instead of the queue', () => {
  const pixel = createAdPixel('42')
  const delivered: unknown[][] = []
  const fbq = (window as unknown as { fbq: { callMethod?: (...args: unknown[]) => void } }).fbq
  fbq.callMethod = (...args) => delivered.push(args)
  pixel.track('Contact', { action: 'call' })
  expect(delivered).toEqual([['track', 'Contact', { action: 'call' }]])
})
