import type { Database } from './database.ts'

/** `ALTER ROLE <role> SET <name> = <value>` settings, by role name, then setting name. */
export type RoleSettings = ReadonlyMap<string, ReadonlyMap<string, string>>

async function readRoleSettings(db: Database): Promise<RoleSettings> {
  const found = await db.transaction((s) =>
    s.query<{ role: string; setting: string }>(
      `select r.rolname as role, unnest(s.setconfig) as setting
         from pg_catalog.pg_db_role_setting s join pg_catalog.pg_roles r on r.oid = s.setrole
        where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
        order by s.setdatabase`,
    ),
  )
  const settings = new Map<string, Map<string, string>>()
  for (const { role, setting } of found.rows) {
    const split = setting.indexOf('=')
    const forRole = settings.get(role) ?? new Map<string, string>()
    forRole.set(setting.slice(0, split), setting.slice(split + 1))
    settings.set(role, forRole)
  }
  return settings
}

const cache = new WeakMap<Database, Promise<RoleSettings>>()

/**
 * Role settings as PostgREST uses them: the impersonated role's own settings (statement_timeout)
 * applied in each request's transaction, and PostgREST's in-database configuration on role
 * `authenticator` (pgrst.db_pre_request). Read once per database, as PostgREST reads them at start;
 * a database-specific setting wins over a cluster-wide one; a failed read is retried next time.
 */
export function roleSettings(db: Database): Promise<RoleSettings> {
  let pending = cache.get(db)
  if (!pending) {
    pending = readRoleSettings(db)
    cache.set(db, pending)
    pending.catch(() => cache.delete(db))
  }
  return pending
}
