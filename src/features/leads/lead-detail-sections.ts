import { leadChatFields, leadFields, type Lead, type LeadChatFieldName, type LeadDetailSection, type LeadFieldName } from '@/lib/lead-fields'
import { formatDateTime } from '@/lib/format'
import { marketingLabels } from '@/lib/notice-record'
import { isReferenceImagePath } from '@/lib/reference-image-path'
import { languageName } from '@/lib/language-name'

export interface LeadDetail {
  name: LeadFieldName | LeadChatFieldName | 'notice' | 'whatsapp_marketing' | 'consent'
  label: string
  value: string
}

export interface LeadDetailsSection {
  title: string
  details: LeadDetail[]
}

/** How each section of the lead details dialog (docs/product.md) shows a declared field's value. */
const sectionLooks: Record<Exclude<LeadDetailSection, 'image'>, { title: string; show: (value: string) => string | null }> = {
  customer: { title: 'Customer Information', show: (value) => value || '-' },
  requirements: { title: 'Jewelry Requirements', show: (value) => value },
  technical: { title: 'Technical Specifications', show: (value) => value || null },
}

/** How the dialog shows what the chat recorded: the language by name. */
const chatFieldShows: Record<LeadChatFieldName, (value: string) => string> = { language: languageName }

/**
 * The text sections of the details dialog, from the declared fields in their order, then what the chat
 * recorded. A section whose fields all show nothing is left out (Technical Specifications when no
 * technical answer is present).
 */
export function leadDetailsSections(lead: Lead): LeadDetailsSection[] {
  return Object.entries(sectionLooks).flatMap(([section, look]) => {
    const answers = leadFields.flatMap((field) => {
      if (field.section !== section) return []
      const value = look.show(lead[field.name])
      return value === null ? [] : [{ name: field.name, label: field.label, value }]
    })
    const recorded = leadChatFields.flatMap((field) =>
      field.section === section ? [{ name: field.name, label: field.label, value: chatFieldShows[field.name](lead[field.name]) }] : [],
    )
    const details = [...answers, ...recorded]
    return details.length > 0 ? [{ title: look.title, details }] : []
  })
}

/**
 * The storage paths of the lead's images (the Reference Image section), in declaration order. A value
 * that names no object of the bucket is left out: it never becomes a URL.
 */
export function leadImagePaths(lead: Lead): string[] {
  return leadFields.flatMap((field) => (field.section === 'image' && isReferenceImagePath(lead[field.name]) ? [lead[field.name]] : []))
}

/**
 * The Privacy & Consent section: the notice the visitor saw (version, language, when; "Before notices"
 * for older leads), the WhatsApp marketing opt-in, and a withdrawn consent when there is one.
 */
export function leadConsentSection(lead: Lead): LeadDetailsSection {
  const notice =
    lead.notice_version && lead.notice_language && lead.notice_seen_at
      ? `Version ${lead.notice_version}, ${languageName(lead.notice_language)}, seen ${formatDateTime(lead.notice_seen_at)}`
      : 'Before notices'
  const marketing = lead.whatsapp_marketing ? `${marketingLabels.optedIn}${lead.whatsapp_marketing_at ? ` ${formatDateTime(lead.whatsapp_marketing_at)}` : ''}` : marketingLabels.notOptedIn
  const details: LeadDetail[] = [
    { name: 'notice', label: 'Privacy notice', value: notice },
    { name: 'whatsapp_marketing', label: marketingLabels.title, value: marketing },
    ...(lead.consent_withdrawn_at ? [{ name: 'consent' as const, label: 'Consent', value: `Withdrawn ${formatDateTime(lead.consent_withdrawn_at)}` }] : []),
  ]
  return { title: 'Privacy & Consent', details }
}
