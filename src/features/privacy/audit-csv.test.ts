import { describe, expect, it } from 'vitest'
import { aTeam } from '@/testing/lead-work-fixtures'
import { auditCsv } from './audit-csv'

describe('the audit log as CSV', () => {
  it('writes every event with its actor named, its detail as JSON, and defuses formulas', () => {
    const csv = auditCsv(
      [
        { id: 1, at: '2026-11-26T04:00:00Z', kind: 'sign_in', actor: aTeam.admin.id, address: '203.0.113.7', detail: {} },
        { id: 2, at: '2026-11-26T04:01:00Z', kind: 'sign_in_failed', actor: null, address: '=cmd|calc', detail: { refused: true } },
      ],
      [aTeam.admin],
    )
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('\uFEFFId,At,Kind,Actor Id,Actor,Address,Detail')
    expect(lines[1]).toBe(`1,2026-11-26T04:00:00Z,sign_in,${aTeam.admin.id},${aTeam.admin.displayName},203.0.113.7,{}`)
    expect(lines[2]).toBe(`2,2026-11-26T04:01:00Z,sign_in_failed,,,'=cmd|calc,"{""refused"":true}"`)
    expect(lines[3]).toBe('')
  })
})
