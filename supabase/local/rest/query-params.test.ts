import { describe, expect, it } from 'vitest'
import { parseList, parseTableQuery } from './query-params.ts'
import { RestError } from './rest-error.ts'

function errorOf(run: () => unknown): RestError {
  try {
    run()
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error('expected a RestError')
}

describe('PostgREST query parsing', () => {
  it('splits in. lists with quotes, escapes and commas inside quotes', () => {
    expect(parseList('(a,b, c)')).toEqual(['a', 'b', 'c'])
    expect(parseList('("a,b","c\\"d",e)')).toEqual(['a,b', 'c"d', 'e'])
    expect(parseList('("b);drop table leads")')).toEqual(['b);drop table leads'])
    expect(parseList('()')).toEqual([])
    expect(parseList('("")')).toEqual([''])
    expect(errorOf(() => parseList('a,b')).status).toBe(400)
    expect(errorOf(() => parseList('("a)')).details).toBe('unterminated quote in list')
  })

  it('reads select, filters, order, limit and offset', () => {
    const query = parseTableQuery(new URLSearchParams('select=id,who:name&status=not.eq.closed&order=created_at.desc.nullslast,id&limit=5&offset=10'))
    expect(query.select).toEqual([
      { column: 'id', alias: undefined },
      { column: 'name', alias: 'who' },
    ])
    expect(query.filters).toEqual([{ column: 'status', negate: true, operator: 'eq', value: 'closed' }])
    expect(query.order).toEqual([
      { column: 'created_at', descending: true, nulls: 'last' },
      { column: 'id', descending: false, nulls: undefined },
    ])
    expect([query.limit, query.offset]).toEqual([5, 10])
  })

  it('refuses what it cannot express safely, naming it', () => {
    expect(errorOf(() => parseTableQuery(new URLSearchParams('limit=-1'))).message).toBe('"limit" must be a non-negative integer, got "-1"')
    expect(errorOf(() => parseTableQuery(new URLSearchParams('order=id.sideways'))).details).toBe('unknown order modifier "sideways"')
    expect(errorOf(() => parseTableQuery(new URLSearchParams('id=eq'))).status).toBe(400)
    expect(errorOf(() => parseTableQuery(new URLSearchParams('id=is.maybe'))).status).toBe(400)
    for (const [params, feature] of [
      ['select=id,"na""me"', 'select column'],
      ['select=data->x', 'JSON paths'],
      ['select=id::text', 'casts'],
      ['data->>x=eq.1', 'filter on "data->>x"'],
      ['id=fts.word', 'filter operator "fts"'],
      ['and=(a.eq.1)', 'and= filters'],
    ]) {
      const error = errorOf(() => parseTableQuery(new URLSearchParams(params)))
      expect(error.status).toBe(501)
      expect(error.message).toContain(feature)
    }
  })
})
