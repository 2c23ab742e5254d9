-- The dashboard hears new and changed leads and appointments through Realtime's postgres_changes:
-- hosted Supabase streams the tables of the publication supabase_realtime (which it creates; the
-- local backend's bootstrap does too). Realtime sends a change only to subscribers whose role may
-- select the row under the tables' policies, so visitors and non-admins get none of them.
-- Idempotent: a table already published (or a publication FOR ALL TABLES) is left as it is.

do $$
declare
  entity text;
begin
  foreach entity in array array['leads', 'appointments'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = entity
    ) then
      execute format('alter publication supabase_realtime add table public.%I', entity);
    end if;
  end loop;
end
$$;
