import { describe, expect, it } from 'vitest'
import { filterOperators, type Filter, type FilterOperator } from './query-params.ts'
import { RestError } from './rest-error.ts'
import { Params, condition } from './sql-builder.ts'

function filter(operator: FilterOperator, value: string | string[]): Filter {
  return { column: 'name', negate: false, operator, value }
}

describe('filter conditions', () => {
  it('render every operator of the grammar with bound values only', () => {
    for (const operator of filterOperators) {
      const params = new Params()
      const sql = condition(filter(operator, operator === 'in' ? ['a', 'b'] : operator === 'is' ? 'null' : 'x*'), params)
      expect(sql, operator).toMatch(/^"name" /)
      expect(sql, operator).not.toMatch(/undefined|x\*/)
    }
  })

  it('refuses an operator outside the grammar with a 501 instead of broken SQL', () => {
    let thrown: unknown
    try {
      condition(filter('cs' as FilterOperator, 'x'), new Params())
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(RestError)
    expect((thrown as RestError).status).toBe(501)
    expect((thrown as RestError).message).toBe('Not supported by the local backend: filter operator cs')
  })
})
