const identifier = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/** Only plain names are spoken, so a quoted identifier can never be broken out of. */
export function isIdentifier(name: string): boolean {
  return identifier.test(name)
}

export function quoteIdentifier(name: string): string {
  if (!isIdentifier(name)) throw new Error(`Refusing to quote identifier ${JSON.stringify(name)}`)
  return `"${name}"`
}
