import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { rowAt } from './page-window'
import { pagedQueryMachine, shownTotal, type ListQuery, type ListRow, type PageRequest } from './paged-query.machine'

interface Request<TAnswer> {
  input: TAnswer extends number ? ListQuery : PageRequest
  signal: AbortSignal
  resolve: (answer: TAnswer) => void
  reject: (error: unknown) => void
}

const rows = (from: number, to: number, tag = ''): ListRow[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => ({ id: `${tag}${from + index}` }))

/** The machine with a backend whose answers the test releases one by one, on a simulated clock. */
function startList(options: { pageSize?: number; prefetchPages?: number } = {}) {
  const pages: Request<readonly ListRow[]>[] = []
  const counts: Request<number>[] = []
  const failures: unknown[] = []
  const applied: ListQuery[] = []
  const clock = new SimulatedClock()
  const machine = pagedQueryMachine.provide({
    actors: {
      fetchPage: fromPromise<readonly ListRow[], PageRequest>(
        ({ input, signal }) => new Promise((resolve, reject) => pages.push({ input, signal, resolve, reject })),
      ),
      countRows: fromPromise<number, ListQuery>(
        ({ input, signal }) => new Promise((resolve, reject) => counts.push({ input, signal, resolve, reject })),
      ),
    },
    actions: {
      notifyLoadFailed: (_, error) => failures.push(error),
      announceQuery: ({ context }) => applied.push(context.query),
    },
  })
  const actor = createActor(machine, {
    clock,
    input: { query: { search: '', status: 'all' }, pageSize: options.pageSize ?? 10, prefetchPages: options.prefetchPages ?? 1 },
  }).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  const context = () => actor.getSnapshot().context
  const shownIds = () => {
    const { pages: loaded, pageSize } = context()
    const count = shownTotal(context()) ?? 0
    return Array.from({ length: count }, (_, index) => rowAt(loaded, pageSize, index)?.id ?? '…')
  }
  return { actor, clock, pages, counts, failures, applied, settle, context, shownIds }
}

