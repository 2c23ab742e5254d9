import type { ErasureCountKey, ErasureCounts } from './privacy.schema'

const countNames: Record<ErasureCountKey, [one: string, many: string]> = {
  leads: ['lead', 'leads'],
  appointments: ['appointment', 'appointments'],
  notes: ['note', 'notes'],
  follow_ups: ['follow-up', 'follow-ups'],
  quotes: ['quote', 'quotes'],
  orders: ['order', 'orders'],
  chat_sessions: ['chat session', 'chat sessions'],
  files: ['file', 'files'],
}

/** "2 leads, 1 appointment, 0 notes, …" in the order the database counts them. */
export function erasureCountsText(counts: ErasureCounts): string {
  return (Object.keys(countNames) as ErasureCountKey[])
    .map((key) => `${counts[key]} ${countNames[key][counts[key] === 1 ? 0 : 1]}`)
    .join(', ')
}

export const erasureTexts = {
  erase: 'Erase person',
  title: 'Erase this person?',
  what: (phone: string, leadCount: number | null) =>
    `Everything held about ${phone} is erased: ${leadCount === null ? 'every lead' : `${leadCount} ${leadCount === 1 ? 'lead' : 'leads'}`} with this phone, ` +
    'their appointments, notes, follow-ups, quotes, orders, chat sessions, reference images and design images. Only an anonymised record (when, by whom, how many) is kept. This cannot be undone.',
  confirm: 'Erase',
  bookingToday: 'This person has a booking today. Erase anyway? The booking goes with everything else.',
  confirmBookingToday: 'Erase anyway',
  erasing: 'Erasing…',
  done: 'Erased',
  filesPending: (count: number) =>
    `${count} ${count === 1 ? 'file is' : 'files are'} still in storage: the daily retention job removes ${count === 1 ? 'it' : 'them'}.`,
  failed: 'The person was not erased',
  cancel: 'Cancel',
  close: 'Close',
} as const
