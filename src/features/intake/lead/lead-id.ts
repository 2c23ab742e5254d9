/** A unique lead id: a crypto-grade UUID, or the current time plus a random part where no crypto is available. */
export function createLeadId(cryptoSource: { randomUUID?: () => string } | undefined = globalThis.crypto): string {
  if (typeof cryptoSource?.randomUUID === 'function') return cryptoSource.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}
