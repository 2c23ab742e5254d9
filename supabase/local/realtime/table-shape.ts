import type { ApiRole } from '../db/as-caller.ts'
import type { SqlSession } from '../db/database.ts'

export interface ColumnShape {
  name: string
  /** pg_type.typname, as hosted names it in a change's `columns` (`text`, `timestamptz`, `_text`). */
  type: string
  /** Part of the primary key. */
  key: boolean
  /** Part of the replica identity: what an UPDATE's or DELETE's `old_record` holds. */
  identity: boolean
  /** Whether each listening role has SELECT on the column. */
  selectableBy: Partial<Record<ApiRole, boolean>>
}

export interface TableShape {
  rowSecurity: boolean
  columns: ColumnShape[]
}

/** What hosted reads per change (apply_rls): columns, keys, replica identity, column privileges, RLS. */
export async function readTableShape(session: SqlSession, schema: string, table: string, roles: ApiRole[]): Promise<TableShape | undefined> {
  const found = await session.query<TableShape>(
    `select c.relrowsecurity as "rowSecurity",
            json_agg(json_build_object(
              'name', a.attname,
              'type', t.typname,
              'key', coalesce(a.attnum = any (pk.indkey), false),
              'identity', case c.relreplident
                            when 'f' then true
                            when 'n' then false
                            when 'i' then coalesce(a.attnum = any (ri.indkey), false)
                            else coalesce(a.attnum = any (pk.indkey), false)
                          end,
              'selectableBy', (select coalesce(json_object_agg(r, has_column_privilege(r, c.oid, a.attnum, 'SELECT')), '{}')
                                 from unnest($3::text[]) r)
            ) order by a.attnum) as columns
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_catalog.pg_type t on t.oid = a.atttypid
       left join pg_catalog.pg_index pk on pk.indrelid = c.oid and pk.indisprimary
       left join pg_catalog.pg_index ri on ri.indrelid = c.oid and ri.indisreplident
      where n.nspname = $1 and c.relname = $2
      group by c.oid, c.relrowsecurity`,
    [schema, table, roles],
  )
  return found.rows[0]
}
