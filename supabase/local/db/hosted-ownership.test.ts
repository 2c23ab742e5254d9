import { rm } from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { migrationsWith } from '../testing/migrations-with.ts'

describe('migrations run as hosted runs them', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup()
  })

  async function startWith(extra: string): Promise<RunningBackend> {
    const folder = await migrationsWith(extra)
    cleanups.push(() => rm(folder, { recursive: true, force: true }))
    const backend = await startLocalBackend({ migrationsDir: folder })
    cleanups.push(() => backend.close())
    return backend
  }

  it('as a role that is not a superuser and owns what it creates; storage belongs to supabase_storage_admin', async () => {
    const backend = await startWith('create policy extra_read on storage.objects for select to anon using (false);')
    const owners = await backend.context.db.transaction((s) =>
      s.query<{ name: string; owner: string }>(
        `select c.oid::regclass::text as name, pg_get_userbyid(c.relowner) as owner from pg_class c
          where c.oid in ('public.leads'::regclass, 'public.appointments'::regclass, 'public.user_roles'::regclass,
                          'storage.objects'::regclass, 'storage.buckets'::regclass)
          order by 1`,
      ),
    )
    expect(owners.rows).toEqual([
      { name: 'appointments', owner: 'migrator' },
      { name: 'leads', owner: 'migrator' },
      { name: 'storage.buckets', owner: 'supabase_storage_admin' },
      { name: 'storage.objects', owner: 'supabase_storage_admin' },
      { name: 'user_roles', owner: 'migrator' },
    ])
    const role = await backend.context.db.transaction((s) => s.query(`select rolsuper from pg_roles where rolname = 'migrator'`))
    expect(role.rows).toEqual([{ rolsuper: false }])
    const policy = await backend.context.db.transaction((s) => s.query(`select 1 from pg_policies where policyname = 'extra_read'`))
    expect(policy.rows).toHaveLength(1)
  })

  it.each([
    ['altering storage.objects', 'alter table storage.objects add column note text;'],
    ['an index on storage.objects', 'create index objects_note_idx on storage.objects (name);'],
    ['a trigger on storage.objects', 'create trigger objects_touch before update on storage.objects for each row execute function private.touch_updated_at();'],
    ['superuser-only statements', 'create role sneaky superuser;'],
  ])('fails for %s, as on hosted Supabase', async (_what, extra) => {
    const folder = await migrationsWith(extra)
    cleanups.push(() => rm(folder, { recursive: true, force: true }))
    await expect(startLocalBackend({ migrationsDir: folder })).rejects.toThrow(/^Migration 29991231000000_extra\.sql failed: (must be owner|permission denied)/)
  })
})
