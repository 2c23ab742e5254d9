import type { ServerResponse } from 'node:http'
import { sendJson } from '../http/respond.ts'

/** Storage answers errors with HTTP 400 and the real status inside the body, as hosted Supabase does. */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly httpStatus = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  sendJson(res, error.httpStatus, { statusCode: error.statusCode, error: error.error, message: error.message }, error.headers)
}

export const objectNotFound = () => new StorageError('404', 'not_found', 'Object not found')
export const bucketNotFound = () => new StorageError('404', 'Bucket not found', 'Bucket not found')
export const tooLarge = () => new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size')
export const invalidRequest = (message: string) => new StorageError('400', 'InvalidRequest', message)
export const clientGone = () => new StorageError('499', 'ClientClosedRequest', 'The client closed the connection during the upload')
export const tooManyUploads = () =>
  new StorageError('503', 'SlowDown', 'Too many uploads in progress; retry later', 503, { 'Retry-After': '1' })
export const notSupported = (feature: string) =>
  new StorageError('501', 'not_supported', `Not supported by the local backend: ${feature}`, 501)
