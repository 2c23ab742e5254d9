import type { Database } from '../local/db/database.ts'

/** Sessions inserted per statement, with their leads and steps: quick, yet small for PGlite's memory. */
const batchSize = 10_000

/**
 * Sessions numbered $1..$2 spread over the last 90 days, each with uniform draws from hashes of its
 * number, so a run is the same on every machine: `u` decides how far it got, `uploads` whether it
 * chose to upload a reference image.
 */
const sessionsOf = `
  select
    g,
    ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid as id,
    now() - (abs(hashint4(g)) % (90 * 86400)) * interval '1 second' as created_at,
    abs(hashint4(g + 7000000)) / 2147483648.0 as u,
    abs(hashint4(g + 9000000)) % 4 = 0 as uploads
  from generate_series($1::int, $2::int) as g
`

/**
 * The flow's steps with the share of sessions shown each (`reach`) and answering it (`answer`), and
 * answer times of min_seconds plus up to spread_seconds. Between the budget answer and the design
 * question, sessions leave for WhatsApp (chat first); the upload is shown to a quarter.
 */
const ladder = `
  (values
    (1, 'welcome', 1.00, 0.97, 1, 3),
    (2, 'name_form', 0.97, 0.85, 10, 80),
    (3, 'occasion', 0.85, 0.82, 2, 20),
    (4, 'product_type', 0.82, 0.80, 2, 20),
    (5, 'budget_range', 0.80, 0.79, 3, 30),
    (6, 'design_preference', 0.75, 0.72, 3, 25),
    (7, 'reference_upload', 0.72, 0.70, 20, 180),
    (8, 'advanced_filters', 0.70, 0.69, 2, 20),
    (9, 'gold_carat', 0.69, 0.68, 2, 15),
    (10, 'stone_type', 0.68, 0.67, 2, 15),
    (11, 'diamond_shape', 0.67, 0.66, 2, 20),
    (12, 'timeline', 0.66, 0.64, 2, 15),
    (13, 'final_details', 0.64, 0.60, 10, 90),
    (14, 'completion', 0.60, 0.60, 1, 4),
    (15, 'next_steps', 0.60, 0.35, 3, 30)
  ) as l(ord, step_id, reach, answer, min_seconds, spread_seconds)
`
const leadShare = 0.6
const nameShare = 0.85
const chatFirst = { from: 0.75, to: 0.79 }

const insertLeads = `
  insert into public.leads (id, name, phone, created_at, updated_at)
  select 'bench-chat-' || s.g, 'Bench Visitor', '9' || lpad(s.g::text, 9, '0'), s.created_at + interval '8 minutes', s.created_at + interval '8 minutes'
  from (${sessionsOf}) as s
  where s.u < ${leadShare}
`

/** Six in ten sessions carry UTM details (the arrays run out past index 6), some others a referrer. */
const insertSessions = `
  insert into public.chat_sessions (id, created_at, last_activity_at, flow_version, device, utm_source, utm_medium,
    utm_campaign, referrer_host, name, phone, name_submitted_at, chat_first_at, lead_id, completed_at)
  select
    s.id,
    s.created_at,
    s.created_at + interval '10 minutes',
    '1',
    case when s.g % 10 < 7 then 'phone' else 'desktop' end,
    (array['google', 'google', 'google', 'facebook', 'instagram', 'newsletter'])[1 + s.g % 10],
    (array['cpc', 'cpc', 'cpc', 'paid_social', 'paid_social', 'email'])[1 + s.g % 10],
    (array['diwali', 'wedding', 'evergreen', 'diwali', 'wedding', 'november'])[1 + s.g % 10],
    case when s.g % 10 >= 6 then (array['www.google.com', 'm.facebook.com', null])[1 + s.g % 3] end,
    case when s.u < ${nameShare} and s.u >= ${leadShare} then 'Bench Visitor' end,
    case when s.u < ${nameShare} and s.u >= ${leadShare} then '9' || lpad(s.g::text, 9, '0') end,
    case when s.u < ${nameShare} then s.created_at + interval '1 minute' end,
    case when s.u >= ${chatFirst.from} and s.u < ${chatFirst.to} then s.created_at + interval '3 minutes' end,
    case when s.u < ${leadShare} then 'bench-chat-' || s.g end,
    case when s.u < ${leadShare} then s.created_at + interval '8 minutes' end
  from (${sessionsOf}) as s
`

const insertSteps = `
  insert into public.chat_steps (session_id, session_started_at, step_id, shown_at, answered_at)
  select s.id, s.created_at, l.step_id, t.shown_at,
    case when s.u < l.answer then t.shown_at + (l.min_seconds + abs(hashint4(s.g * 31 + l.ord)) % l.spread_seconds) * interval '1 second' end
  from (${sessionsOf}) as s
  join ${ladder} on s.u < l.reach and (l.step_id <> 'reference_upload' or s.uploads)
  cross join lateral (select s.created_at + l.ord * interval '40 seconds' as shown_at) as t
  union all
  select s.id, s.created_at, 'chat_first', s.created_at + interval '3 minutes', null
  from (${sessionsOf}) as s
  where s.u >= ${chatFirst.from} and s.u < ${chatFirst.to}
`

/** A third of the leads booked a weekday business hour on the day of their chat (or the Friday before). */
const insertAppointments = `
  insert into public.appointments (lead_id, slot_datetime, status)
  select l.id,
    ((d.day - (case extract(isodow from d.day) when 6 then 1 when 7 then 2 else 0 end) * interval '1 day')
      + (9 + n.g % 9) * interval '1 hour') at time zone 'Asia/Kolkata',
    'completed'
  from public.leads as l
  cross join lateral (select substr(l.id, 12)::int as g) as n
  cross join lateral (select (l.created_at at time zone 'Asia/Kolkata')::date::timestamp as day) as d
  where l.id like 'bench-chat-%' and n.g % 3 = 0
`

/** `sessions` chat sessions over the last 90 days with their steps, leads and appointments, as the superuser. */
export async function seedChatSessions(db: Database, sessions: number, log: (line: string) => void): Promise<void> {
  for (let from = 1; from <= sessions; from += batchSize) {
    const to = Math.min(sessions, from + batchSize - 1)
    await db.transaction(async (session) => {
      for (const statement of [insertLeads, insertSessions, insertSteps]) await session.query(statement, [from, to])
    })
    log(`  ${to.toLocaleString('en-IN')} sessions`)
  }
  await db.transaction((session) => session.query(insertAppointments))
  await db.transaction((session) => session.query('analyze'))
}
