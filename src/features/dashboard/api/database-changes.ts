import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { ApiError, errorCodes } from '@/lib/api-error'
import type * as z from 'zod/mini'
import type { Lead } from '@/lib/lead-fields'
import type { RowChangeOf } from '@/lib/row-change'
import { appointmentSchema, type Appointment } from '@/features/appointments/appointment.schema'
import { followUpSchema, type FollowUp } from '@/features/leads/follow-ups/follow-up.schema'
import { leadSchema } from '@/features/leads/lead.schema'
import { noteSchema, type LeadNote } from '@/features/leads/notes/note.schema'
import { orderRowSchema, type OrderRow } from '@/features/orders/api/order.schema'

/** The tables the dashboard listens to, each with the schema its rows are read with. */
const tableSchemas = {
  leads: leadSchema,
  appointments: appointmentSchema,
  lead_notes: noteSchema,
  follow_ups: followUpSchema,
  orders: orderRowSchema,
} satisfies Record<string, z.ZodMiniType<unknown, unknown>>

type Rows = { leads: Lead; appointments: Appointment; lead_notes: LeadNote; follow_ups: FollowUp; orders: OrderRow }
type ChangedTable = keyof typeof tableSchemas

/**
 * A row added or changed in another tab, by a visitor or by the database. The same event goes from
 * here through the dashboard to the list that shows the table (paged-query.machine, calendar.machine).
 */
export type RowChange = { [TTable in ChangedTable]: RowChangeOf<TTable, Rows[TTable]> }[ChangedTable]

/**
 * subscribed: the server listens (again, after a drop); dropped: it may be missing changes until the
 * next subscribed; unreadable: a change arrived that could not be read, so it was missed.
 */
export type ChangesStatus = { type: 'subscribed' } | { type: 'dropped'; error: ApiError } | { type: 'unreadable'; error: ApiError }

export interface ChangesListener {
  onChange: (change: RowChange) => void
  onStatus: (status: ChangesStatus) => void
}

type Payload = RealtimePostgresChangesPayload<Record<string, unknown>>

/** A channel the server closed (its token expired while offline, say) is joined anew after this pause; supabase-js retries the rest itself. */
const rejoinClosedAfterMs = 5000

const tables = Object.keys(tableSchemas) as ChangedTable[]
const events = ['INSERT', 'UPDATE'] as const

const isChangedTable = (table: string): table is ChangedTable => Object.hasOwn(tableSchemas, table)

function readChange(payload: Payload): RowChange | ApiError {
  if (payload.errors) return new ApiError(errorCodes.changeUnreadable, `The ${payload.table} change came without its row: ${String(payload.errors)}`)
  if (!isChangedTable(payload.table)) return new ApiError(errorCodes.changeUnreadable, `A change of ${payload.table}, which the dashboard does not show`)
  const type = payload.eventType === 'INSERT' ? 'row.added' : 'row.changed'
  const row = tableSchemas[payload.table].safeParse(payload.new)
  return row.success
    ? ({ type, table: payload.table, row: row.data } as RowChange)
    : new ApiError(errorCodes.changeUnreadable, `A changed row of ${payload.table} could not be read: ${row.error.message}`)
}

export function createDatabaseChangesApi(client: SupabaseClient) {
  /**
   * Listens to new and changed leads, appointments, notes and follow-ups (Supabase Realtime, postgres_changes, under the
   * signed-in user's token: the server sends only rows their role may read). Answers the unsubscribe.
   */
  function listenForChanges(listener: ChangesListener): () => void {
    let channel: RealtimeChannel | null = null
    let rejoin: ReturnType<typeof setTimeout> | undefined
    let stopped = false

    const join = () => {
      const joined = client.channel(`dashboard-changes-${crypto.randomUUID()}`)
      for (const table of tables) {
        for (const event of events) {
          joined.on('postgres_changes', { event, schema: 'public', table }, (payload: Payload) => {
            const change = readChange(payload)
            if (change instanceof ApiError) listener.onStatus({ type: 'unreadable', error: change })
            else listener.onChange(change)
          })
        }
      }
      channel = joined
      joined.subscribe((status, error) => {
        if (stopped || joined !== channel) return
        if (status === 'SUBSCRIBED') return listener.onStatus({ type: 'subscribed' })
        listener.onStatus({ type: 'dropped', error: new ApiError(errorCodes.changesDropped, `Realtime ${status}${error ? `: ${error.message}` : ''}`) })
        if (status === 'CLOSED') {
          channel = null
          void client.removeChannel(joined)
          rejoin = setTimeout(join, rejoinClosedAfterMs)
        }
      })
    }

    join()
    return () => {
      stopped = true
      clearTimeout(rejoin)
      if (channel) void client.removeChannel(channel)
    }
  }

  return { listenForChanges }
}

export type DatabaseChangesApi = ReturnType<typeof createDatabaseChangesApi>
