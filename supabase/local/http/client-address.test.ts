import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress, fromThisMachine } from './client-address.ts'

function request(peer: string, forwardedFor?: string): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } as unknown as IncomingMessage
}

describe('client address', () => {
  it('is the socket peer when nobody is trusted or the peer is not a local proxy', () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), 'none')).toBe('127.0.0.1')
    expect(clientAddress(request('198.51.100.4', '203.0.113.9'), 'loopback')).toBe('198.51.100.4')
    expect(clientAddress(request('::ffff:198.51.100.4'), 'loopback')).toBe('198.51.100.4')
  })

  it('takes the right-most forwarded address a local proxy appended', () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), 'loopback')).toBe('203.0.113.9')
    expect(clientAddress(request('::1', '10.9.9.9, 203.0.113.9'), 'loopback')).toBe('203.0.113.9')
    expect(clientAddress(request('127.0.0.1', '203.0.113.9, 127.0.0.1'), 'loopback')).toBe('203.0.113.9')
  })

  it('ignores malformed forwarding entries instead of counting them as addresses', () => {
    expect(clientAddress(request('127.0.0.1', 'evil\u0000, <script>, 1.2.3'), 'loopback')).toBe('127.0.0.1')
    expect(clientAddress(request('127.0.0.1', 'x'.repeat(10_000)), 'loopback')).toBe('127.0.0.1')
    expect(clientAddress(request('127.0.0.1', ''), 'loopback')).toBe('127.0.0.1')
  })
})

describe('from this machine', () => {
  it('is a loopback peer only, whatever the headers say', () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(fromThisMachine(request(peer)), peer).toBe(true)
    for (const peer of ['192.168.1.20', '::ffff:198.51.100.4', '2001:db8::1', '']) expect(fromThisMachine(request(peer, '127.0.0.1')), peer).toBe(false)
  })
})
