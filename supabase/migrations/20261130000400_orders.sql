-- Orders: an approved quote becomes an order (created with the approval, in its transaction; see
-- 20261130000500). Stages in order: approved → advance_received → in_production → ready →
-- delivered, one step at a time; or cancelled, with a reason, from any stage but delivered. Members
-- move the orders of the leads they read with order_move; each move goes into the lead's history.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null unique references public.quotes (id) on delete cascade,
  lead_id text not null references public.leads (id) on delete cascade,
  stage text not null default 'approved'
    constraint orders_stage_check check (stage in ('approved', 'advance_received', 'in_production', 'ready', 'delivered', 'cancelled')),
  total_paise bigint not null constraint orders_total_check check (total_paise between 0 and 10000000000),
  advance_paise bigint,
  advance_mode text constraint orders_advance_mode_check check (advance_mode in ('cash', 'upi', 'card', 'bank_transfer', 'cheque')),
  advance_date date,
  cancel_reason text constraint orders_cancel_reason_check check (char_length(cancel_reason) between 1 and 200),
  created_at timestamptz not null default now(),
  stage_changed_at timestamptz not null default now(),
  constraint orders_advance_check check (
    (advance_paise is null) = (advance_mode is null) and (advance_mode is null) = (advance_date is null)
    and advance_paise between 1 and total_paise),
  constraint orders_cancelled_check check ((stage = 'cancelled') = (cancel_reason is not null))
);

create index orders_lead_idx on public.orders (lead_id);
create index orders_stage_created_idx on public.orders (stage, created_at);

alter table public.orders enable row level security;

revoke all on table public.orders from anon, authenticated, service_role;
grant select on table public.orders to authenticated, service_role;

create policy orders_member_select on public.orders
  for select to authenticated
  using ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)));

insert into public.lead_event_kinds (kind) values ('order_stage_changed');

-- The stages an order goes through, in order (cancelled is not one of them).
create function private.order_stages()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['approved', 'advance_received', 'in_production', 'ready', 'delivered']
$$;

revoke all on function private.order_stages() from public;

-- Moves an order to `stage`: the next one (409 stage_not_next otherwise), or 'cancelled' with a
-- reason of 1 to 200 characters (400 invalid_cancel_reason). To advance_received with the advance:
-- an amount of 1 paisa to the order's total (400 advance_out_of_range), a mode (cash, upi, card,
-- bank_transfer, cheque; 400 invalid_advance_mode) and the date it was paid, today by default, not
-- in the future nor over a year back (400 advance_date_out_of_range). 400 invalid_stage, 409
-- order_closed (delivered or cancelled), 404 order_not_found (also for an order of a lead the caller
-- does not read; 42501 outside the team). Answers the row.
create function public.order_move(
  order_id uuid,
  stage text,
  advance_paise bigint default null,
  advance_mode text default null,
  advance_date date default null,
  cancel_reason text default null
)
returns public.orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  moved public.orders;
  from_stage text;
  reason constant text := private.trimmed(cancel_reason);
  paid_on constant date := coalesce(advance_date, private.ist_today());
  detail jsonb := '{}';
