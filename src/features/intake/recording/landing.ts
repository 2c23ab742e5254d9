import type { ChatLanding, DeviceClass } from '../api/chat-recording-values'

/**
 * Phone: a viewport narrower than 768 px (the chat's phone layout) or a coarse primary pointer (a
 * touch screen, so tablets count as phones); desktop otherwise.
 */
export function deviceClass(win: Pick<Window, 'matchMedia'>): DeviceClass {
  const matches = (query: string) => (typeof win.matchMedia === 'function' ? win.matchMedia(query).matches : false)
  return matches('(max-width: 767.98px)') || matches('(pointer: coarse)') ? 'phone' : 'desktop'
}

/** The referrer's host (with its port) when the visitor came from another site; null from this site, or with no referrer. */
export function referrerHost(referrer: string, ownHostname: string): string | null {
  try {
    const url = new URL(referrer)
    return url.host === '' || url.hostname === ownHostname ? null : url.host
  } catch {
    return null
  }
}

/** The details of the page the visitor landed on: utm parameters of its address, the referrer's host, the device class. */
export function readLanding(flowVersion: string, win: Pick<Window, 'location' | 'document' | 'matchMedia'> = window): ChatLanding {
  const params = new URLSearchParams(win.location.search)
  return {
    flowVersion,
    device: deviceClass(win),
    utmSource: params.get('utm_source'),
    utmMedium: params.get('utm_medium'),
    utmCampaign: params.get('utm_campaign'),
    referrerHost: referrerHost(win.document.referrer, win.location.hostname),
  }
}
