import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser } from '../local/testing/clients.ts'
import { chatRecorder, landing, walk } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'

let admin: SignedInUser
let member: SignedInUser

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
  member = await createUserAndSignIn()
})

async function storedSession(id: string) {
  const { data, error } = await serviceClient().from('chat_sessions').select('*').eq('id', id).maybeSingle()
  expect(error).toBeNull()
  return data
}

async function storedSteps(id: string) {
  const { data, error } = await serviceClient().from('chat_steps').select('*').eq('session_id', id).order('shown_at').order('step_id')
  expect(error).toBeNull()
  return data ?? []
}

/** A visitor who started a chat and submitted the name form with the phone of `lead`. */
async function visitorWithContact(lead = newLead()) {
  const chat = chatRecorder(anonClient())
  expect((await chat.start()).error).toBeNull()
  expect((await chat.contact(lead.name, lead.phone)).error).toBeNull()
  return chat
}

async function saveLead(lead: ReturnType<typeof newLead>) {
  expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
}

describe('a visitor records their chat', () => {
  it('stores landing details, steps, contact, chat-first exit and the saved lead, timed by the server', async () => {
    const before = Date.now()
    const lead = newLead()
    const chat = chatRecorder(anonClient())
    const started = await chat.start({
      device: 'desktop',
      utm_source: ' newsletter ',
      utm_medium: 'email',
      utm_campaign: '',
      referrer_host: 'Mail.Example.COM',
    })
    expect(started).toEqual({ error: null, status: 204 })
    await walk(chat, ['welcome', 'name_form'])
    expect((await chat.contact(lead.name, lead.phone)).error).toBeNull()
    await walk(chat, ['occasion'], 'product_type')
    expect((await chat.chatFirst()).error).toBeNull()
    await saveLead(lead)
    expect((await chat.completed(lead.id)).error).toBeNull()

    const session = await storedSession(chat.sessionId)
    expect(session).toMatchObject({
      flow_version: '1',
      device: 'desktop',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: null,
      referrer_host: 'mail.example.com',
      lead_id: lead.id,
      name: null,
      phone: null,
      followed_up_at: null,
    })
    for (const column of ['created_at', 'last_activity_at', 'name_submitted_at', 'chat_first_at', 'completed_at']) {
      expect(Date.parse(session![column])).toBeGreaterThanOrEqual(before - 1000)
      expect(Date.parse(session![column])).toBeLessThanOrEqual(Date.now() + 1000)
    }
    const steps = await storedSteps(chat.sessionId)
    expect(steps.map((step) => [step.step_id, step.answered_at !== null])).toEqual([
      ['welcome', true],
      ['name_form', true],
      ['occasion', true],
      ['product_type', false],
    ])
  })

  it('keeps the contact until the chat becomes a lead, replacing it when the name form is submitted again', async () => {
    const chat = await visitorWithContact(newLead({ name: 'First Name', phone: '9000000001' }))
    expect((await chat.contact('Second Name', '9000000002')).error).toBeNull()
    expect(await storedSession(chat.sessionId)).toMatchObject({ name: 'Second Name', phone: '9000000002' })
  })

  it('keeps the first showing and the first answer of a step, and counts an answer without a showing as both', async () => {
    const chat = chatRecorder(anonClient())
    await chat.start()
    await chat.shown('welcome')
    const [first] = await storedSteps(chat.sessionId)
    await chat.answered('welcome')
    await chat.shown('welcome')
    await chat.answered('welcome')
    expect((await chat.answered('occasion')).error).toBeNull()
    const steps = await storedSteps(chat.sessionId)
    expect(steps[0]).toMatchObject({ step_id: 'welcome', shown_at: first!.shown_at })
    expect(steps[0]!.answered_at).not.toBeNull()
    const occasion = steps.find((step) => step.step_id === 'occasion')
    expect(occasion!.answered_at).toBe(occasion!.shown_at)
  })

  it('lets the first start of a session id win: a second start changes no landing detail', async () => {
    const id = randomUUID()
    expect((await chatRecorder(anonClient(), id).start({ utm_source: 'google' })).error).toBeNull()
    const before = await storedSession(id)
    const again = await chatRecorder(anonClient(), id).start({ device: 'desktop', utm_source: 'forged', flow_version: '99' })
    expect(again.error).toBeNull()
    expect(await storedSession(id)).toEqual(before)
  })
})

