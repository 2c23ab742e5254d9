import flow from '@flows/consultation.flow.yaml'
import { brand } from '@/lib/brand'
import { translate, type ChatLanguage } from '../flow/chat-language'
import { renderTemplate } from '../flow/placeholders'

export interface PrivacySection {
  /** The section's key in the flow (`who_we_are`, ...). */
  name: string
  heading: string
  /** The section's paragraphs. */
  paragraphs: string[]
}

export interface PrivacyPageTexts {
  tagline: string
  title: string
  sections: PrivacySection[]
  myData: string
  versionLine: string
  back: string
}

/** What fills the page's placeholders: the brand, the notice's version and its retention days. */
function pageValues(): Record<string, string> {
  const { version, retention } = flow.notice
  const days = Object.fromEntries(Object.entries(retention).map(([name, value]) => [name, String(value)]))
  return { ...days, business: brand.title, address: brand.address, business_phone: `+${brand.phone}`, version }
}

/** The Privacy notice page's texts in `language`, the flow's own where it has none, with the brand and the notice's numbers filled in. */
export function privacyPageTexts(language: ChatLanguage): PrivacyPageTexts {
  const values = pageValues()
  const shown = (text: string) => renderTemplate(translate(language, text), values)
  const { page } = flow.notice
  return {
    tagline: shown(flow.chat.tagline),
    title: shown(page.title),
    sections: Object.entries(page.sections).map(([name, { heading, body }]) => ({ name, heading: shown(heading), paragraphs: shown(body).split(/\n\s*\n/) })),
    myData: shown(page.my_data),
    versionLine: shown(page.version_line),
    back: shown(page.back),
  }
}
