/**
 * The visitor's secret for their own booking: 32 random bytes, base64url. Only its SHA-256 (64 hex)
 * reaches the database; the token itself stays with the chat and travels in the link's fragment,
 * which browsers never send to a server or in a Referer.
 */
const tokenBytes = 32

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

export function newManageToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(tokenBytes)))
}

/** The token's SHA-256 as 64 lower-case hex digits, as appointments.manage_token_hash holds it. */
export async function manageTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The manage page's address for a token, on this site. */
export function manageLink(origin: string, token: string): string {
  return `${origin}/booking#${token}`
}
