import * as z from 'zod/mini'
import { ApiError } from '@/lib/api-error'

const errorBodySchema = z.object({ code: z.string(), message: z.string() })

/**
 * An Edge Function's refusal as an ApiError: the { code, message } it answered with, read from the
 * response supabase-js keeps on the error (FunctionsHttpError.context); a failure to reach it keeps
 * the client's message.
 */
export async function functionError(error: { message: string; context?: unknown }, fallbackMessage: string): Promise<ApiError> {
  const response = error.context
  if (response instanceof Response) {
    const body = errorBodySchema.safeParse(await response.json().catch(() => null))
    if (body.success) return new ApiError(body.data.code, body.data.message)
    return new ApiError(`http_${response.status}`, fallbackMessage)
  }
  return new ApiError('function_unreachable', error.message || fallbackMessage)
}
