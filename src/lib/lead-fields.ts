import type { LeadConsent } from './notice-record'
/** Where the lead details dialog shows a field (docs/product.md, Lead details). */
export type LeadDetailSection = 'customer' | 'requirements' | 'technical' | 'image'

export interface LeadFieldDeclaration {
  /** The column of table leads, the key of the visitor payload and the flow's `answer:` / `{{placeholder}}` name. */
  name: string
  /**
   * contact: asked in a flow form, checked by its rules (features/intake/forms/contact-form.schema.ts);
   * answer: the chosen option of a flow step; image: the storage path of an uploaded image (null when none).
   */
  kind: 'contact' | 'answer' | 'image'
  /** How the dashboard names the field. */
  label: string
  /** Whether a stored lead may lack it; a fetched row without a required field is refused. */
  optional: boolean
  section: LeadDetailSection
  /** Its column in the CSV export, or null: the export's columns are fixed (docs/product.md, CSV export). */
  csvHeader: string | null
}

/**
 * The lead's fields, declared once. The visitor payload and its builder, the flow's
 * answer fields, the dashboard's row schema, CSV columns and details dialog, and the test fixtures
 * derive from this list. Within a section the details dialog keeps this order.
 */
export const leadFields = [
  { name: 'name', kind: 'contact', label: 'Name', optional: false, section: 'customer', csvHeader: 'Name' },
  { name: 'phone', kind: 'contact', label: 'Phone', optional: false, section: 'customer', csvHeader: 'Phone' },
  { name: 'email', kind: 'contact', label: 'Email', optional: true, section: 'customer', csvHeader: 'Email' },
  { name: 'city', kind: 'contact', label: 'City', optional: true, section: 'customer', csvHeader: 'City' },
  { name: 'occasion', kind: 'answer', label: 'Occasion', optional: true, section: 'requirements', csvHeader: 'Occasion' },
  { name: 'product_type', kind: 'answer', label: 'Product Type', optional: true, section: 'requirements', csvHeader: 'Product Type' },
  { name: 'design_preference', kind: 'answer', label: 'Design Preference', optional: true, section: 'requirements', csvHeader: null },
  { name: 'budget_range', kind: 'answer', label: 'Budget Range', optional: true, section: 'requirements', csvHeader: 'Budget' },
  { name: 'timeline', kind: 'answer', label: 'Timeline', optional: true, section: 'requirements', csvHeader: null },
  { name: 'metal_choice', kind: 'answer', label: 'Metal', optional: true, section: 'technical', csvHeader: null },
  { name: 'gold_carat', kind: 'answer', label: 'Gold Carat', optional: true, section: 'technical', csvHeader: null },
  { name: 'stone_type', kind: 'answer', label: 'Stone Type', optional: true, section: 'technical', csvHeader: null },
  { name: 'diamond_shape', kind: 'answer', label: 'Diamond Shape', optional: true, section: 'technical', csvHeader: null },
  { name: 'reference_image', kind: 'image', label: 'Reference Image', optional: true, section: 'image', csvHeader: null },
] as const satisfies readonly LeadFieldDeclaration[]

type DeclaredField = (typeof leadFields)[number]

export type LeadFieldName = DeclaredField['name']
export type ContactFieldName = Extract<DeclaredField, { kind: 'contact' }>['name']
export type AnswerFieldName = Extract<DeclaredField, { kind: 'answer' }>['name']
export type ImageFieldName = Extract<DeclaredField, { kind: 'image' }>['name']
export type CsvFieldName = Exclude<DeclaredField, { csvHeader: null }>['name']

/** One text per field; an unanswered one is empty. */
export type LeadAnswers = Record<LeadFieldName, string>

/**
 * What the chat records on a lead beside the answers: the language it spoke, a code such as `en` or
 * `hi` (the flow's own, or a translation's: flows/consultation.<code>.yaml). Not an answer, so no
 * flow step may set it, and no CSV column (the export's columns are fixed). The visitor payload, the
 * dashboard's row schema and the details dialog derive from this list.
 */
export const leadChatFields = [{ name: 'language', label: 'Language', section: 'customer' }] as const satisfies readonly Pick<
  LeadFieldDeclaration,
  'name' | 'label' | 'section'
>[]

export type LeadChatFieldName = (typeof leadChatFields)[number]['name']
export type LeadChatRecord = Record<LeadChatFieldName, string>

export const leadStatuses = ['pending', 'contacted', 'closed'] as const
export type LeadStatus = (typeof leadStatuses)[number]

/**
 * What the team's work keeps on a lead beside the answers: its owner (a team member, or null: the
 * Unassigned pool) and whether an earlier lead has the same phone (set by the database on insert).
 */
export interface LeadTeamRecord {
  owner_id: string | null
  returning: boolean
}

/** A stored lead as the dashboard reads it: the fields (absent answers empty), what the chat recorded, the team's record, its consent, its status and timestamps. */
export type Lead = { id: string } & LeadAnswers &
  LeadChatRecord &
  LeadTeamRecord &
  Partial<LeadConsent> & { status: LeadStatus; created_at: string; updated_at?: string | null }

/** What a CSV export reads of a lead: its CSV fields, status, creation time and owner, and the id that orders ties. */
export type CsvLead = Pick<Lead, CsvFieldName | 'id' | 'status' | 'created_at' | 'owner_id'>
