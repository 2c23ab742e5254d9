// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { SignInScreen } from '@/features/admin-auth/SignInScreen'
import { appointmentWhatsAppUrl } from '@/features/appointments/appointment-whatsapp-link'
import { DashboardScreen } from '@/features/dashboard/DashboardScreen'
import { flowLanguage } from '@/features/intake/flow/chat-language'
import { linkUrl } from '@/features/intake/links/messaging-links'
import { leadsCsvFileName } from '@/features/leads/csv-export'
import { brand } from '@/lib/brand'
import { secondBrand } from '@/testing/brands'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { SiteHeader } from './SiteHeader'

afterEach(cleanup)

// This file runs in the `second-brand` test project (vitest.config.ts): the app built with another jeweller's brand file.
describe("the app built with a second jeweller's brand file", () => {
  it('has that brand, its logo at a URL of its own', () => {
    expect({ ...brand, logo: '' }).toEqual({ ...secondBrand, logo: '' })
    expect(brand.logo).toMatch(/^\/assets\/logo-[0-9a-f]{10}\.png$/)
  })

  it("shows its title and logo in the chat's header", () => {
    render(<SiteHeader tagline="A tagline" />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(secondBrand.title)
    expect(screen.getByRole('img', { name: `${secondBrand.name} logo` }).getAttribute('src')).toBe(brand.logo)
  })

  it('names it on the sign-in screen and the dashboard', async () => {
    render(<SignInScreen busy={false} onSubmit={() => {}} onStart={() => {}} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${secondBrand.name} AI Admin`)
    cleanup()
    render(
      <Provider>
        <DashboardScreen user={{ email: 'admin@example.com' }} apis={memoryDashboardApis([]).apis} onSignOut={() => {}} />
      </Provider>,
    )
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(`${secondBrand.name} Bespoke Admin Dashboard`)
  })

  it('names the CSV export with its short name', () => {
    expect(leadsCsvFileName(new Date('2026-01-31T10:00:00.000Z'))).toBe(`${secondBrand.short_name}-leads-2026-01-31.csv`)
  })

  it('opens WhatsApp chats with its WhatsApp number and calls its phone', () => {
    expect(secondBrand.whatsapp).not.toBe(secondBrand.phone)
    expect(linkUrl({ whatsapp: { text: 'Hi' } }, flowLanguage)).toBe(`https://wa.me/${secondBrand.whatsapp}?text=Hi`)
    expect(linkUrl({ tel: true }, flowLanguage)).toBe(`tel:+${secondBrand.phone}`)
    const appointment = new URL(appointmentWhatsAppUrl({ slot_datetime: '2026-12-02T09:30:00.000Z', lead_name: 'Aarav Sharma' }))
    expect(appointment.pathname).toBe(`/${secondBrand.whatsapp}`)
  })
})
