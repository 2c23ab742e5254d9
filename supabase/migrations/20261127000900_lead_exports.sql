-- The CSV export reads leads through one admin-only function, which records, as it goes, which
-- leads each export included: each lead's history then shows the exports that included it (who,
-- when, how many rows that export has), through lead_history (20261127000300). Staff cannot export.
--
-- A page is up to 1,000 leads, newest first (created_at, then id, descending), after the last lead
-- of the previous page (keyset: every page costs the same). `filters` is a JSON object of leads
-- columns and the values they must equal (null: the column is null), the leads tab's filters as the
-- dashboard declares them, plus `term` for the search; 400 invalid_export_filters for anything
-- else. The first page records the export (its id chosen by the caller, a fresh uuid); later pages
-- must come from the same admin with the same filters (409 export_mismatch).

create function private.export_filter_sql(filters jsonb)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  sql text := '';
  filter record;
begin
  if filters is null or jsonb_typeof(filters) <> 'object' then
    perform private.refuse_request(400, 'invalid_export_filters', 'Export filters are a JSON object.');
  end if;
  for filter in select key, value from jsonb_each(filters) where key <> 'term' loop
    if not exists (
      select 1 from pg_catalog.pg_attribute as a
      where a.attrelid = 'public.leads'::regclass and a.attname = filter.key and a.attnum > 0 and not a.attisdropped
    ) or jsonb_typeof(filter.value) not in ('string', 'null') or pg_catalog.length(filter.value::text) > 1000 then
      perform private.refuse_request(400, 'invalid_export_filters', 'Export filters name columns of leads and the text they must equal.');
    end if;
    sql := sql || case
      when jsonb_typeof(filter.value) = 'null' then format(' and l.%I is null', filter.key)
      else format(' and l.%I::text = %L', filter.key, filter.value #>> '{}')
    end;
  end loop;
  if filters ? 'term' and jsonb_typeof(filters -> 'term') <> 'string' then
    perform private.refuse_request(400, 'invalid_export_filters', 'The search term is text.');
  end if;
  return sql;
end;
$$;

revoke all on function private.export_filter_sql(jsonb) from public;

create function public.export_leads_chunk(
  export_id uuid,
  filters jsonb default '{}',
  after_created_at timestamptz default null,
  after_id text default null
)
returns setof public.leads
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
  filter_sql constant text := private.export_filter_sql(filters);
  term constant text := coalesce(filters ->> 'term', '');
  recorded private.lead_exports;
  page public.leads[];
begin
  perform private.require_admin('export leads');
  if export_id is null or (after_created_at is null) <> (after_id is null) then
    perform private.refuse_request(400, 'invalid_export_page', 'An export page needs the export id, and both or neither of after_created_at and after_id.');
  end if;
  if private.search_pattern(term) is null then
    perform private.refuse_request(400, 'invalid_export_filters', 'The search term is at most 255 characters.');
  end if;
  select * into actor from private.request_actor();
  insert into private.lead_exports (id, exported_by, exported_by_name, term, filters)
  values (export_id, actor.actor_id, actor.actor_name, term, filters)
  on conflict (id) do nothing;
  select * into recorded from private.lead_exports as x where x.id = export_id for update;
  if recorded.exported_by <> actor.actor_id or recorded.filters <> filters then
    perform private.refuse_request(409, 'export_mismatch', 'That export was started by someone else or with other filters.');
  end if;

  execute format(
    'select coalesce(array_agg(l order by l.created_at desc, l.id desc), ''{}'') from (
       select l.* from public.leads as l
       where ($1 = '''' or private.lead_search_text(l.name, l.phone, l.email, l.city) ilike private.search_pattern($1) escape ''\'')
         and ($2::timestamptz is null or (l.created_at, l.id) < ($2, $3))
         %s
       order by l.created_at desc, l.id desc
       limit 1000
     ) as l', filter_sql)
  into page
  using term, after_created_at, after_id;

  with added as (
    insert into private.lead_export_items (lead_id, export_id)
    select p.id, export_id from unnest(page) as p
    on conflict do nothing
    returning 1
  )
  update private.lead_exports as x set rows = x.rows + (select count(*) from added) where x.id = export_id;

  return query select * from unnest(page);
end;
$$;

revoke all on function public.export_leads_chunk(uuid, jsonb, timestamptz, text) from public, anon;
grant execute on function public.export_leads_chunk(uuid, jsonb, timestamptz, text) to authenticated;
