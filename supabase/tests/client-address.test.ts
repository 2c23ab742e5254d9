import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientFor, clientsOf } from '../local/testing/clients.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'

interface AddressReport {
  header: string
  trusted_hops: number | null
  header_value: string | null
  x_forwarded_for: string | null
  address: string
}

/** How the database reads an address, and the limits that key on it, for one backend. */
function addressChecks(backend: RunningBackend) {
  const report = async (headers: Record<string, string> = {}): Promise<AddressReport> => {
    const { data, error } = await clientFor(backend.url, backend.serviceRoleKey, headers).rpc('request_address_report')
    expect(error).toBeNull()
    return data as AddressReport
  }
  /** Statuses of eleven leads sent with these headers, one after another. */
  const elevenLeads = async (headers: (i: number) => Record<string, string>): Promise<number[]> => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await clientFor(backend.url, backend.anonKey, headers(i)).from('leads').insert([newLead()])).status)
    return statuses
  }
  const useSource = (header: string, trustedHops: number | null) =>
    asSuperuser(backend.context.db, 'update private.client_address_source set header = $1, trusted_hops = $2', [header, trustedHops])
  return { report, elevenLeads, useSource }
}

const limited = [...Array(10).fill(201), 429]

describe('a backend clients reach directly, as hosted is reached through its edge', () => {
  let backend: RunningBackend
  let checks: ReturnType<typeof addressChecks>

  beforeAll(async () => {
    backend = await startOwnBackend({ trustProxy: 'none' })
    checks = addressChecks(backend)
  })

  afterAll(async () => {
    await backend?.close()
  })

  it('reads the address from CF-Connecting-IP, which the edge sets, and shows how to the service role', async () => {
    expect(await checks.report({ 'x-forwarded-for': '203.0.113.50', 'cf-connecting-ip': '203.0.113.51' })).toEqual({
      header: 'cf-connecting-ip',
      trusted_hops: null,
      header_value: '127.0.0.1',
      x_forwarded_for: '203.0.113.50, 127.0.0.1',
      address: '127.0.0.1',
    })
  })

  it('limits a client that sends a new X-Forwarded-For with each lead', async () => {
    expect(await checks.elevenLeads((i) => ({ 'x-forwarded-for': `198.51.100.${i}` }))).toEqual(limited)
  })

  it('refuses the report to visitors (401) and signed-in users (403)', async () => {
    const anon = await clientFor(backend.url, backend.anonKey).rpc('request_address_report')
    expect([anon.status, anon.error?.code, anon.data]).toEqual([401, '42501', null])
    const { client } = await clientsOf(backend).createUserAndSignIn({ admin: true })
    const admin = await client.rpc('request_address_report')
    expect([admin.status, admin.error?.code, admin.data]).toEqual([403, '42501', null])
  })
})

describe('where the address comes from, set in SQL (private.client_address_source)', () => {
  let backend: RunningBackend
  let checks: ReturnType<typeof addressChecks>

  beforeAll(async () => {
    // Requests arrive from this machine, as from a proxy: its X-Forwarded-For's last entry is the visitor.
    backend = await startOwnBackend()
    checks = addressChecks(backend)
  })

  afterAll(async () => {
    await backend?.close()
  })

  it('with X-Forwarded-For and one trusted hop: the entry the edge appended, not what the client wrote', async () => {
    await checks.useSource('x-forwarded-for', 1)
    try {
      expect(await checks.report({ 'x-forwarded-for': '198.18.0.1, 203.0.113.60' })).toMatchObject({
        header: 'x-forwarded-for',
        trusted_hops: 1,
        header_value: '198.18.0.1, 203.0.113.60, 203.0.113.60',
        address: '203.0.113.60',
      })
      expect(await checks.elevenLeads((i) => ({ 'x-forwarded-for': `198.18.0.${i}, 203.0.113.61` }))).toEqual(limited)
    } finally {
      await checks.useSource('cf-connecting-ip', null)
    }
  })

  it('with X-Forwarded-For and two trusted hops: the entry left of the last two', async () => {
    await checks.useSource('x-forwarded-for', 2)
    try {
      expect((await checks.report({ 'x-forwarded-for': '198.18.0.1, 203.0.113.62, 203.0.113.63' })).address).toBe('203.0.113.63')
      expect((await checks.report({ 'x-forwarded-for': '' })).address).toBe('unknown')
    } finally {
      await checks.useSource('cf-connecting-ip', null)
    }
  })

  it('counts requests whose header is missing or unreadable against one address, "unknown"', async () => {
    await checks.useSource('x-real-ip', null)
    try {
      expect(await checks.report()).toMatchObject({ header: 'x-real-ip', header_value: null, address: 'unknown' })
      expect((await checks.report({ 'x-real-ip': '1.2.3.4/8' })).address).toBe('unknown')
      expect((await checks.report({ 'x-real-ip': 'not an address' })).address).toBe('unknown')
      expect(await checks.elevenLeads((i) => ({ 'x-forwarded-for': `203.0.113.${70 + i}` }))).toEqual(limited)
    } finally {
      await checks.useSource('cf-connecting-ip', null)
    }
  })

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', async () => {
    expect((await checks.report({ 'x-forwarded-for': '2001:db8:1:2::1' })).address).toBe('2001:db8:1:2::/64')
    expect((await checks.report({ 'x-forwarded-for': '2001:db8:1:2:ffff:ffff:ffff:fffe' })).address).toBe('2001:db8:1:2::/64')
    expect((await checks.report({ 'x-forwarded-for': '::ffff:203.0.113.80' })).address).toBe('203.0.113.80')
    expect(await checks.elevenLeads((i) => ({ 'x-forwarded-for': `2001:db8:1:3::${i + 1}` }))).toEqual(limited)
  })

  it('refuses a source the reading cannot use', async () => {
    for (const [header, hops] of [['x-forwarded-for', null], ['x-forwarded-for', 11], ['cf-connecting-ip', 1], ['CF-Connecting-IP', null], ['', null]] as const) {
      await expect(checks.useSource(header, hops)).rejects.toMatchObject({ code: '23514' })
    }
  })
})
