-- export_leads_chunk takes the page size (1 to 1,000, default 1,000), as the app's CSV reader asks
-- for its chunks; otherwise as 20261127001200.
drop function public.export_leads_chunk(uuid, jsonb, timestamptz, text);

create function public.export_leads_chunk(
  export_id uuid,
  filters jsonb default '{}',
  after_created_at timestamptz default null,
  after_id text default null,
  page_size integer default 1000
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
begin
  perform private.require_admin('export leads');
  if export_id is null or (after_created_at is null) <> (after_id is null) then
    perform private.refuse_request(400, 'invalid_export_page', 'An export page needs the export id, and both or neither of after_created_at and after_id.');
  end if;
  if page_size is null or page_size not between 1 and 1000 then
    perform private.refuse_request(400, 'invalid_export_page', 'An export page holds 1 to 1,000 leads.');
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

  return query execute format(
    'with page as (
       select l.* from public.leads as l
       where true %s %s %s
       order by l.created_at desc, l.id desc
       limit $5
     ),
     added as (
       insert into private.lead_export_items (lead_id, export_id)
       select p.id, $4 from page as p
       on conflict do nothing
       returning 1
     ),
     counted as (
       update private.lead_exports as x set rows = x.rows + (select count(*) from added) where x.id = $4
     )
     select p.* from page as p order by p.created_at desc, p.id desc',
    case when term = '' then '' else 'and private.lead_search_text(l.name, l.phone, l.email, l.city) ilike private.search_pattern($1) escape ''\''' end,
    case when after_created_at is null then '' else 'and (l.created_at, l.id) < ($2, $3)' end,
    filter_sql)
  using term, after_created_at, after_id, export_id, page_size;
end;
$$;

revoke all on function public.export_leads_chunk(uuid, jsonb, timestamptz, text, integer) from public, anon;
grant execute on function public.export_leads_chunk(uuid, jsonb, timestamptz, text, integer) to authenticated;
