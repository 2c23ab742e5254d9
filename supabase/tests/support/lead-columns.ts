import { leadChatFields, leadFields } from '../../../src/lib/lead-fields.ts'
import { consentColumns, noticeColumns } from '../../../src/lib/notice-record.ts'
import type { RunningBackend } from '../../local/local-backend.ts'
import type { TestClient } from '../../local/testing/clients.ts'
import { newLead } from './leads.ts'

/** What the database says about the lead's columns. */
export interface LeadColumnFacts {
  /** The columns of public.leads, in their order. */
  table: string[]
  /** The columns visitors (anon) may insert. */
  visitorInsert: string[]
  /** The columns of a lead as search_leads answers it, in their order; none when it fails. */
  searchResult: string[]
  /** Why search_leads failed, if it did. */
  searchError: string | null
}

/** The fields src/lib/lead-fields.ts declares: the answers and contact fields, then what the chat records. */
export const declaredLeadFields = (): string[] => [...leadFields, ...leadChatFields].map((field) => field.name)

/**
 * Columns of public.leads that are the record's own, not declared fields: the chat sends the id,
 * the status and the notice its visitor saw; the database sets the times, the returning mark and
 * the consent times, and the team's work keeps the owner.
 */
const visitorSentColumns = ['id', 'status', ...noticeColumns]
const serverKeptColumns = ['created_at', 'updated_at', 'owner_id', 'returning', ...consentColumns]

/**
 * Reads the catalog of `backend`'s database and one lead through search_leads as `admin` (after a
 * visitor's insert of a lead as the chat sends it).
 */
export async function leadColumnFacts(backend: RunningBackend, visitor: TestClient, admin: TestClient): Promise<LeadColumnFacts> {
  const catalog = await backend.context.db.transaction(async (session) => {
    const table = await session.query<{ name: string }>(
      `select attname as name from pg_catalog.pg_attribute
       where attrelid = 'public.leads'::regclass and attnum > 0 and not attisdropped order by attnum`,
    )
    const insert = await session.query<{ name: string }>(
      `select column_name as name from information_schema.column_privileges
       where table_schema = 'public' and table_name = 'leads' and grantee = 'anon' and privilege_type = 'INSERT'`,
    )
    return { table: table.rows.map((row) => row.name), visitorInsert: insert.rows.map((row) => row.name) }
  })
  const lead = newLead()
  const saved = await visitor.from('leads').insert([lead])
  if (saved.error) throw new Error(`a visitor's lead was refused: ${saved.error.message}`)
  const found = await admin.rpc('search_leads', { term: lead.phone }).eq('id', lead.id)
  if (found.error) return { ...catalog, searchResult: [], searchError: found.error.message }
  const [row] = found.data as Record<string, unknown>[]
  if (!row) throw new Error('search_leads did not find the lead a visitor had just saved')
  return { ...catalog, searchResult: Object.keys(row), searchError: null }
}

const migrationLines = (field: string) =>
  `alter table public.leads add column ${field} text not null default '' constraint leads_${field}_check check (char_length(${field}) <= 200);\n` +
  `  grant insert (${field}) on table public.leads to anon;`

/**
 * What is out of step between public.leads, the visitors' insert grant, search_leads and the
 * declared fields, each with what to write to fix it; none when all agree.
 */
export function leadColumnProblems(facts: LeadColumnFacts, declared: readonly string[]): string[] {
  const problems: string[] = []
  const recordColumns = new Set([...visitorSentColumns, ...serverKeptColumns])
  for (const field of declared) {
    if (!facts.table.includes(field)) {
      problems.push(
        `src/lib/lead-fields.ts declares "${field}", but public.leads has no such column. Add a migration ` +
          `(supabase/migrations/<timestamp>_lead_${field}.sql; README, "Adding a lead field") with:\n  ${migrationLines(field)}`,
      )
    }
  }
  for (const column of facts.table) {
    if (!recordColumns.has(column) && !declared.includes(column)) {
      problems.push(
        `public.leads has a column "${column}" that src/lib/lead-fields.ts does not declare: declare it in leadFields ` +
          `(README, "Adding a lead field"), or drop it in a new migration.`,
      )
    }
  }
  const visitorSends = [...visitorSentColumns, ...declared]
  for (const column of visitorSends) {
    if (facts.table.includes(column) && !facts.visitorInsert.includes(column)) {
      problems.push(
        `Visitors may not insert public.leads.${column}, which the chat sends, so every lead would be refused. ` +
          `Add to the migration that adds the column:\n  grant insert (${column}) on table public.leads to anon;`,
      )
    }
  }
  for (const column of facts.visitorInsert) {
    if (!visitorSends.includes(column)) {
      problems.push(
        `Visitors may insert public.leads.${column}, which the chat never sends. Take it back in a new migration:\n` +
          `  revoke insert (${column}) on table public.leads from anon;`,
      )
    }
  }
  const searchFix = 'it must answer the whole rows of private.readable_lead_rows, `(r.lead).*` (20261126000100_lead_search_whole_rows.sql).'
  if (facts.searchError !== null) {
    problems.push(`search_leads fails ("${facts.searchError}"): ${searchFix}`)
  } else if (facts.searchResult.join(',') !== facts.table.join(',')) {
    problems.push(`search_leads answers the columns ${facts.searchResult.join(', ')}, not those of public.leads (${facts.table.join(', ')}): ${searchFix}`)
  }
  return problems
}
