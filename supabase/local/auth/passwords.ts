import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

export const minimumPasswordLength = 8
export const maximumPasswordLength = 1024

const keyLength = 64
const cost = 16384

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { N: cost, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$<cost>$<salt>$<hash>`, salted per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt)
  return `scrypt$${cost}$${salt.toString('base64')}$${key.toString('base64')}`
}

const dummyHash = hashPassword(randomBytes(12).toString('base64'))

/** Constant-time; an unknown user still costs one derivation so timing does not reveal emails. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, costText, saltText, hashText] = (stored ?? (await dummyHash)).split('$')
  if (scheme !== 'scrypt' || Number(costText) !== cost || !saltText || !hashText) return false
  const expected = Buffer.from(hashText, 'base64')
  const actual = await derive(password, Buffer.from(saltText, 'base64'))
  return actual.length === expected.length && timingSafeEqual(actual, expected) && stored !== undefined
}
