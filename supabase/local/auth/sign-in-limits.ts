/**
 * Password sign-ins per client address, counted before the password is checked, where hosted Auth
 * has its per-address rate limit (a looser one there): by default at most 30 in any 15 minutes
 * (`LOCAL_BACKEND_SIGN_IN_ATTEMPTS` changes the number). The addresses of at most 10,000 clients are
 * remembered.
 */
export const signInAddressLimits = { maxAttempts: 30, windowMs: 15 * 60 * 1000, capacity: 10_000 }
