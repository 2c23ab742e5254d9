import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signJwt } from '@backend/local/jwt'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser, type TestClient } from '@backend/local/testing/clients'
import { eventually, sameTurnMs } from '@backend/local/testing/realtime'
import { newLead } from '@backend/tests/support/leads'
import { createDatabaseChangesApi, type ChangesStatus, type RowChange } from './database-changes'

let admin: SignedInUser
let member: SignedInUser
const stops: (() => void)[] = []

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
  member = await createUserAndSignIn()
})

afterAll(() => {
  for (const stop of stops) stop()
})

/** Listens as `user` through the real client; what it heard, in order. */
function listenAs(user: { client: TestClient }) {
  const changes: RowChange[] = []
  const statuses: ChangesStatus[] = []
  const stop = createDatabaseChangesApi(user.client).listenForChanges({
    onChange: (change) => changes.push(change),
    onStatus: (status) => statuses.push(status),
  })
  stops.push(stop)
  const subscribedTimes = () => statuses.filter((status) => status.type === 'subscribed').length
  return { changes, statuses, stop, subscribedTimes }
}

async function addLead(overrides: Record<string, unknown> = {}) {
  const lead = newLead(overrides)
  expect((await serviceClient().from('leads').insert(lead)).error).toBeNull()
  return lead
}

const leadChange = (changes: RowChange[], id: string, type: RowChange['type']) =>
  changes.find((change) => change.type === type && change.table === 'leads' && change.row.id === id)

