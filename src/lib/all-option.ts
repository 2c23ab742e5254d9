/** The value of a filter's "All ..." option. */
export const allOption = 'all'
