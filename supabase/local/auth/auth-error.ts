/** An answer in GoTrue's error shape `{code, message}`. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export function validationFailed(message: string): AuthError {
  return new AuthError(400, 'validation_failed', message)
}

/** 429 as GoTrue answers it, with `Retry-After` in whole seconds. */
export function rateLimited(waitMs: number, message: string): AuthError {
  return new AuthError(429, 'over_request_rate_limit', message, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) })
}
