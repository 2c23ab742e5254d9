import { formatDate, formatDateTime } from '@/lib/format'
import { unassignedLabel } from '@/lib/team'
import { languageName } from '@/lib/language-name'
import { advanceModeLabel, stageLabel } from '@/lib/order-stages'
import { formatRupees } from '@/lib/rupees'
import type { LeadEvent } from './lead-event.schema'

/** An event in words: what happened, and the text it carried (a note's body), shown as plain text. */
export interface EventWords {
  title: string
  /** Text a member wrote, shown as it is (never as markup). */
  quote?: string
  /** A note's text before an edit. */
  before?: string
}

type EventData = LeadEvent['data']

const text = (data: EventData, key: string): string => {
  const value = data[key]
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

/** An instant of the event's data in IST, or '' when absent or not a time. */
const when = (data: EventData, key: string): string => {
  const value = text(data, key)
  return value && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : ''
}

/** An amount of the event's data in rupees, or '' when absent. */
const rupees = (data: EventData, key: string): string => (typeof data[key] === 'number' ? formatRupees(data[key]) : '')

/** An order's move: from and to which stage, with the advance or the reason it took. */
function orderMoveWords(data: EventData): EventWords {
  const title = `Order moved from ${stageLabel(text(data, 'from'))} to ${stageLabel(text(data, 'to'))}`
  if (text(data, 'to') === 'advance_received')
    return { title: `${title}: advance ${rupees(data, 'advance_paise')} by ${advanceModeLabel(text(data, 'advance_mode'))} on ${formatDate(text(data, 'advance_date'))}` }
  return text(data, 'to') === 'cancelled' ? { title, quote: text(data, 'reason') } : { title }
}

const sources: Record<string, string> = { chat: 'the chat', staff: 'the team', import: 'an import' }

function createdWords(data: EventData): EventWords {
  const source = sources[text(data, 'source')] ?? 'the chat'
  const language = text(data, 'language')
  const from = text(data, 'utm_source') || text(data, 'referrer_host')
  const parts = [`Created from ${source}`, language && `in ${languageName(language)}`, from && `(source: ${from})`]
  return { title: parts.filter(Boolean).join(' ') }
}

/** How each kind of event reads; a kind a later feature adds and this one does not know reads as its name. */
const kindWords: Record<string, (data: EventData) => EventWords> = {
  created: createdWords,
  status_changed: (data) => ({ title: `Status changed from ${text(data, 'from')} to ${text(data, 'to')}` }),
  owner_changed: (data) => ({
    title: `Owner changed from ${text(data, 'from_name') || unassignedLabel} to ${text(data, 'to_name') || unassignedLabel}`,
  }),
  appointment_booked: (data) => ({
    title: `Appointment booked for ${when(data, 'slot')} by ${text(data, 'by') === 'staff' ? 'the team' : 'the visitor'}`,
  }),
  appointment_status_changed: (data) => ({ title: `Appointment changed from ${text(data, 'from')} to ${text(data, 'to')}` }),
  appointment_rescheduled: (data) => ({ title: `Appointment moved from ${when(data, 'from_slot')} to ${when(data, 'to_slot')}` }),
  note_added: (data) => ({ title: 'Note added', quote: text(data, 'body') }),
  note_edited: (data) => ({ title: 'Note edited', before: text(data, 'before'), quote: text(data, 'after') }),
  note_deleted: (data) => ({ title: 'Note deleted', quote: text(data, 'body') }),
  follow_up_set: (data) => ({ title: `Follow-up set for ${when(data, 'due_at')}`, quote: text(data, 'text') }),
  follow_up_done: () => ({ title: 'Follow-up done' }),
  follow_up_rescheduled: (data) => ({ title: `Follow-up moved from ${when(data, 'from_due_at')} to ${when(data, 'to_due_at')}` }),
  whatsapp_opened: () => ({ title: 'WhatsApp chat opened from the dashboard' }),
  quote_created: (data) => ({ title: `Quote version ${text(data, 'version')} drafted: ${rupees(data, 'total_paise')}` }),
  quote_revised: (data) => ({ title: `Quote version ${text(data, 'from_version')} revised into version ${text(data, 'version')}: ${rupees(data, 'total_paise')}` }),
  quote_shared: (data) => ({ title: `Quote version ${text(data, 'version')} shared with the customer: ${rupees(data, 'total_paise')}` }),
  quote_changes_requested: (data) => ({ title: `The customer asked for changes to quote version ${text(data, 'version')}`, quote: text(data, 'comment') }),
  quote_approved: (data) => ({ title: `The customer approved quote version ${text(data, 'version')} as ${text(data, 'name')}: ${rupees(data, 'total_paise')}, order created` }),
  order_stage_changed: orderMoveWords,
  csv_exported: (data) => ({ title: `Included in a CSV export of ${Number(text(data, 'rows') || 0).toLocaleString('en-IN')} rows` }),
}

export function eventWords(event: Pick<LeadEvent, 'kind' | 'data'>): EventWords {
  const words = Object.hasOwn(kindWords, event.kind) ? kindWords[event.kind] : undefined
  return words ? words(event.data) : { title: event.kind.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase()) }
}
