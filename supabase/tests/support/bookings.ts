import { expect } from 'vitest'
import type { RunningBackend } from '../../local/local-backend.ts'
import { clientsOf, type BackendClients, type SignedInUser, type TestClient } from '../../local/testing/clients.ts'
import { startOwnBackend } from '../../local/testing/own-backend.ts'
import { newLead } from './leads.ts'
import { visitorBooking } from './manage-token.ts'

/** A backend of the file's own (settings are global), with one member of each kind and a non-member. */
export interface BookingBackend extends BackendClients {
  backend: RunningBackend
  admin: SignedInUser
  staff: SignedInUser
  outsider: SignedInUser
}

export async function startBookingBackend(): Promise<BookingBackend> {
  const backend = await startOwnBackend({ rateLimits: false })
  const clients = clientsOf(backend)
  const [admin, staff, outsider] = await Promise.all([
    clients.createUserAndSignIn({ admin: true }),
    clients.createUserAndSignIn({ role: 'staff' }),
    clients.createUserAndSignIn(),
  ])
  return { ...clients, backend, admin, staff, outsider }
}

/** `count` unassigned leads saved by the service role; their ids. */
export async function savedLeads(clients: BackendClients, count = 1): Promise<string[]> {
  const leads = Array.from({ length: count }, () => newLead())
  const { error } = await clients.serviceClient().from('leads').insert(leads)
  if (error) throw new Error(`arranging leads failed: ${error.message}`)
  return leads.map((lead) => lead.id)
}

/** A booking as a visitor makes it (with a manage token's hash), sent by `client`. */
export function book(client: TestClient, leadId: string, slot: string) {
  return client.from('appointments').insert(visitorBooking(leadId, slot))
}

/** A booking the service role makes for a fresh lead at `slot` (members do not insert appointments); its id. */
export async function bookedBySystem(clients: BackendClients, slot: string): Promise<string> {
  const [leadId] = await savedLeads(clients)
  const { data, error } = await clients.serviceClient().from('appointments')
    .insert({ lead_id: leadId, slot_datetime: slot, status: 'scheduled' }).select('id').single()
  if (error) throw new Error(`arranging the booking failed: ${error.message}`)
  return data.id as string
}

/** A member's reschedule: the appointment moved to `slot`. */
export function move(client: TestClient, appointmentId: string, slot: string) {
  return client.from('appointments').update({ slot_datetime: slot }).eq('id', appointmentId)
}

/** The HTTP status and error code of a call, or [status, null] when it succeeded. */
export async function outcome(call: PromiseLike<{ status: number; error: { code: string } | null }>): Promise<[number, string | null]> {
  const { status, error } = await call
  return [status, error?.code ?? null]
}

export interface BookingSettings {
  default_capacity: number
  horizon_days: number
  min_notice_minutes: number
  change_cutoff_hours: number
  weekly_hours: { weekday: number; open: boolean; slots: { time: string; capacity: number }[] }[]
  closures: { id: string; starts_on: string; ends_on: string; reason: string }[]
  date_overrides: { on_date: string; slots: { time: string; capacity: number }[]; reason: string }[]
}

export async function settingsOf(client: TestClient): Promise<BookingSettings> {
  const { data, error } = await client.rpc('booking_settings')
  expect(error).toBeNull()
  return data as BookingSettings
}

export interface BookableSlot {
  slot: string
  capacity: number
  taken: number
}

export async function bookableSlots(client: TestClient, fromDate: string, toDate: string): Promise<BookableSlot[]> {
  const { data, error } = await client.rpc('bookable_slots', { from_date: fromDate, to_date: toDate })
  expect(error).toBeNull()
  return data as BookableSlot[]
}

/** The IST wall-clock HH:MM of an instant. */
export function istTime(slot: string): string {
  return new Date(new Date(slot).getTime() + 330 * 60_000).toISOString().slice(11, 16)
}