describe('dashboard changes api, through supabase-js and the local Realtime server', () => {
  it('gives an admin a new order (a customer approved) and its move as order rows', async () => {
    const heard = listenAs(admin)
    await eventually(() => heard.subscribedTimes() === 1, 'the subscription')
    const lead = await addLead()
    expect((await admin.client.rpc('set_metal_rate', { metal: 'gold_22k', rate_paise_per_gram: 685_000 })).error).toBeNull()
    const created = await admin.client.rpc('quote_create', { lead_id: lead.id, draft: { lines: [{ kind: 'metal', metal: 'gold_22k', weight_mg: 1_000 }] } })
    const shared = await admin.client.rpc('share_quote', { quote_id: (created.data as { id: string }).id })
    const token = (shared.data as { token: string }).token
    expect((await anonClient().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    const added = await eventually(() => heard.changes.find((change) => change.type === 'row.added' && change.table === 'orders' && change.row.lead_id === lead.id), 'the new order')
    expect(added).toMatchObject({ row: { stage: 'approved', total_paise: 705_550, advance_paise: null } })
    const orderId = added.row.id as string
    expect((await admin.client.rpc('order_move', { order_id: orderId, stage: 'cancelled', cancel_reason: 'Testing' })).error).toBeNull()
    const moved = await eventually(() => heard.changes.find((change) => change.type === 'row.changed' && change.table === 'orders' && change.row.id === orderId), 'the move')
    expect(moved).toMatchObject({ row: { stage: 'cancelled', cancel_reason: 'Testing' } })
  })

  it("gives an admin new and changed leads and appointments as the dashboard's rows", async () => {
    const heard = listenAs(admin)
    await eventually(() => heard.subscribedTimes() === 1, 'the subscription')
    const lead = await addLead({ product_type: 'Ring', occasion: 'Anniversary' })
    const inserted = await eventually(() => leadChange(heard.changes, lead.id, 'row.added'), 'the new lead')
    expect(inserted).toEqual({ type: 'row.added', table: 'leads', row: expect.objectContaining({ id: lead.id, name: lead.name, status: 'pending', product_type: 'Ring' }) })

    expect((await admin.client.from('leads').update({ status: 'contacted' }).eq('id', lead.id)).error).toBeNull()
    const updated = await eventually(() => leadChange(heard.changes, lead.id, 'row.changed'), 'the changed lead')
    expect(updated).toMatchObject({ row: { id: lead.id, status: 'contacted' } })

    const slot = new Date(Date.UTC(2031, 2, 4, 5, 30)).toISOString()
    const { data, error } = await serviceClient().from('appointments').insert({ lead_id: lead.id, slot_datetime: slot, status: 'scheduled' }).select('id').single()
    expect(error).toBeNull()
    const appointment = await eventually(
      () => heard.changes.find((change) => change.type === 'row.added' && change.table === 'appointments' && change.row.id === data?.id),
      'the new appointment',
    )
    expect(appointment).toMatchObject({ table: 'appointments', row: { lead_id: lead.id, status: 'scheduled' } })
    expect(Date.parse((appointment as { row: { slot_datetime: string } }).row.slot_datetime)).toBe(Date.parse(slot))
    expect(heard.statuses).toEqual([{ type: 'subscribed' }])
  })

  it("gives the team notes and follow-ups of the leads they read, as the dashboard's rows; staff hear nothing of another member's lead", async () => {
    const [staff, otherStaff] = await Promise.all([createUserAndSignIn({ role: 'staff' }), createUserAndSignIn({ role: 'staff' })])
    const adminHeard = listenAs(admin)
    const otherHeard = listenAs(otherStaff)
    await eventually(() => adminHeard.subscribedTimes() === 1 && otherHeard.subscribedTimes() === 1, 'the subscriptions')
    const lead = await addLead({ owner_id: staff.userId })
    const note = await staff.client.from('lead_notes').insert({ lead_id: lead.id, body: 'Heard live' }).select('id').single()
    expect(note.error).toBeNull()
    const due = new Date(Date.now() + 3_600_000).toISOString()
    expect((await staff.client.rpc('follow_up_add', { lead_id: lead.id, due_at: due, text: 'Call live' })).error).toBeNull()
    const heardNote = await eventually(() => adminHeard.changes.find((change) => change.table === 'lead_notes' && change.row.id === note.data?.id), 'the note')
    expect(heardNote).toMatchObject({ type: 'row.added', row: { lead_id: lead.id, body: 'Heard live', author_id: staff.userId } })
    const heardFollowUp = await eventually(() => adminHeard.changes.find((change) => change.table === 'follow_ups' && change.row.lead_id === lead.id), 'the follow-up')
    expect(heardFollowUp).toMatchObject({ type: 'row.added', row: { text: 'Call live', assignee_id: staff.userId } })
    await new Promise((resolve) => setTimeout(resolve, sameTurnMs))
    expect(otherHeard.changes.filter((change) => change.table !== 'leads' && change.row.lead_id === lead.id)).toEqual([])
  })

  it('gives a signed-in user without the admin role nothing, and reports the changes a visitor is told of without their rows as unreadable', async () => {
    const adminHeard = listenAs(admin)
    const memberHeard = listenAs(member)
    const visitorHeard = listenAs({ client: anonClient() })
    await eventually(() => [adminHeard, memberHeard, visitorHeard].every((heard) => heard.subscribedTimes() === 1), 'the subscriptions')
    const lead = await addLead()
    await eventually(() => leadChange(adminHeard.changes, lead.id, 'row.added'), 'the admin to hear the lead')
    await new Promise((resolve) => setTimeout(resolve, sameTurnMs))
    expect(memberHeard.changes).toEqual([])
    expect(memberHeard.statuses).toEqual([{ type: 'subscribed' }])
    expect(visitorHeard.changes).toEqual([])
    expect(visitorHeard.statuses).toContainEqual({ type: 'unreadable', error: expect.objectContaining({ code: 'change_unreadable' }) })
  })

  it('joins again by itself after the server closed the channel (its token expired), once the client has a valid token', async () => {
    const client = admin.client
    const now = Math.floor(Date.now() / 1000)
    const { data } = await client.auth.getSession()
    await client.realtime.setAuth(await signJwt({ sub: admin.userId, role: 'authenticated', aud: 'authenticated', iat: now - 60, exp: now + 2 }, inject('jwtSecret')))
    const heard = listenAs(admin)
    await eventually(() => heard.subscribedTimes() === 1, 'the subscription')
    const dropped = await eventually(() => heard.statuses.find((status) => status.type === 'dropped'), 'the channel to close', 6000)
    expect(dropped).toMatchObject({ error: { code: 'changes_dropped', message: 'Realtime CLOSED' } })

    // As supabase-js does on TOKEN_REFRESHED.
    await client.realtime.setAuth(data.session?.access_token ?? null)
    await eventually(() => heard.subscribedTimes() === 2, 'the channel to be joined again', 10_000)
    const lead = await addLead()
    await eventually(() => leadChange(heard.changes, lead.id, 'row.added'), 'a lead after joining again')
    expect(heard.statuses.map((status) => status.type)).toEqual(['subscribed', 'dropped', 'subscribed'])
  }, 20_000)

  it('stops listening when unsubscribed', async () => {
    const heard = listenAs(admin)
    await eventually(() => heard.subscribedTimes() === 1, 'the subscription')
    const channels = admin.client.getChannels().length
    heard.stop()
    expect(admin.client.getChannels()).toHaveLength(channels - 1)
    const lead = await addLead()
    const witness = listenAs(admin)
    await eventually(() => witness.subscribedTimes() === 1, 'a second subscription')
    const later = await addLead()
    await eventually(() => leadChange(witness.changes, later.id, 'row.added'), 'the witness to hear a later lead')
    expect(leadChange(heard.changes, lead.id, 'row.added')).toBeUndefined()
    expect(leadChange(heard.changes, later.id, 'row.added')).toBeUndefined()
  })
})
