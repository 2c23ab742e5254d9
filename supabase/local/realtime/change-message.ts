import type { ApiRole } from '../db/as-caller.ts'
import type { CapturedChange, Row } from './change-feed.ts'
import type { ColumnShape, TableShape } from './table-shape.ts'

/** A change message's `data`, in hosted's field order (Realtime.Adapters.Changes). */
export interface ChangeData {
  columns: { name: string; type: string }[]
  commit_timestamp: string | null
  errors: string[] | null
  schema: string
  table: string
  old_record?: Row
  record?: Row
  type: CapturedChange['type']
}

/**
 * Hosted sends a role that may not select the primary key (or a table without one) this instead of
 * the row, whatever its filters and policies say.
 */
export function refusalFor(change: CapturedChange, shape: TableShape, role: ApiRole): string | undefined {
  if (change.type === 'DELETE') return undefined
  const keys = shape.columns.filter((column) => column.key)
  if (keys.length === 0) return 'Error 400: Bad Request, no primary key'
  if (keys.some((column) => !column.selectableBy[role])) return 'Error 401: Unauthorized'
  return undefined
}

export function refusalData(change: CapturedChange, error: string): ChangeData {
  const { schema, table, type } = change
  const empty = type === 'UPDATE' ? { old_record: {}, record: {} } : { record: {} }
  return { columns: [], commit_timestamp: null, errors: [error], schema, table, ...empty, type }
}

function only(row: Row | null, columns: ColumnShape[]): Row {
  const kept: Row = {}
  for (const { name } of columns) if (row && name in row) kept[name] = row[name]
  return kept
}

/**
 * The old values a change carries (the replica identity: the primary key unless the table's is
 * FULL), as a filter on a DELETE sees them.
 */
export function identityOf(change: CapturedChange, shape: TableShape): Row {
  return only(change.oldRecord, shape.columns.filter((column) => column.identity))
}

/**
 * The change as `role` may see it (apply_rls): only the columns it may select; a DELETE under
 * row-level security carries only the primary key, since no policy can be checked on a gone row.
 */
export function changeData(change: CapturedChange, shape: TableShape, role: ApiRole): ChangeData {
  const { schema, table, type, commitTimestamp } = change
  const selectable = shape.columns.filter((column) => column.selectableBy[role])
  const oldColumns = selectable.filter((column) => column.identity && (type !== 'DELETE' || !shape.rowSecurity || column.key))
  return {
    columns: selectable.map(({ name, type: columnType }) => ({ name, type: columnType })),
    commit_timestamp: commitTimestamp,
    errors: null,
    schema,
    table,
    ...(type === 'INSERT' ? {} : { old_record: only(change.oldRecord, oldColumns) }),
    ...(type === 'DELETE' ? {} : { record: only(change.record, selectable) }),
    type,
  }
}
