/** Row indexes, first to last inclusive. */
export interface RowRange {
  first: number
  last: number
}

/** One page of rows as the database answered it, for the query generation that asked. */
export interface LoadedPage<TRow> {
  generation: number
  rows: readonly TRow[]
}

export type LoadedPages<TRow> = Readonly<Record<number, LoadedPage<TRow>>>

export interface PageWindow<TRow> {
  pages: LoadedPages<TRow>
  /** Pages of an older generation are shown until their replacement arrives. */
  generation: number
  /** The rows in view. */
  visible: RowRange
  pageSize: number
  /** Pages loaded beyond the visible ones on either side. */
  prefetchPages: number
  /** The exact number of matching rows, when known. */
  total: number | null
}

/** How many rows the loaded pages prove to exist: a full page promises a next one. */
export function knownRowCount<TRow>(pages: LoadedPages<TRow>, pageSize: number): number {
  let count = 0
  for (let page = 0; pages[page]; page += 1) {
    count += pages[page]!.rows.length
    if (pages[page]!.rows.length < pageSize) break
  }
  return count
}

/**
 * The pages to keep: the visible ones plus the prefetch on either side, never beyond the known total
 * (which would answer 416), and, while the total is unknown, only as far as loaded pages prove rows exist.
 */
export function wantedPages<TRow>(window: PageWindow<TRow>): RowRange {
  const { visible, pageSize, prefetchPages, total } = window
  const known = total ?? knownRowCount(window.pages, pageSize)
  const lastExisting = Math.max(0, Math.ceil(known / pageSize) - 1)
  const lastAllowed = total === null && known % pageSize === 0 ? Math.floor(known / pageSize) : lastExisting
  const first = Math.max(0, Math.floor(visible.first / pageSize) - prefetchPages)
  const last = Math.min(lastAllowed, Math.floor(visible.last / pageSize) + prefetchPages)
  return { first: Math.min(first, last), last }
}

/** The next page to ask for: a visible one first, then those after, then those before; null when all are loaded. */
export function nextPageToLoad<TRow>(window: PageWindow<TRow>): number | null {
  const wanted = wantedPages(window)
  const firstVisible = Math.min(Math.max(wanted.first, Math.floor(window.visible.first / window.pageSize)), wanted.last)
  const candidates = [
    ...range(firstVisible, wanted.last),
    ...range(wanted.first, firstVisible - 1).reverse(),
  ]
  return candidates.find((page) => window.pages[page]?.generation !== window.generation) ?? null
}

/** The loaded pages inside `keep`; the rest are dropped so memory holds only what is near the view. */
export function pagesWithin<TRow>(pages: LoadedPages<TRow>, keep: RowRange): LoadedPages<TRow> {
  return Object.fromEntries(Object.entries(pages).filter(([page]) => Number(page) >= keep.first && Number(page) <= keep.last))
}

/** The row at an index, if its page is loaded. */
export function rowAt<TRow>(pages: LoadedPages<TRow>, pageSize: number, index: number): TRow | undefined {
  return pages[Math.floor(index / pageSize)]?.rows[index % pageSize]
}

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index)
}
