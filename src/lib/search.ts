/** The value of a filter's "All ..." option. */
export const allOption = 'all'

/** Case-insensitive match of a search term against the given fields; an empty term matches everything. */
export function matchesSearch(term: string, fields: readonly string[]): boolean {
  const needle = term.trim().toLowerCase()
  if (!needle) return true
  return fields.some((field) => field.toLowerCase().includes(needle))
}
