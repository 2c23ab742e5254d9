// C0 and C1 controls, DEL, and unpaired UTF-16 surrogates.
const controlOrBrokenCharacter = /[\p{Cc}\p{Cs}]/u
const unpairedSurrogate = /\p{Cs}/u
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Nobody types these in an email or a password; NUL cannot even reach Postgres. */
export function hasControlCharacters(text: string): boolean {
  return controlOrBrokenCharacter.test(text)
}

export function isUuid(text: string): boolean {
  return uuidPattern.test(text)
}

/** Whether jsonb can hold this parsed JSON: no NUL and no unpaired surrogate in any key or string (nesting is bounded by the body reader). */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !unpairedSurrogate.test(value)
  if (typeof value !== 'object' || value === null) return true
  if (Array.isArray(value)) return value.every(isStorableJson)
  return Object.entries(value).every(([key, item]) => isStorableJson(key) && isStorableJson(item))
}
