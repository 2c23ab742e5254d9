/** What every feature api function throws: the backend error code and a readable message. */
export class ApiError extends Error {
  readonly code: string

  constructor(code: string, message: string) {
    super(message)
    this.name = 'ApiError'
    this.code = code
  }
}

interface BackendError {
  code?: string | null
  message?: string | null
}

export function toApiError(error: BackendError, fallbackMessage: string): ApiError {
  return new ApiError(error.code || 'unknown', error.message || fallbackMessage)
}
