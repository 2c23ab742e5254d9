import type { ServerResponse } from 'node:http'

export const allowedRequestHeaders = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'prefer',
  'accept-profile',
  'content-profile',
  'x-supabase-api-version',
  'x-upsert',
  'cache-control',
  'range',
  'range-unit',
  'x-retry-count',
  // My data's client sends its session token to Storage's policies (request.headers).
  'x-my-data-token',
  // The customer's quote page signs its images with the quote link's token (design-images policies).
  'x-quote-token',
]

export function setCorsHeaders(res: ServerResponse, origin: string | undefined): void {
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*')
  res.setHeader('Vary', 'Origin')
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', allowedRequestHeaders.join(', '))
  res.setHeader('Access-Control-Expose-Headers', 'content-range, x-supabase-api-version, content-location, retry-after')
  res.setHeader('Access-Control-Max-Age', '86400')
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendRawJson(res, status, JSON.stringify(body), headers)
}

/** For bodies Postgres already rendered as JSON text. */
export function sendRawJson(res: ServerResponse, status: number, json: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(json))
  res.end(json)
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.statusCode = status
  res.end()
}
