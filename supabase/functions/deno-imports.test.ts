import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, Record<string, string>>

describe('the Edge Functions\' import map', () => {
  it('maps supabase-js to the version the app and the local backend run', () => {
    const version = read('../../package.json').dependencies!['@supabase/supabase-js']
    expect(read('./deno.json').imports).toEqual({ '@supabase/supabase-js': `npm:@supabase/supabase-js@${version}` })
  })
})