describe('visitors write only through the functions and read nothing back', () => {
  it('refuses a visitor every direct read and write of the tables', async () => {
    const chat = await visitorWithContact()
    const anon = anonClient()
    for (const table of ['chat_sessions', 'chat_steps']) {
      const read = await anon.from(table).select('*')
      expect([read.status, read.error?.code]).toEqual([401, '42501'])
    }
    const insert = await anon.from('chat_sessions').insert({ id: randomUUID(), ...landing })
    expect(insert.error?.code).toBe('42501')
    const update = await anon.from('chat_sessions').update({ name: 'Some One Else' }).eq('id', chat.sessionId)
    expect(update.error?.code).toBe('42501')
    const stepInsert = await anon.from('chat_steps').insert({ session_id: chat.sessionId, session_started_at: new Date().toISOString(), step_id: 'welcome' })
    expect(stepInsert.error?.code).toBe('42501')
    expect((await anon.from('chat_sessions').delete().eq('id', chat.sessionId)).error?.code).toBe('42501')
    expect(await storedSession(chat.sessionId)).toMatchObject({ name: 'Aarav Sharma' })
  })

  it('answers the recording functions with no content at all', async () => {
    const chat = chatRecorder(anonClient())
    const { data, status } = await anonClient().rpc('chat_session_start', { session_id: chat.sessionId, ...landing })
    expect([data, status]).toEqual([null, 204])
  })

  it('lets no signed-in user call the visitor functions', async () => {
    for (const user of [member, admin]) {
      const recorded = await chatRecorder(user.client).start()
      expect([recorded.status, recorded.error?.code]).toEqual([403, '42501'])
    }
  })

  it('shows a signed-in non-admin no session and no step, and lets them change nothing', async () => {
    const chat = await visitorWithContact()
    await walk(chat, ['welcome'])
    expect((await member.client.from('chat_sessions').select('*')).data).toEqual([])
    expect((await member.client.from('chat_steps').select('*')).data).toEqual([])
    const marked = await member.client.from('chat_sessions').update({ followed_up_at: new Date().toISOString() }).eq('id', chat.sessionId)
    expect(marked.error).toBeNull()
    expect((await storedSession(chat.sessionId))!.followed_up_at).toBeNull()
    expect((await member.client.from('chat_sessions').update({ name: 'Some One Else' }).eq('id', chat.sessionId)).error?.code).toBe('42501')
  })

  it('lets an admin read sessions and steps and change only followed_up_at', async () => {
    const chat = await visitorWithContact()
    await walk(chat, ['welcome'])
    const session = await admin.client.from('chat_sessions').select('id, name').eq('id', chat.sessionId).single()
    expect(session.data).toEqual({ id: chat.sessionId, name: 'Aarav Sharma' })
    const steps = await admin.client.from('chat_steps').select('step_id').eq('session_id', chat.sessionId)
    expect(steps.data).toEqual([{ step_id: 'welcome' }])
    expect((await admin.client.from('chat_sessions').update({ name: 'Some One Else' }).eq('id', chat.sessionId)).error?.code).toBe('42501')
    expect((await admin.client.from('chat_steps').update({ answered_at: null }).eq('session_id', chat.sessionId)).error?.code).toBe('42501')
    expect((await admin.client.from('chat_sessions').insert({ id: randomUUID(), ...landing })).error?.code).toBe('42501')
    expect((await admin.client.from('chat_sessions').delete().eq('id', chat.sessionId)).error?.code).toBe('42501')
    expect(await storedSession(chat.sessionId)).toMatchObject({ name: 'Aarav Sharma' })
  })
})

