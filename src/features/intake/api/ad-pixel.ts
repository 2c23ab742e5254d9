import type { PixelEvent } from '../flow/flow-vocabulary'

type Fbq = ((...args: unknown[]) => void) & {
  queue: unknown[][]
  loaded: boolean
  version: string
  push?: Fbq
  /** Set by the pixel script once it has loaded; until then calls wait in the queue. */
  callMethod?: (...args: unknown[]) => void
}
type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq }

const pixelScript = 'https://connect.facebook.net/en_US/fbevents.js'

export interface AdPixel {
  /** Sends a standard event with the parameters the flow file gives it. */
  track(event: PixelEvent, params: Record<string, string>): void
}

/**
 * Reports events to the ad pixel only when a pixel id is configured; without one, nothing is loaded
 * and nothing is sent. Calls made before the pixel script arrives wait in its queue.
 */
export function createAdPixel(pixelId: string | undefined, win: PixelWindow = window): AdPixel {
  const id = pixelId?.trim()
  if (!id) return { track: () => {} }

  const fbq = installPixel(win, id)
  return { track: (event, params) => fbq('track', event, params) }
}

function installPixel(win: PixelWindow, id: string): Fbq {
  if (win.fbq) return win.fbq
  const fbq: Fbq = Object.assign(
    (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args)
      else fbq.queue.push(args)
    },
    { queue: [] as unknown[][], loaded: true, version: '2.0' },
  )
  fbq.push = fbq
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
