// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { adminSystem } from '@/components/ui/admin-system'
import { ApiError } from '@/lib/api-error'
import { languageNames } from '@/lib/consultation-facts'
import type { Lead } from '@/lib/lead-fields'
import { aLead } from '@/testing/lead-fixtures'
import { LeadDetailsDialog } from './LeadDetailsDialog'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const imagePath = '0123456789abcdef0123456789abcdef.jpg'

type Signer = (path: string) => Promise<string>

/** Signs each request with a new URL, as Storage does; `answers` overrides the outcome of the n-th request. */
function signer(answers: ((path: string) => Promise<string>)[] = []) {
  const requests: string[] = []
  const sign: Signer = (path) => {
    requests.push(path)
    const answer = answers[requests.length - 1]
    return answer ? answer(path) : Promise.resolve(`https://storage.example/object/sign/reference-images/${path}?token=t${requests.length}`)
  }
  return { sign, requests }
}

function showDialog(lead: Lead, sign: Signer = signer().sign) {
  render(
    <ChakraProvider value={adminSystem}>
      <LeadDetailsDialog lead={lead} api={{ signReferenceImage: sign }} onClose={() => {}} />
    </ChakraProvider>,
  )
}

function languageShown(language: string): string | null {
  showDialog(aLead({ language }))
  const customer = screen.getByRole('heading', { name: 'Customer Information' }).closest('section')
  const label = within(customer as HTMLElement).getByText('Language')
  const shown = label.nextElementSibling?.textContent ?? null
  cleanup()
  return shown
}

/** A tab as window.open hands it back, recording where it was sent. */
function fakeTab() {
  const tab = { opener: {} as unknown, location: { replace: vi.fn<(url: string) => void>() }, close: vi.fn() }
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
  return tab
}

test('the flow translations name their languages for the dashboard', () => {
  expect(languageNames).toEqual({ hi: 'हिन्दी' })
})

test('the details dialog shows the language the visitor chatted in with the customer', () => {
  expect(languageShown('en')).toBe('English')
  expect(languageShown('hi')).toBe('हिन्दी (Hindi)')
})

test('a language without a translation goes by its English name, an unknown code as it is', () => {
  expect(languageShown('ta')).toBe('Tamil')
  expect(languageShown('qaa')).toBe('qaa')
  expect(languageShown('not a code')).toBe('not a code')
})

/** The Privacy & Consent section's value for each label it shows. */
function consentShown(lead: Lead): Record<string, string> {
  showDialog(lead)
  const section = screen.getByRole('heading', { name: 'Privacy & Consent' }).closest('section') as HTMLElement
  const shown = Object.fromEntries(
    ['Privacy notice', 'WhatsApp marketing', 'Consent'].flatMap((label) => {
      const shownLabel = within(section).queryByText(label)
      return shownLabel ? [[label, shownLabel.nextElementSibling?.textContent ?? '']] : []
    }),
  )
  cleanup()
  return shown
}

test('the details show the notice the visitor saw, the marketing opt-in and a withdrawn consent', () => {
  const seen = { notice_version: '2026-11-26', notice_language: 'hi', notice_seen_at: '2026-11-26T04:30:00.000Z' }
  expect(consentShown(aLead({ ...seen, whatsapp_marketing: true, whatsapp_marketing_at: '2026-11-26T04:31:00.000Z' }))).toEqual({
    'Privacy notice': 'Version 2026-11-26, हिन्दी (Hindi), seen 26 Nov 2026, 10:00 am',
    'WhatsApp marketing': 'Opted in 26 Nov 2026, 10:01 am',
  })
  expect(consentShown(aLead({ ...seen, whatsapp_marketing: false, consent_withdrawn_at: '2026-11-27T06:30:00.000Z' }))).toEqual({
    'Privacy notice': 'Version 2026-11-26, हिन्दी (Hindi), seen 26 Nov 2026, 10:00 am',
    'WhatsApp marketing': 'Not opted in',
    Consent: 'Withdrawn 27 Nov 2026, 12:00 pm',
  })
  expect(consentShown(aLead({ notice_version: null, notice_language: null, notice_seen_at: null, whatsapp_marketing: false }))).toEqual({
    'Privacy notice': 'Before notices',
    'WhatsApp marketing': 'Not opted in',
  })
})