begin
  perform private.require_member();
  select * into moved from public.orders as o where o.id = order_move.order_id for update;
  if not found or not private.can_read_lead(moved.lead_id) then
    perform private.refuse_request(404, 'order_not_found', 'No such order, or not one you may read.');
  end if;
  from_stage := moved.stage;
  if stage is null or not (stage = any (private.order_stages() || 'cancelled'::text)) then
    perform private.refuse_request(400, 'invalid_stage', 'A stage is approved, advance_received, in_production, ready, delivered or cancelled.');
  end if;
  if from_stage in ('delivered', 'cancelled') then
    perform private.refuse_request(409, 'order_closed', format('This order is %s and cannot move.', from_stage));
  end if;
  if stage = 'cancelled' then
    if reason is null or char_length(reason) not between 1 and 200 or not private.is_plain_text(reason) then
      perform private.refuse_request(400, 'invalid_cancel_reason', 'Give a reason of 1 to 200 characters.');
    end if;
    detail := jsonb_build_object('reason', reason);
  elsif array_position(private.order_stages(), stage) <> array_position(private.order_stages(), from_stage) + 1 then
    perform private.refuse_request(409, 'stage_not_next',
      format('An order moves one stage at a time: from %s only to %s.', from_stage,
        (private.order_stages())[array_position(private.order_stages(), from_stage) + 1]));
  elsif stage = 'advance_received' then
    if advance_paise is null or advance_paise not between 1 and moved.total_paise then
      perform private.refuse_request(400, 'advance_out_of_range', 'An advance is more than ₹0 and at most the order''s total.');
    end if;
    if advance_mode is null or advance_mode not in ('cash', 'upi', 'card', 'bank_transfer', 'cheque') then
      perform private.refuse_request(400, 'invalid_advance_mode', 'An advance is paid in cash, by UPI, card, bank transfer or cheque.');
    end if;
    if paid_on > private.ist_today() or paid_on < private.ist_today() - 365 then
      perform private.refuse_request(400, 'advance_date_out_of_range', 'An advance''s date is today or within the last year.');
    end if;
    detail := jsonb_build_object('advance_paise', advance_paise, 'advance_mode', advance_mode, 'advance_date', paid_on);
  end if;
  update public.orders as o
  set stage = order_move.stage,
    stage_changed_at = now(),
    cancel_reason = case when order_move.stage = 'cancelled' then reason else o.cancel_reason end,
    advance_paise = case when order_move.stage = 'advance_received' then order_move.advance_paise else o.advance_paise end,
    advance_mode = case when order_move.stage = 'advance_received' then order_move.advance_mode else o.advance_mode end,
    advance_date = case when order_move.stage = 'advance_received' then paid_on else o.advance_date end
  where o.id = order_move.order_id
  returning * into moved;
  perform private.record_lead_event(moved.lead_id, 'order_stage_changed',
    jsonb_build_object('order_id', moved.id, 'from', from_stage, 'to', moved.stage) || detail);
  return moved;
end;
$$;

-- The orders the caller reads, of leads owned by `owner` (everyone's when null), created in the
-- month of `month` (India time; every month when null).
create function private.pipeline_orders(owner uuid, month date)
returns setof public.orders
language sql
stable
security definer
set search_path = ''
as $$
  select o.*
  from public.orders as o
  join public.leads as l on l.id = o.lead_id
  where (private.is_admin() or (private.is_staff() and (l.owner_id = auth.uid() or l.owner_id is null)))
    and (owner is null or l.owner_id = owner)
    and (month is null or date_trunc('month', o.created_at at time zone 'Asia/Kolkata') = date_trunc('month', month::timestamp))
$$;

revoke all on function private.pipeline_orders(uuid, date) from public;

-- Per stage, in order (cancelled last), how many orders and their totals: see private.pipeline_orders.
create function public.pipeline_summary(owner uuid default null, month date default null)
returns table (stage text, orders bigint, total_paise bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_member();
  return query
  select s.stage, count(o.id), coalesce(sum(o.total_paise), 0)::bigint
  from unnest(private.order_stages() || 'cancelled'::text) with ordinality as s(stage, place)
  left join private.pipeline_orders(owner, month) as o on o.stage = s.stage
  group by s.stage, s.place
  order by s.place;
end;
$$;

-- This month (India time), of the orders the caller reads: how many were created, and the revenue,
-- the totals of those delivered. {"orders_this_month", "revenue_this_month_paise"}.
create function public.order_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  this_month constant timestamp := date_trunc('month', now() at time zone 'Asia/Kolkata');
begin
  perform private.require_member();
  return (
    select jsonb_build_object(
      'orders_this_month', count(*) filter (where o.created_at at time zone 'Asia/Kolkata' >= this_month),
      'revenue_this_month_paise', coalesce(sum(o.total_paise) filter (
        where o.stage = 'delivered' and o.stage_changed_at at time zone 'Asia/Kolkata' >= this_month), 0)
    )
    from private.pipeline_orders(null, null) as o
  );
end;
$$;

revoke all on function public.order_move(uuid, text, bigint, text, date, text), public.pipeline_summary(uuid, date),
  public.order_stats() from public, anon;
grant execute on function public.order_move(uuid, text, bigint, text, date, text), public.pipeline_summary(uuid, date),
  public.order_stats() to authenticated;

-- Quotes and orders reach open dashboards through Realtime, like leads (20261122001800).
do $$
declare
  entity text;
begin
  foreach entity in array array['quotes', 'orders'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = entity
    ) then
      execute format('alter publication supabase_realtime add table public.%I', entity);
    end if;
  end loop;
end
$$;
