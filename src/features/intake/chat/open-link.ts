/**
 * Opens a messaging link in a new tab. Where the browser blocks the new tab (the flow opens it after
 * a delay, outside the click), the link opens in this tab instead; the chat is kept and resumes on return.
 * tel: links hand over to the phone app without leaving the page.
 */
export function openLink(url: string, win: Window = window): void {
  if (!url) return
  if (url.startsWith('tel:')) {
    win.location.assign(url)
    return
  }
  const opened = win.open(url, '_blank')
  if (opened) opened.opener = null
  else win.location.assign(url)
}
