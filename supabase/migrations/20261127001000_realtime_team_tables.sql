-- Notes, follow-ups and history events reach open dashboards through Realtime, like leads and
-- appointments (20261122001800); each subscriber gets only the rows its policies let it read.
do $$
declare
  entity text;
begin
  foreach entity in array array['lead_notes', 'follow_ups', 'lead_events'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = entity
    ) then
      execute format('alter publication supabase_realtime add table public.%I', entity);
    end if;
  end loop;
end
$$;
