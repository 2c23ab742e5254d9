import { notSupported } from './rest-error.ts'

export interface Preferences {
  returnRepresentation: boolean
  countExact: boolean
  missingDefault: boolean
}

/** The `Prefer` header values PostgREST understands; those the local backend lacks answer 501. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  const preferences: Preferences = { returnRepresentation: false, countExact: false, missingDefault: false }
  for (const value of values) {
    const [key, setting] = value.split('=').map((s) => s.trim())
    if (key === 'return') preferences.returnRepresentation = setting === 'representation'
    else if (key === 'count') preferences.countExact = true
    else if (key === 'missing') preferences.missingDefault = setting === 'default'
    else if (key === 'resolution') throw notSupported(`upsert (Prefer: ${value})`)
    else if (key === 'tx') throw notSupported(`Prefer: ${value}`)
    else if (key === 'max-affected') throw notSupported(`Prefer: ${value}`)
    else if (key === 'handling' && setting === 'strict') throw notSupported(`Prefer: ${value}`)
  }
  return preferences
}
