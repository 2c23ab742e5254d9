import type { ServerResponse } from 'node:http'
import { sendJson } from '../http/respond.ts'

/** Storage answers errors with HTTP 400 and the real status inside the body, as hosted Supabase does. */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message)
  }
}

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  sendJson(res, error.httpStatus, { statusCode: error.statusCode, error: error.error, message: error.message })
}

export const objectNotFound = () => new StorageError('404', 'not_found', 'Object not found')
export const bucketNotFound = () => new StorageError('404', 'Bucket not found', 'Bucket not found')
export const tooLarge = () => new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size')
export const notSupported = (feature: string) =>
  new StorageError('501', 'not_supported', `Not supported by the local backend: ${feature}`, 501)
