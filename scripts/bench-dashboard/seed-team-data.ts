import { hashPassword } from '../../supabase/local/auth/passwords.ts'
import { insertUser } from '../../supabase/local/auth/users.ts'
import type { Database } from '../../supabase/local/db/database.ts'

export interface BenchStaff {
  email: string
  password: string
}

const staffCount = 4
const staffPassword = 'bench-staff-password-1234'

/**
 * Owners for most leads: a third stay unassigned, the rest go to the staff in turn (by lead number,
 * so a run is the same on every machine).
 */
const assignOwners = `
  with staff as (select user_id, row_number() over (order by display_name) - 1 as n from public.user_roles where role = 'staff')
  update public.leads as l
  set owner_id = s.user_id
  from staff as s
  where l.id like 'bench-%' and substr(l.id, 7)::int % 3 <> 0 and substr(l.id, 7)::int % $1::int = s.n
`

/**
 * History events on top of the `created` event each lead got when it was saved: status changes and
 * WhatsApp openings by the admin, spread over the leads and over the days since each was created;
 * one in a hundred goes to the first lead, the longest history to page through.
 */
const insertEvents = `
  insert into public.lead_events (lead_id, at, actor_id, actor_name, kind, data)
  select l.id, l.created_at + ((g::bigint * 7919) % 86400) * interval '1 second' * (1 + g % 30),
    $3::uuid, 'bench-admin',
    (array['status_changed', 'whatsapp_opened', 'status_changed'])[1 + g % 3],
    case when g % 3 = 1 then '{}'::jsonb else jsonb_build_object('from', 'pending', 'to', 'contacted') end
  from generate_series($1::int, $2::int) as g
  join public.leads as l on l.id = 'bench-' || lpad((case when g % 100 = 0 then 1 else 1 + (g::bigint * 2654435761) % $4::int end)::text, 8, '0')
`

/** Notes by the staff on their leads (each writes its note_added event too). */
const insertNotes = `
  insert into public.lead_notes (lead_id, author_id, author_name, body, created_at, updated_at)
  select l.id, l.owner_id, r.display_name, 'Called; will visit the showroom with the family. Note ' || g,
    l.created_at + interval '1 day', l.created_at + interval '1 day'
  from generate_series(1, $1::int) as g
  join public.leads as l on l.id = 'bench-' || lpad((1 + (g::bigint * 104729) % $2::int)::text, 8, '0')
  join public.user_roles as r on r.user_id = l.owner_id
`

/** Follow-ups of the staff around today: overdue, due today, later; a quarter of them done. */
const insertFollowUps = `
  insert into public.follow_ups (lead_id, assignee_id, created_by, due_at, text, done_at, done_by)
  select l.id, l.owner_id, l.owner_id, now() + ((g % 21) - 10) * interval '1 day' + (g % 24) * interval '1 hour',
    'Call back about the design ' || g,
    case when g % 4 = 0 then now() end, case when g % 4 = 0 then l.owner_id end
  from generate_series(1, $1::int) as g
  join public.leads as l on l.id = 'bench-' || lpad((1 + (g::bigint * 15485863) % $2::int)::text, 8, '0')
  where l.owner_id is not null
`

async function createStaff(db: Database): Promise<BenchStaff[]> {
  const passwordHash = await hashPassword(staffPassword)
  const staff: BenchStaff[] = []
  for (let member = 1; member <= staffCount; member += 1) {
    const email = `bench-staff-${member}@example.com`
    await db.transaction(async (session) => {
      const user = await insertUser(session, { email, passwordHash, confirmed: true, userMetadata: {}, appMetadata: {} })
      await session.query(`insert into public.user_roles (user_id, role) values ($1::uuid, 'staff')`, [user.id])
    })
    staff.push({ email, password: staffPassword })
  }
  return staff
}

/**
 * The team's data at scale: staff, owners for two thirds of the leads, `events` more history events
 * (beyond each lead's `created` one), notes for a tenth of the leads and follow-ups for a twentieth.
 */
export async function seedTeamData(
  db: Database,
  leads: number,
  events: number,
  adminId: string,
  log: (line: string) => void,
): Promise<{ staff: BenchStaff[]; busiestLead: string }> {
  const staff = await createStaff(db)
  await db.transaction((session) => session.query(assignOwners, [staffCount]))
  const batch = 50_000
  for (let from = 1; from <= events; from += batch) {
    const to = Math.min(events, from + batch - 1)
    await db.transaction((session) => session.query(insertEvents, [from, to, adminId, leads]))
    log(`  ${to.toLocaleString('en-IN')} history events`)
  }
  await db.transaction((session) => session.query(insertNotes, [Math.ceil(leads / 10), leads]))
  await db.transaction((session) => session.query(insertFollowUps, [Math.ceil(leads / 20), leads]))
  await db.transaction((session) => session.query('analyze'))
  log('  staff, owners, notes and follow-ups')
  const busiest = await db.transaction((session) =>
    session.query<{ lead_id: string }>('select lead_id from public.lead_events group by lead_id order by count(*) desc, lead_id limit 1'),
  )
  return { staff, busiestLead: busiest.rows[0]?.lead_id ?? 'bench-00000001' }
}