describe('hostile input to the recording functions', () => {
  const oversized = 'x'.repeat(201)
  const huge = 'y'.repeat(200_000)

  it('refuses a session with oversized, malformed or missing landing details, storing nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ utm_source: oversized }, '23514'],
      [{ utm_medium: huge }, '23514'],
      [{ utm_campaign: 'line\nbreak' }, '23514'],
      [{ referrer_host: 'evil.example/path?q=1' }, '23514'],
      [{ referrer_host: 'a'.repeat(254) }, '23514'],
      [{ device: 'tablet' }, '23514'],
      [{ device: ['phone'] }, '23514'],
      [{ device: null }, '23502'],
      [{ flow_version: 'v1; drop table leads' }, '23514'],
      [{ flow_version: { version: 1 } }, '23514'],
    ]
    for (const [details, code] of refusals) {
      const chat = chatRecorder(anonClient())
      const recorded = await chat.start(details)
      expect([Object.keys(details)[0], recorded.status, recorded.error?.code]).toEqual([Object.keys(details)[0], 400, code])
      expect(await storedSession(chat.sessionId)).toBeNull()
    }
  })

  it('refuses session ids that are not UUIDs and arguments the functions do not take', async () => {
    for (const id of [123, 'not-a-uuid', { id: 1 }]) {
      const recorded = await anonClient().rpc('chat_session_start', { session_id: id, ...landing })
      expect(recorded.error?.code).toBe('22P02')
    }
    const id = randomUUID()
    const withTime = await anonClient().rpc('chat_session_start', { session_id: id, ...landing, created_at: '2020-01-01T00:00:00Z' })
    expect(withTime.status).toBe(404)
    const asLead = await anonClient().rpc('chat_session_start', { session_id: id, ...landing, lead_id: 'x' })
    expect(asLead.status).toBe(404)
    expect(await storedSession(id)).toBeNull()
  })

  it('refuses malformed step ids and stores no step for them', async () => {
    const chat = chatRecorder(anonClient())
    await chat.start()
    for (const stepId of ['Welcome', '1st', 'name-form', 'a'.repeat(65), 'welcome; drop table chat_steps', '', null, 42, { id: 'welcome' }, ['welcome']]) {
      for (const recorded of [await chat.shown(stepId), await chat.answered(stepId)]) {
        expect([stepId, recorded.error?.code]).toEqual([stepId, stepId === null ? '23502' : '23514'])
      }
    }
    expect(await storedSteps(chat.sessionId)).toEqual([])
  })

  it('records at most 40 distinct steps per session, well-formed ids the flow does not have included', async () => {
    const chat = chatRecorder(anonClient())
    await chat.start()
    for (let i = 1; i <= 40; i++) expect((await chat.shown(`unknown_step_${i}`)).error).toBeNull()
    for (const recorded of [await chat.shown('unknown_step_41'), await chat.answered('welcome')]) {
      expect([recorded.status, recorded.error?.code, recorded.error?.message]).toEqual([400, '23514', 'A chat session records at most 40 steps'])
    }
    expect((await chat.answered('unknown_step_40')).error).toBeNull()
    expect((await chat.shown('unknown_step_1')).error).toBeNull()
    expect(await storedSteps(chat.sessionId)).toHaveLength(40)
  })

  it('refuses to extend a session that does not exist, creating nothing', async () => {
    const forged = chatRecorder(anonClient())
    const refused = [
      await forged.shown('welcome'),
      await forged.answered('welcome'),
      await forged.contact('Asha Rao', '9876543210'),
      await forged.chatFirst(),
      await forged.completed('any-lead'),
    ]
    for (const recorded of refused) expect([recorded.status, recorded.error?.code, recorded.error?.message]).toEqual([409, '23503', 'Unknown chat session'])
    expect(await storedSession(forged.sessionId)).toBeNull()
    expect(await storedSteps(forged.sessionId)).toEqual([])
  })

  it('refuses a contact that could not become a lead, as the leads table would', async () => {
    const chat = chatRecorder(anonClient())
    await chat.start()
    const refusals: [unknown, unknown][] = [
      ['Al', '9876543210'],
      ['A'.repeat(51), '9876543210'],
      ['Robert1', '9876543210'],
      ["Robert'); drop table leads;--", '9876543210'],
      ['Asha Rao', '98765'],
      ['Asha Rao', '98765432101'],
      ['Asha Rao', '+919876543210'],
      ['Asha Rao', null],
      [null, '9876543210'],
      [{ first: 'Asha' }, '9876543210'],
      [huge, '9876543210'],
    ]
    for (const [name, phone] of refusals) {
      const recorded = await chat.contact(name, phone)
      expect([name, phone, recorded.status, recorded.error?.code]).toEqual([name, phone, 400, '23514'])
    }
    expect(await storedSession(chat.sessionId)).toMatchObject({ name: null, phone: null, name_submitted_at: null })
  })
})

