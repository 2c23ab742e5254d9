import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientsOf } from '../local/testing/clients.ts'
import { migrationsWith } from '../local/testing/migrations-with.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { declaredLeadFields, leadColumnFacts, leadColumnProblems, type LeadColumnFacts } from './support/lead-columns.ts'

/**
 * A column added the way the trap used to spring: search_leads over a view whose `l.*` was expanded
 * before the column existed, and no insert grant for visitors.
 */
const halfAddedColumn = `
  create view private.expanded_leads as select l.* from public.leads as l;
  grant select on private.expanded_leads to authenticated;
  create or replace function public.search_leads(term text default '')
  returns setof public.leads language sql stable as $$ select * from private.expanded_leads $$;
  alter table public.leads add column gift_wrap text not null default '';
`

const backends: RunningBackend[] = []

async function factsOf(migrationsDir?: string): Promise<LeadColumnFacts> {
  const backend = await startOwnBackend({ rateLimits: false, migrationsDir })
  backends.push(backend)
  const clients = clientsOf(backend)
  const admin = await clients.createUserAndSignIn({ admin: true })
  return leadColumnFacts(backend, clients.anonClient(), admin.client)
}

let shipped: LeadColumnFacts
let halfAdded: LeadColumnFacts

beforeAll(async () => {
  shipped = await factsOf()
  halfAdded = await factsOf(await migrationsWith(halfAddedColumn))
})

afterAll(async () => {
  await Promise.all(backends.map((backend) => backend.close()))
})

describe('the columns that follow public.leads', () => {
  it('agree with src/lib/lead-fields.ts: the table, the visitors insert grant and what search_leads answers', () => {
    expect(leadColumnProblems(shipped, declaredLeadFields())).toEqual([])
  })

  it('a declared field without its column is named, with the migration to write', () => {
    expect(leadColumnProblems(shipped, [...declaredLeadFields(), 'gift_wrap'])).toEqual([
      expect.stringContaining(
        'src/lib/lead-fields.ts declares "gift_wrap", but public.leads has no such column. Add a migration ' +
          '(supabase/migrations/<timestamp>_lead_gift_wrap.sql; README, "Adding a lead field") with:\n' +
          "  alter table public.leads add column gift_wrap text not null default '' constraint leads_gift_wrap_check check (char_length(gift_wrap) <= 200);\n" +
          '  grant insert (gift_wrap) on table public.leads to anon;',
      ),
    ])
  })

  it('a column nobody declared, a declared one visitors may not insert and a search over stale columns are each named', () => {
    expect(leadColumnProblems(halfAdded, declaredLeadFields())).toEqual([
      expect.stringMatching(/^public\.leads has a column "gift_wrap" that src\/lib\/lead-fields\.ts does not declare/),
      expect.stringMatching(/^search_leads fails \("return type mismatch in function declared to return leads"\): it must answer the whole rows/),
    ])
    expect(leadColumnProblems(halfAdded, [...declaredLeadFields(), 'gift_wrap'])).toEqual([
      expect.stringContaining('Visitors may not insert public.leads.gift_wrap, which the chat sends, so every lead would be refused. ' +
        'Add to the migration that adds the column:\n  grant insert (gift_wrap) on table public.leads to anon;'),
      expect.stringMatching(/^search_leads fails/),
    ])
  })

  it('a column visitors may insert but the chat never sends is named, with the revoke to write', () => {
    const facts = { ...shipped, visitorInsert: [...shipped.visitorInsert, 'created_at'] }
    expect(leadColumnProblems(facts, declaredLeadFields())).toEqual([
      'Visitors may insert public.leads.created_at, which the chat never sends. Take it back in a new migration:\n' +
        '  revoke insert (created_at) on table public.leads from anon;',
    ])
  })
})
