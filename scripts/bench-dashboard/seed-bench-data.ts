import { upsertAdmin } from '../../supabase/local/auth/admins.ts'
import type { Database } from '../../supabase/local/db/database.ts'
import { startLocalBackend } from '../../supabase/local/local-backend.ts'
import { answerOptions } from '../../flow-tools/flow-facts.ts'
import { defaultFlowFile, loadFlowFile, problemReport } from '../../flow-tools/flow-files.ts'
import { firstNames, lastNames, cities } from '../seed-demo/demo-data.ts'
import { seedTeamData, type BenchStaff } from './seed-team-data.ts'

export interface BenchAdmin {
  email: string
  password: string
}

export interface BenchSeed {
  admin: BenchAdmin
  staff: BenchStaff[]
  /** The lead with the longest history. */
  busiestLead: string
}

/** Rows inserted by one statement: large enough to be quick, small enough for PGlite's memory. */
const batchSize = 50_000

/** The answers leads get: the options the consultation flow offers, so the filters find them. */
function flowAnswers() {
  const flow = loadFlowFile(defaultFlowFile)
  if (!flow.ok) throw new Error(`The leads take their answers from the flow file, which has problems:\n${problemReport(flow)}`)
  const of = (field: Parameters<typeof answerOptions>[1]) => answerOptions(flow.flow, field)
  return {
    occasions: of('occasion'),
    products: of('product_type'),
    budgets: of('budget_range'),
    designs: of('design_preference'),
    timelines: of('timeline'),
  }
}

/**
 * Leads numbered from..to, spread over three years with varied names, cities, answers and statuses
 * (half pending, a quarter contacted, a quarter closed). The spread comes from multiplying the row
 * number by large primes, so a run is the same on every machine.
 */
const insertLeads = `
  insert into public.leads (id, name, phone, email, city, occasion, product_type, budget_range,
    design_preference, timeline, status, created_at, updated_at)
  select
    'bench-' || lpad(g::text, 8, '0'),
    f.first || ' ' || l.last,
    (6 + g % 4)::text || lpad(((g::bigint * 982451653) % 1000000000)::text, 9, '0'),
    lower(f.first || '.' || l.last || g::text) || '@example.in',
    ($3::text[])[1 + (g::bigint * 7919) % cardinality($3::text[])],
    ($4::text[])[1 + (g::bigint * 104729) % cardinality($4::text[])],
    ($5::text[])[1 + (g::bigint * 1299709) % cardinality($5::text[])],
    ($6::text[])[1 + (g::bigint * 15485863) % cardinality($6::text[])],
    ($7::text[])[1 + (g::bigint * 179424673) % cardinality($7::text[])],
    ($8::text[])[1 + (g::bigint * 86028121) % cardinality($8::text[])],
    (array['pending', 'pending', 'contacted', 'closed'])[1 + (g::bigint * 2750159) % 4],
    t.created_at,
    t.created_at
  from generate_series($1::int, $2::int) as g
  cross join lateral (select ($9::text[])[1 + (g::bigint * 7727) % cardinality($9::text[])] as first) as f
  cross join lateral (select ($10::text[])[1 + (g::bigint * 6947) % cardinality($10::text[])] as last) as l
  cross join lateral (
    select now() - ((g::bigint * 2654435761) % (3 * 365 * 86400)) * interval '1 second' as created_at
  ) as t
`

/**
 * Appointments for every fifth lead. Past ones (completed, cancelled or no-show) fall on a weekday
 * business hour within three years back; the first leads also get one active (scheduled or
 * confirmed) slot each on the weekdays ahead, each slot at most once.
 */
const insertAppointments = `
  with booked as (
    select id, row_number() over (order by id) as n
    from public.leads
    where id like 'bench-%' and substr(id, 7)::int % 5 = 0
  ),
  ahead as (
    select slot, row_number() over (order by slot) as n
    from (
      select ((d + h * interval '1 hour') at time zone 'Asia/Kolkata') as slot
      from generate_series((current_date + 1)::timestamp, (current_date + 90)::timestamp, interval '1 day') as d
      cross join generate_series(9, 17) as h
      where extract(isodow from d) between 1 and 5
    ) as slots
  )
  insert into public.appointments (lead_id, slot_datetime, status)
  select b.id, coalesce(a.slot, past.slot),
    case when a.slot is not null then (array['scheduled', 'confirmed'])[1 + b.n % 2]
         else (array['completed', 'completed', 'cancelled', 'no-show'])[1 + (b.n * 31) % 4] end
  from booked as b
  left join ahead as a on a.n = b.n
  cross join lateral (
    select ((day - (case extract(isodow from day) when 6 then 1 when 7 then 2 else 0 end) * interval '1 day')
      + (9 + (b.n * 13) % 9) * interval '1 hour') at time zone 'Asia/Kolkata' as slot
    from (select (current_date - 1 - ((b.n * 7919) % 1095)::int)::timestamp as day) as d
  ) as past
`

async function seed(db: Database, leads: number, log: (line: string) => void) {
  const answers = flowAnswers()
  for (let from = 1; from <= leads; from += batchSize) {
    const to = Math.min(leads, from + batchSize - 1)
    await db.transaction((session) => session.query(insertLeads, [
      from,
      to,
      cities,
      answers.occasions,
      answers.products,
      answers.budgets,
      answers.designs,
      answers.timelines,
      firstNames,
      lastNames,
    ]))
    log(`  ${to.toLocaleString('en-IN')} leads`)
  }
  await db.transaction((session) => session.query(insertAppointments))
  await db.transaction((session) => session.query('analyze'))
}

/**
 * A fresh local backend in `dataDir` with `leads` leads, appointments for a fifth of them, an admin
 * to sign in with and the team's data (seed-team-data.ts, `events` more history events); closed
 * again, so `vite preview` can open the folder.
 */
export async function seedBenchData(dataDir: string, leads: number, events: number, log: (line: string) => void): Promise<BenchSeed> {
  const backend = await startLocalBackend({ dataDir, fresh: true, rateLimits: false })
  try {
    const admin = { email: 'bench-admin@example.com', password: 'bench-password-1234' }
    const { userId } = await upsertAdmin(backend.context.db, admin.email, admin.password)
    await seed(backend.context.db, leads, log)
    // The leads span three years; the retention job, which runs at every start, would erase the older
    // ones and leave fewer leads than asked for.
    await backend.context.db.transaction((session) =>
      session.query('update private.retention_settings set unconverted_lead_days = 3650, closed_lead_days = 3650'),
    )
    const team = await seedTeamData(backend.context.db, leads, events, userId, log)
    return { admin, ...team }
  } finally {
    await backend.close()
  }
}