describe('attaching the saved lead', () => {
  const refusal = { code: '22023', message: 'This lead cannot be attached to this chat session' }

  it("attaches the visitor's own lead once, and a retry with it changes nothing", async () => {
    const lead = newLead()
    const chat = await visitorWithContact(lead)
    await saveLead(lead)
    expect((await chat.completed(lead.id)).error).toBeNull()
    const completed = await storedSession(chat.sessionId)
    expect((await chat.completed(lead.id)).error).toBeNull()
    const afterRetry = await storedSession(chat.sessionId)
    expect(afterRetry).toEqual({ ...completed, last_activity_at: afterRetry!.last_activity_at })
    expect((await chat.contact('Other Name', '9000000009')).error).toBeNull()
    expect(await storedSession(chat.sessionId)).toMatchObject({ name: null, phone: null, lead_id: lead.id })
  })

  it('refuses, all alike, a lead that does not exist, has another phone, is old or belongs to another session', async () => {
    const someoneElses = newLead({ phone: '9111111111' })
    await saveLead(someoneElses)
    const old = newLead()
    const at = new Date(Date.now() - 16 * 60_000).toISOString()
    expect((await serviceClient().from('leads').insert({ ...old, created_at: at, updated_at: at })).error).toBeNull()
    const taken = newLead()
    const owner = await visitorWithContact(taken)
    await saveLead(taken)
    expect((await owner.completed(taken.id)).error).toBeNull()

    for (const leadId of ['no-such-lead', someoneElses.id, old.id, taken.id, '../../etc/passwd', 'x'.repeat(10_000), null, 7]) {
      const chat = await visitorWithContact(taken)
      const recorded = await chat.completed(leadId)
      expect([leadId, recorded.status, recorded.error?.code, recorded.error?.message]).toEqual([leadId, 400, refusal.code, refusal.message])
      expect(await storedSession(chat.sessionId)).toMatchObject({ lead_id: null, completed_at: null, phone: taken.phone })
    }
    expect((await storedSession(owner.sessionId))!.lead_id).toBe(taken.id)
  })

  it('refuses a lead for a session without a submitted name form', async () => {
    const lead = newLead()
    await saveLead(lead)
    const chat = chatRecorder(anonClient())
    await chat.start()
    expect((await chat.completed(lead.id)).error).toMatchObject(refusal)
  })

  it('keeps a session counted as completed when its lead is deleted', async () => {
    const lead = newLead()
    const chat = await visitorWithContact(lead)
    await saveLead(lead)
    await chat.completed(lead.id)
    expect((await serviceClient().from('leads').delete().eq('id', lead.id)).error).toBeNull()
    const session = await storedSession(chat.sessionId)
    expect(session).toMatchObject({ lead_id: null, name: null, phone: null })
    expect(session!.completed_at).not.toBeNull()
  })
})
