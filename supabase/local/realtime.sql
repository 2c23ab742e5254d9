-- Realtime's change capture. Hosted Supabase has the publication `supabase_realtime` and reads its
-- tables' changes from the write-ahead log; PGlite has no logical decoding, so the local backend
-- puts an AFTER ROW trigger on every table of the publication (sync_realtime_capture(), called
-- after the migrations) that sends each change with NOTIFY, which arrives once the writer commits.
-- Runs after migration-role.sql at every start; idempotent.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
-- Hosted's postgres owns it, so migrations add their tables with ALTER PUBLICATION.
alter publication supabase_realtime owner to migrator;

-- NOTIFY drops identical payloads of one transaction; the sequence number keeps each change apart.
create sequence if not exists local_backend.realtime_change_number;

-- A change too long for NOTIFY (8000 bytes) waits here and NOTIFY carries its id instead.
create table if not exists local_backend.realtime_large_changes (
  id bigint generated always as identity primary key,
  change text not null,
  created_at timestamptz not null default now()
);
revoke all on local_backend.realtime_large_changes from public;

create or replace function local_backend.realtime_capture_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change text := jsonb_build_object(
    'number', nextval('local_backend.realtime_change_number'),
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    -- The row's write, moments before its commit: a trigger cannot see the commit time.
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end
  )::text;
  large_change bigint;
begin
  if octet_length(change) >= 7900 then
    delete from local_backend.realtime_large_changes where created_at < now() - interval '10 minutes';
    insert into local_backend.realtime_large_changes (change) values (change) returning id into large_change;
    change := jsonb_build_object('large_change', large_change)::text;
  end if;
  perform pg_notify('local_backend_realtime', change);
  return null;
end;
$$;

-- Every table of the publication gets the capture trigger, created disabled: it is enabled when a
-- client first subscribes (enable_realtime_capture()), so bulk writes nobody listens to cost nothing.
-- A table that left the publication loses it.
create or replace function local_backend.sync_realtime_capture() returns void
language plpgsql
set search_path = ''
as $$
declare
  item record;
begin
  for item in
    select t.tgrelid::regclass as entity from pg_catalog.pg_trigger t
    where t.tgname = 'local_backend_realtime_capture'
      and t.tgrelid not in (
        select format('%I.%I', p.schemaname, p.tablename)::regclass from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime'
      )
  loop
    execute format('drop trigger local_backend_realtime_capture on %s', item.entity);
  end loop;
  for item in
    select format('%I.%I', p.schemaname, p.tablename)::regclass as entity from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
      and not exists (
        select 1 from pg_catalog.pg_trigger t
        where t.tgname = 'local_backend_realtime_capture'
          and t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
      )
  loop
    execute format(
      'create trigger local_backend_realtime_capture after insert or update or delete on %s
         for each row execute function local_backend.realtime_capture_change()',
      item.entity
    );
    execute format('alter table %s disable trigger local_backend_realtime_capture', item.entity);
  end loop;
end;
$$;

-- Waits for writes in progress on those tables, so every change committed afterwards is captured.
create or replace function local_backend.enable_realtime_capture() returns void
language plpgsql
set search_path = ''
as $$
declare
  item record;
begin
  for item in
    select t.tgrelid::regclass as entity from pg_catalog.pg_trigger t
    where t.tgname = 'local_backend_realtime_capture' and t.tgenabled = 'D'
  loop
    execute format('alter table %s enable trigger local_backend_realtime_capture', item.entity);
  end loop;
end;
$$;

-- Which subscribers may see a row, as hosted Realtime decides (realtime.apply_rls): for each
-- subscriber's claims (a JSON array of them), as its role, whether the row with this primary key
-- can be selected now. An error in a policy counts as not visible.
create or replace function local_backend.realtime_rows_visible(entity regclass, row_key jsonb, subscribers jsonb)
returns boolean[]
language plpgsql
set search_path = ''
as $$
declare
  key_match text := (
    select string_agg(format('t.%1$I = k.%1$I', a.attname), ' and ')
    from pg_catalog.pg_index i
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
    where i.indrelid = entity and i.indisprimary
  );
  lookup text := format('select exists (select 1 from %1$s t, jsonb_populate_record(null::%1$s, $1) k where %2$s)', entity, key_match);
  claims jsonb;
  found boolean;
  visible boolean[] := '{}';
begin
  for claims in select jsonb_array_elements(subscribers) loop
    begin
      perform set_config('role', claims ->> 'role', true), set_config('request.jwt.claims', claims::text, true);
      execute lookup using row_key into found;
    exception when others then
      found := false;
    end;
    perform set_config('role', null, true);
    visible := visible || coalesce(found, false);
  end loop;
  return visible;
end;
$$;

-- What a join's postgres_changes entries cover, in one statement (hosted's Subscriptions.create): for
-- each entry {schema, table, column?, value?} in order ('*' for any schema or table), the tables of
-- the publication it names and, with a filter, the value as that column's type reads it (to_jsonb),
-- provided `subscriber` may select the column. Stops at the first entry that fails:
-- {"failed": "no_tables"}, or {"failed": "filter", "code": <sqlstate>, "message": ...}. The
-- publication's tables are read once, not per entry: a join of many entries costs little more than one.
create or replace function local_backend.realtime_resolve_changes(subscriber text, entries jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  published jsonb := (
    select coalesce(jsonb_agg(jsonb_build_object('schema', p.schemaname, 'table', p.tablename) order by p.schemaname, p.tablename), '[]')
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
  );
  entry jsonb;
  covered record;
  column_type text;
  filter_value jsonb;
  tables jsonb;
  resolved jsonb := '[]';
begin
  for entry in select jsonb_array_elements(entries) loop
    tables := '[]';
    for covered in
      select t ->> 'schema' as schema, t ->> 'table' as "table"
      from jsonb_array_elements(published) as t
      where t ->> 'schema' like (case entry ->> 'schema' when '*' then '%' else entry ->> 'schema' end) escape ''
        and t ->> 'table' like (case entry ->> 'table' when '*' then '%' else entry ->> 'table' end) escape ''
    loop
      filter_value := null;
      if entry ? 'column' then
        column_type := (
          select format_type(a.atttypid, a.atttypmod)
          from pg_catalog.pg_attribute a
          where a.attrelid = format('%I.%I', covered.schema, covered."table")::regclass and a.attname = entry ->> 'column'
            and a.attnum > 0 and not a.attisdropped and has_column_privilege(subscriber, a.attrelid, a.attnum, 'SELECT')
        );
        if column_type is null then
          return resolved || jsonb_build_array(jsonb_build_object(
            'failed', 'filter', 'code', 'P0001', 'message', format('invalid column for filter %s', entry ->> 'column')));
        end if;
        begin
          execute format('select to_jsonb($1::%s)', column_type) into filter_value using entry ->> 'value';
        exception when others then
          return resolved || jsonb_build_array(jsonb_build_object('failed', 'filter', 'code', sqlstate, 'message', sqlerrm));
        end;
      end if;
      tables := tables || jsonb_build_array(jsonb_build_object('schema', covered.schema, 'table', covered."table", 'value', filter_value));
    end loop;
    if tables = '[]' then
      return resolved || jsonb_build_array(jsonb_build_object('failed', 'no_tables'));
    end if;
    resolved := resolved || jsonb_build_array(jsonb_build_object('tables', tables));
  end loop;
  return resolved;
end;
$$;
