import type { Database } from '../db/database.ts'
import { roleSettings } from '../db/role-settings.ts'
import { isIdentifier, quoteIdentifier } from './identifiers.ts'
import { RestError } from './rest-error.ts'

/** `schema.name` or `name` (schema public, PostgREST's first exposed schema), quoted for SQL. */
function qualifiedName(value: string): string {
  const parts = value.split('.')
  if (parts.length > 2 || !parts.every(isIdentifier)) {
    throw new RestError(
      500,
      'LOCAL500',
      `pgrst.db_pre_request of role authenticator is "${value}": the local backend calls only plain [schema.]function names`,
    )
  }
  const [schema, name] = parts.length === 2 ? (parts as [string, string]) : ['public', parts[0] as string]
  return `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`
}

/**
 * The pre-request function to call, quoted, or undefined when none is configured: PostgREST's
 * in-database configuration, `alter role authenticator set pgrst.db_pre_request to
 * '<schema>.<function>'`, read once per database (a change needs a backend restart, as PostgREST
 * needs `notify pgrst, 'reload config'`).
 */
export async function preRequestFunction(db: Database): Promise<string | undefined> {
  const value = (await roleSettings(db)).get('authenticator')?.get('pgrst.db_pre_request')
  return value === undefined || value === '' ? undefined : qualifiedName(value)
}