test('the Reference Image section loads a signed URL, then shows the image as a link to it', async () => {
  let release: (url: string) => void = () => {}
  const { sign, requests } = signer([() => new Promise((resolve) => (release = resolve))])
  showDialog(aLead({ name: 'Asha Rao', reference_image: imagePath }), sign)
  expect(screen.getByRole('heading', { name: 'Reference Image' })).toBeTruthy()
  expect(screen.getByRole('status').textContent).toBe('Loading reference image...')
  expect(requests).toEqual([imagePath])
  release('https://storage.example/signed-1')
  const image = await screen.findByRole('img', { name: 'Reference for Asha Rao' })
  expect(image.getAttribute('src')).toBe('https://storage.example/signed-1')
  const link = screen.getByRole('link', { name: 'Open reference image' })
  expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://storage.example/signed-1', '_blank', 'noopener noreferrer'])
})

test('clicking the image opens a new tab under a freshly signed URL, with no handle on the dashboard', async () => {
  const { sign, requests } = signer()
  showDialog(aLead({ reference_image: imagePath }), sign)
  const tab = fakeTab()
  await userEvent.click(await screen.findByRole('link', { name: 'Open reference image' }))
  await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`https://storage.example/object/sign/reference-images/${imagePath}?token=t2`))
  expect(window.open).toHaveBeenCalledWith('', '_blank')
  expect(tab.opener).toBeNull()
  expect(requests).toEqual([imagePath, imagePath])
})

test('the keyboard opens it too: Enter on the focused image link', async () => {
  const { sign } = signer()
  showDialog(aLead({ reference_image: imagePath }), sign)
  const tab = fakeTab()
  const link = await screen.findByRole('link', { name: 'Open reference image' })
  link.focus()
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`https://storage.example/object/sign/reference-images/${imagePath}?token=t2`))
})

test('a tab that fails to get its URL is closed and the dialog says so; a blocked tab says how to allow it', async () => {
  const { sign } = signer([undefined as never, () => Promise.reject(new ApiError('storage', 'Failed to fetch'))])
  showDialog(aLead({ reference_image: imagePath }), sign)
  const tab = fakeTab()
  await userEvent.click(await screen.findByRole('link', { name: 'Open reference image' }))
  expect((await screen.findByRole('alert')).textContent).toBe('The image could not be opened. Try again.')
  expect(tab.close).toHaveBeenCalled()

  vi.mocked(window.open).mockReturnValue(null)
  await userEvent.click(screen.getByRole('link', { name: 'Open reference image' }))
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe('The browser blocked the new tab. Allow pop-ups for this site and try again.'),
  )
})

test('a failed signing says so and Retry signs again', async () => {
  const { sign, requests } = signer([() => Promise.reject(new ApiError('storage', 'Failed to fetch'))])
  showDialog(aLead({ reference_image: imagePath }), sign)
  expect((await screen.findByRole('alert')).textContent).toContain('The reference image could not be loaded. Check the connection and try again.')
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
  expect(await screen.findByRole('link', { name: 'Open reference image' })).toBeTruthy()
  expect(requests).toEqual([imagePath, imagePath])
})

test('an image that is no longer stored says so, without a Retry that cannot help', async () => {
  const { sign } = signer([() => Promise.reject(new ApiError('reference_image_missing', 'Object not found'))])
  showDialog(aLead({ reference_image: imagePath }), sign)
  expect((await screen.findByRole('alert')).textContent).toBe('This reference image is no longer stored.')
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
})

test('bytes the browser cannot show are reported, with a Retry', async () => {
  showDialog(aLead({ reference_image: imagePath }))
  fireEvent.error(await screen.findByRole('img'))
  expect((await screen.findByRole('alert')).textContent).toContain('This reference image could not be shown.')
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
})

test('a reference_image that names no image of the bucket never becomes a URL', () => {
  for (const hostile of ['https://evil.example/a.png', '../../etc/passwd.png', 'javascript:alert(1)']) {
    const { sign, requests } = signer()
    showDialog(aLead({ reference_image: hostile }), sign)
    expect(screen.queryByRole('heading', { name: 'Reference Image' })).toBeNull()
    expect(screen.queryByRole('img')).toBeNull()
    expect(requests).toEqual([])
    cleanup()
  }
})

test('an image of the earlier timestamp form, kept by older leads, is signed and shown', async () => {
  const { sign, requests } = signer()
  showDialog(aLead({ reference_image: '1732000000000.png' }), sign)
  expect(await screen.findByRole('link', { name: 'Open reference image' })).toBeTruthy()
  expect(requests).toEqual(['1732000000000.png'])
})
