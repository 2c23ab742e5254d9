import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngOfSize, uploadName } from '../../tests/support/images.ts'
import type { RunningBackend } from '../local-backend.ts'
import { clientFor } from '../testing/clients.ts'
import { migrationsWith } from '../testing/migrations-with.ts'
import { startOwnBackend } from '../testing/own-backend.ts'

/** A bucket whose policies note what each Storage request's transaction holds, then admit it. */
const probe = `
create table public.storage_request_probe (headers jsonb, method text, path text, role text);
revoke all on table public.storage_request_probe from anon, authenticated;
create function public.note_storage_request() returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.storage_request_probe
  values (current_setting('request.headers', true)::jsonb, current_setting('request.method', true),
          current_setting('request.path', true), current_setting('role', true));
  return true;
end;
$$;
insert into storage.buckets (id, name, public) values ('probe', 'probe', false);
create policy probe_upload on storage.objects for insert to anon with check (bucket_id = 'probe' and public.note_storage_request());
create policy probe_select on storage.objects for select to anon using (bucket_id = 'probe' and public.note_storage_request());
`

let backend: RunningBackend
let migrationsDir: string

beforeAll(async () => {
  migrationsDir = await migrationsWith(probe)
  backend = await startOwnBackend({ migrationsDir, trustProxy: 'none' })
})

afterAll(async () => {
  await backend?.close()
  await rm(migrationsDir, { recursive: true, force: true })
})

async function noted() {
  const found = await backend.context.db.transaction((session) =>
    session.query<{ headers: Record<string, string>; method: string; path: string; role: string }>('delete from public.storage_request_probe returning *'),
  )
  return found.rows
}

describe("a Storage request's transaction, as hosted Storage opens it", () => {
  it("holds the client's headers with the edge's X-Forwarded-For entry and cf-connecting-ip, the method and the raw path", async () => {
    const visitor = clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': '203.0.113.7', 'cf-connecting-ip': '6.6.6.6', 'x-probe': 'kept' })
    const name = uploadName()
    expect((await visitor.storage.from('probe').upload(name, pngOfSize(100), { contentType: 'image/png' })).error).toBeNull()
    const [upload] = await noted()
    expect(upload).toMatchObject({ method: 'POST', path: `/object/probe/${name}`, role: 'anon' })
    expect(upload?.headers).toMatchObject({ 'x-forwarded-for': '203.0.113.7, 127.0.0.1', 'cf-connecting-ip': '127.0.0.1', 'x-probe': 'kept', apikey: backend.anonKey })

    expect((await visitor.storage.from('probe').createSignedUrl(name, 60)).error).toBeNull()
    expect((await noted()).map((row) => [row.method, row.path, row.headers['cf-connecting-ip']])).toContainEqual([
      'POST',
      `/object/sign/probe/${name}`,
      '127.0.0.1',
    ])
    expect((await visitor.storage.from('probe').list()).data?.map((object) => object.name)).toEqual([name])
    expect((await noted()).map((row) => row.path)).toContain('/object/list/probe')
  })
})
