// The hosted entry: Supabase's Edge Runtime (Deno) serves the handler the local backend runs in-process.
import { handler } from './handler.ts'

declare const Deno: {
  serve(handler: (request: Request) => Promise<Response>): unknown
  env: { get(name: string): string | undefined }
}

const setting = (name: string): string => Deno.env.get(name) ?? ''

Deno.serve((request) =>
  handler(request, {
    SUPABASE_URL: setting('SUPABASE_URL'),
    SUPABASE_ANON_KEY: setting('SUPABASE_ANON_KEY'),
    SUPABASE_SERVICE_ROLE_KEY: setting('SUPABASE_SERVICE_ROLE_KEY'),
  }),
)