describe('paged query machine', () => {
  it('asks for the first page and the count at once, and shows both', async () => {
    const list = startList()
    expect(list.pages.map((request) => request.input)).toEqual([{ query: { search: '', status: 'all' }, from: 0, to: 9 }])
    expect(list.counts).toHaveLength(1)
    list.pages[0]!.resolve(rows(0, 9))
    await list.settle()
    expect(shownTotal(list.context())).toBeNull()
    list.counts[0]!.resolve(25)
    await list.settle()
    expect(shownTotal(list.context())).toBe(25)
    // Page 1 is prefetched below the visible rows; page 2 is not wanted yet.
    expect(list.pages.map((request) => request.input.from)).toEqual([0, 10])
  })

  it('applies typing only after the pause, once, and says which query it applied', async () => {
    const list = startList()
    list.actor.send({ type: 'query.edit', change: { search: 'p' } })
    list.clock.increment(100)
    list.actor.send({ type: 'query.edit', change: { search: 'pu' } })
    list.clock.increment(100)
    list.actor.send({ type: 'query.edit', change: { search: 'pun' } })
    expect(list.context().draft).toEqual({ search: 'pun', status: 'all' })
    expect(list.pages).toHaveLength(1)
    list.clock.increment(149)
    expect(list.pages).toHaveLength(1)
    list.clock.increment(1)
    expect(list.pages.map((request) => request.input.query)).toEqual([
      { search: '', status: 'all' },
      { search: 'pun', status: 'all' },
    ])
    expect(list.applied).toEqual([{ search: 'pun', status: 'all' }])
  })

  it('counts a typed query only once typing has paused longer, and never one typed over', async () => {
    const list = startList()
    list.actor.send({ type: 'query.edit', change: { search: 'pu' } })
    list.clock.increment(150)
    expect(list.counts).toHaveLength(1)
    expect(list.counts[0]!.signal.aborted).toBe(true)
    // 'pu' would be counted 150 ms after it applied; a keystroke 100 ms after holds the count until typing has paused again.
    list.clock.increment(100)
    list.actor.send({ type: 'query.edit', change: { search: 'pun' } })
    list.clock.increment(100)
    expect(list.counts).toHaveLength(1)
    list.clock.increment(50)
    list.clock.increment(149)
    expect(list.counts).toHaveLength(1)
    list.clock.increment(1)
    expect(list.counts.map((request) => request.input)).toEqual([{ search: '', status: 'all' }, { search: 'pun', status: 'all' }])
    expect(list.pages.map((request) => request.input.query.search)).toEqual(['', 'pu', 'pun'])
  })

  it('keeps the count through a change of sort, which does not change it', async () => {
    const list = startList()
    list.counts[0]!.resolve(30)
    list.pages[0]!.resolve(rows(0, 9))
    await list.settle()
    list.actor.send({ type: 'query.set', change: { sort: { column: 'name', descending: false } } })
    list.pages.at(-1)!.resolve(rows(0, 9, 'sorted-'))
    await list.settle()
    expect(list.counts).toHaveLength(1)
    expect(shownTotal(list.context())).toBe(30)
    expect(list.shownIds()[0]).toBe('sorted-0')
  })

  it('applies a filter at once, and typing back to the applied query asks nothing', async () => {
    const list = startList()
    list.actor.send({ type: 'query.set', change: { status: 'closed' } })
    expect(list.pages.at(-1)?.input.query).toEqual({ search: '', status: 'closed' })
    list.actor.send({ type: 'query.edit', change: { search: 'x' } })
    list.actor.send({ type: 'query.edit', change: { search: '' } })
    list.clock.increment(150)
    expect(list.pages).toHaveLength(2)
    list.actor.send({ type: 'query.set', change: { status: 'closed' } })
    expect(list.pages).toHaveLength(2)
  })

  it('aborts the requests of a replaced query, and their late answers never land', async () => {
    const list = startList()
    const [firstPage] = list.pages
    const [firstCount] = list.counts
    list.actor.send({ type: 'query.set', change: { search: 'asha' } })
    expect(firstPage!.signal.aborted).toBe(true)
    expect(firstCount!.signal.aborted).toBe(true)
    list.pages[1]!.resolve(rows(0, 2, 'asha-'))
    await list.settle()
    firstPage!.resolve(rows(0, 9, 'stale-'))
    firstCount!.resolve(1000)
    await list.settle()
    expect(list.shownIds()).toEqual(['asha-0', 'asha-1', 'asha-2'])
  })

  it('keeps the rows of the previous query on screen until the next query answers', async () => {
    const list = startList()
    list.pages[0]!.resolve(rows(0, 4, 'old-'))
    await list.settle()
    list.actor.send({ type: 'query.set', change: { status: 'closed' } })
    expect(list.shownIds()).toEqual(['old-0', 'old-1', 'old-2', 'old-3', 'old-4'])
    list.pages[1]!.resolve(rows(0, 1, 'new-'))
    await list.settle()
    expect(list.shownIds()).toEqual(['new-0', 'new-1'])
  })

  it('knows the total from a short first page and stops the count', async () => {
    const list = startList()
    list.pages[0]!.resolve(rows(0, 6))
    await list.settle()
    expect(shownTotal(list.context())).toBe(7)
    expect(list.counts[0]!.signal.aborted).toBe(true)
    expect(list.pages).toHaveLength(1)
  })

  it('loads the pages around the visible rows, drops far ones, and never asks past the total', async () => {
    const list = startList()
    list.counts[0]!.resolve(45)
    list.pages[0]!.resolve(rows(0, 9))
    await list.settle()
    list.pages[1]!.resolve(rows(10, 19))
    await list.settle()
    list.actor.send({ type: 'rows.visible', first: 36, last: 44 })
    await list.settle()
    expect(list.pages.at(-1)?.input).toMatchObject({ from: 30, to: 39 })
    list.pages.at(-1)!.resolve(rows(30, 39))
    await list.settle()
    expect(list.pages.at(-1)?.input).toMatchObject({ from: 40, to: 49 })
    list.pages.at(-1)!.resolve(rows(40, 44))
    await list.settle()
    expect(list.pages.at(-1)?.input).toMatchObject({ from: 20, to: 29 })
    list.pages.at(-1)!.resolve(rows(20, 29))
    await list.settle()
    expect(list.pages).toHaveLength(5)
    expect(Object.keys(list.context().pages)).toEqual(['2', '3', '4'])
    expect(list.shownIds().slice(18, 22)).toEqual(['…', '…', '20', '21'])
    expect(list.shownIds().at(-1)).toBe('44')
  })

  it('while the total is unknown, asks for a page only after a full one', async () => {
    const list = startList({ prefetchPages: 3 })
    list.pages[0]!.resolve(rows(0, 9))
    await list.settle()
    list.pages[1]!.resolve(rows(10, 19))
    await list.settle()
    list.pages[2]!.resolve(rows(20, 23))
    await list.settle()
    expect(list.pages.map((request) => request.input.from)).toEqual([0, 10, 20])
    expect(shownTotal(list.context())).toBe(24)
  })

  it('announces one failure for a lost connection, keeps the rows, and retries on request', async () => {
    const list = startList()
    list.pages[0]!.resolve(rows(0, 9))
    list.counts[0]!.resolve(12)
    await list.settle()
    list.actor.send({ type: 'query.refresh' })
    const offline = new TypeError('Failed to fetch')
    list.pages.at(-1)!.reject(offline)
    list.counts.at(-1)!.reject(offline)
    await list.settle()
    expect(list.failures).toEqual([offline])
    expect(list.shownIds().slice(0, 10)).toEqual(rows(0, 9).map((row) => row.id))
    list.actor.send({ type: 'query.retry' })
    expect(list.pages).toHaveLength(4)
    expect(list.counts).toHaveLength(3)
    list.pages.at(-1)!.resolve(rows(0, 9, 'again-'))
    await list.settle()
    expect(list.shownIds()[0]).toBe('again-0')
  })

  it('replaces a row in place, as a status change answers it', async () => {
    const list = startList()
    const answer: (ListRow & { status: string })[] = [{ id: 'a', status: 'pending' }, { id: 'b', status: 'pending' }]
    const changed: ListRow & { status: string } = { id: 'b', status: 'closed' }
    list.pages[0]!.resolve(answer)
    await list.settle()
    list.actor.send({ type: 'row.changed', row: changed })
    expect(list.context().pages[0]?.rows).toEqual([{ id: 'a', status: 'pending' }, { id: 'b', status: 'closed' }])
  })

  describe('a row added elsewhere', () => {
    /** A list of 3 rows on screen, counted. */
    async function shownList() {
      const list = startList()
      list.pages[0]!.resolve(rows(0, 2))
      list.counts[0]!.resolve(3)
      await list.settle()
      return list
    }

    it('asks the database again, which puts it at the top when the query matches it, and counts one more', async () => {
      const list = await shownList()
      list.actor.send({ type: 'row.added', row: { id: 'new' } })
      expect(list.pages.map((request) => request.input)).toEqual([
        { query: { search: '', status: 'all' }, from: 0, to: 9 },
        { query: { search: '', status: 'all' }, from: 0, to: 9 },
      ])
      expect(list.counts).toHaveLength(2)
      // The rows stay on screen until the answer arrives.
      expect(list.shownIds()).toEqual(['0', '1', '2'])
      list.pages[1]!.resolve([{ id: 'new' }, ...rows(0, 2)])
      list.counts[1]!.resolve(4)
      await list.settle()
      expect(list.shownIds()).toEqual(['new', '0', '1', '2'])
      expect(list.context().fresh).toEqual(['new'])
    })

    it('is not listed when the database says the query does not match it', async () => {
      const list = await shownList()
      list.actor.send({ type: 'query.set', change: { status: 'closed' } })
      list.pages.at(-1)!.resolve(rows(0, 1, 'closed-'))
      await list.settle()
      list.actor.send({ type: 'row.added', row: { id: 'pending-one' } })
      expect(list.pages.at(-1)?.input.query).toEqual({ search: '', status: 'closed' })
      list.pages.at(-1)!.resolve(rows(0, 1, 'closed-'))
      await list.settle()
      expect(list.shownIds()).toEqual(['closed-0', 'closed-1'])
    })

    it('replaces the row already on screen instead of showing it twice, and asks nothing', async () => {
      const list = await shownList()
      list.actor.send({ type: 'row.added', row: { id: 'new' } })
      list.pages[1]!.resolve([{ id: 'new' }, ...rows(0, 2)])
      list.counts[1]!.resolve(4)
      await list.settle()
      const again: ListRow & { name: string } = { id: 'new', name: 'as the insert event has it' }
      list.actor.send({ type: 'row.added', row: again })
      expect(list.pages).toHaveLength(2)
      expect(list.counts).toHaveLength(2)
      expect(list.shownIds()).toEqual(['new', '0', '1', '2'])
      expect(list.context().pages[0]?.rows[0]).toEqual(again)
    })

    it('is highlighted for a moment', async () => {
      const list = await shownList()
      list.actor.send({ type: 'row.added', row: { id: 'first' } })
      list.clock.increment(3000)
      list.actor.send({ type: 'row.added', row: { id: 'second' } })
      expect(list.context().fresh).toEqual(['first', 'second'])
      list.clock.increment(1000)
      expect(list.context().fresh).toEqual(['second'])
      list.clock.increment(2999)
      expect(list.context().fresh).toEqual(['second'])
      list.clock.increment(1)
      expect(list.context().fresh).toEqual([])
    })

    it('asks again for the rows on screen when told it may have missed changes', async () => {
      const list = await shownList()
      list.actor.send({ type: 'query.refresh' })
      expect(list.pages).toHaveLength(2)
      expect(list.counts).toHaveLength(2)
    })
  })
})
