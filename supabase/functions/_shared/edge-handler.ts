/**
 * What an Edge Function's handler is here: a web-standard request in, a response out, with the
 * project's settings passed in rather than read from the environment, so the same module runs
 * under hosted Deno (index.ts reads Deno.env) and in the local backend (which passes its own).
 */
export interface EdgeEnvironment {
  SUPABASE_URL: string
  SUPABASE_ANON_KEY: string
  SUPABASE_SERVICE_ROLE_KEY: string
}

export type EdgeHandler = (request: Request, env: EdgeEnvironment) => Promise<Response>

/** Browsers call functions from the dashboard's origin with supabase-js's headers. */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } })
}

/** An answer the caller can act on: an HTTP status with a code and a message. */
export class EdgeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export function errorResponse(error: EdgeError): Response {
  return jsonResponse(error.status, { code: error.code, message: error.message })
}
