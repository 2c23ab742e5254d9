/** A PostgREST-shaped error answer: `{code, message, details, hint}` with its HTTP status and headers. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  get body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

export function notSupported(feature: string): RestError {
  return new RestError(501, 'LOCAL501', `Not supported by the local backend: ${feature}`)
}

export function badRequest(code: string, message: string, details: string | null = null): RestError {
  return new RestError(400, code, message, details)
}
