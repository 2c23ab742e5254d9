import type { Database } from './database.ts'

/** Tables that only Supabase's own Auth and Storage servers create; the local bootstrap has none of them. */
const supabaseOwnTables = ['auth.schema_migrations', 'auth.audit_log_entries', 'auth.identities', 'storage.migrations']

/**
 * The bootstrap replaces auth.uid() and friends with stand-ins. On a database that Supabase's own
 * services run on (hosted, or `supabase start`), that would break them: refuse instead.
 */
export async function refuseSupabaseOwnDatabase(db: Database): Promise<void> {
  const found = await db.transaction((s) =>
    s.query<{ name: string }>('select name from unnest($1::text[]) as name where to_regclass(name) is not null', [supabaseOwnTables]),
  )
  if (found.rows.length === 0) return
  throw new Error(
    `DATABASE_URL names a database that holds Supabase's own auth and storage schemas (${found.rows.map((r) => r.name).join(', ')}). ` +
      'The local backend would replace auth.uid() and its other functions there, so it refuses. ' +
      'Point DATABASE_URL at an empty database on a plain PostgreSQL server; deploy to hosted Supabase with `supabase db push`.',
  )
}
