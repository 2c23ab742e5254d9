const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
const length = 24

/** A random password a new member is shown once: 24 characters of an unambiguous alphabet (about 140 bits). */
export function oneTimePassword(): string {
  const bytes = new Uint8Array(length * 2)
  crypto.getRandomValues(bytes)
  let password = ''
  for (const byte of bytes) {
    // 56 letters: bytes from 224 up would favour the first letters, so they are skipped.
    if (byte < 224 && password.length < length) password += alphabet[byte % alphabet.length]
  }
  return password.length === length ? password : oneTimePassword()
}
