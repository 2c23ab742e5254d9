/** A row of `TTable` added or changed elsewhere, as the dashboard's change feed passes it on to what shows the table. */
export type RowChangeOf<TTable extends string, TRow> = { type: 'row.added' | 'row.changed'; table: TTable; row: TRow }
