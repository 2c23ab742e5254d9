/** The ad-pixel events the visitor flow reports (spec section 7). */
export type PixelEvent =
  | { name: 'Contact'; action: string }
  | { name: 'Lead'; leadName: string; phone: string }
  | { name: 'CompleteRegistration' }

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string }
type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq }

const pixelScript = 'https://connect.facebook.net/en_US/fbevents.js'

export interface AdPixel {
  track(event: PixelEvent): void
}

/**
 * Reports events to the ad pixel only when a pixel id is configured; without one, nothing is loaded
 * and nothing is sent. Calls made before the pixel script arrives wait in its queue.
 */
export function createAdPixel(pixelId: string | undefined, win: PixelWindow = window): AdPixel {
  const id = pixelId?.trim()
  if (!id) return { track: () => {} }

  const fbq = installPixel(win, id)
  return {
    track(event) {
      switch (event.name) {
        case 'Contact':
          fbq('track', 'Contact', { action: event.action })
          break
        case 'Lead':
          fbq('track', 'Lead', { name: event.leadName, phone: event.phone })
          break
        case 'CompleteRegistration':
          fbq('track', 'CompleteRegistration', {
            content_name: 'Jewelry Consultation',
            content_category: 'Lead Generation',
          })
          break
      }
    },
  }
}

function installPixel(win: PixelWindow, id: string): Fbq {
  if (win.fbq) return win.fbq
  const queue: unknown[][] = []
  const fbq: Fbq = Object.assign((...args: unknown[]) => void queue.push(args), {
    queue,
    loaded: true,
    version: '2.0',
  })
  win.fbq = fbq
  win._fbq = fbq
  const script = win.document.createElement('script')
  script.async = true
  script.src = pixelScript
  win.document.head.appendChild(script)
  fbq('init', id)
  fbq('track', 'PageView')
  return fbq
}
