-- The Pipeline tab's orders: the same orders pipeline_summary counts (the caller's, filtered by the
-- lead's owner and the month created, India time), each with its lead's name and owner and its
-- quote's version, newest move first within a stage. At most 500 rows: the tab shows the counts and
-- totals of every order from pipeline_summary, and the list of the most recently moved.

create function public.pipeline_order_rows(owner uuid default null, month date default null)
returns table (
  id uuid, lead_id text, lead_name text, owner_id uuid, quote_id uuid, quote_version integer, stage text,
  total_paise bigint, advance_paise bigint, advance_mode text, advance_date date, cancel_reason text,
  created_at timestamptz, stage_changed_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_member();
  return query
  select o.id, o.lead_id, l.name, l.owner_id, o.quote_id, q.version, o.stage, o.total_paise, o.advance_paise,
    o.advance_mode, o.advance_date, o.cancel_reason, o.created_at, o.stage_changed_at
  from private.pipeline_orders(owner, month) as o
  join public.leads as l on l.id = o.lead_id
  join public.quotes as q on q.id = o.quote_id
  join unnest(private.order_stages() || 'cancelled'::text) with ordinality as s(stage, place) on s.stage = o.stage
  order by s.place, o.stage_changed_at desc, o.id
  limit 500;
end;
$$;

revoke all on function public.pipeline_order_rows(uuid, date) from public, anon;
grant execute on function public.pipeline_order_rows(uuid, date) to authenticated;
