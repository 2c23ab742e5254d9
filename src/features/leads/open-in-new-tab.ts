import { ApiError, errorCodes } from '@/lib/api-error'

/**
 * Opens a new tab at once, while the click that asked for it still allows a tab to open (after
 * waiting for the network a browser may block it), then sends it to `url` once known. The tab gets
 * no handle on this page; if `url` fails, the tab is closed and the failure passed on.
 */
export async function openInNewTab(url: Promise<string>): Promise<void> {
  const tab = window.open('', '_blank')
  if (!tab) {
    url.catch(() => undefined)
    throw new ApiError(errorCodes.tabBlocked, 'The browser kept the new tab from opening')
  }
  tab.opener = null
  try {
    tab.location.replace(await url)
  } catch (error) {
    tab.close()
    throw error
  }
}
