-- The chat totals' bookings per day, kept by triggers like private.chat_session_counts, so an
-- erasure (which deletes the sessions and appointments without counting them down) leaves the
-- figure as it was. A booking counts on the day (Asia/Kolkata) its lead's chat session started:
-- each appointment, of any status, of a lead a session became (a lead has at most one session).

create table private.chat_booking_counts (
  day date primary key,
  bookings bigint not null
);

revoke all on table private.chat_booking_counts from public, anon, authenticated, service_role;
grant select on table private.chat_booking_counts to authenticated, service_role;
alter table private.chat_booking_counts enable row level security;
create policy chat_booking_counts_admin_select on private.chat_booking_counts
  for select to authenticated
  using ((select private.is_admin()));

-- Adds `sign` per matching pair for the changed rows of either side: sessions joined to their
-- lead's appointments, or appointments joined to their lead's session. Statement-level with
-- transition tables, as private.count_chat_sessions; an update that changes neither the lead nor
-- the session's start (most of them) nets to nothing and writes nothing.
create function private.count_chat_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pairs text;
begin
  if tg_table_name = 'chat_sessions' then
    pairs := 'select r.created_at as session_started_at, r.sign from (%s) as r
      join public.appointments as a on a.lead_id = r.lead_id
      where r.lead_id is not null';
  else
    pairs := 'select s.created_at as session_started_at, r.sign from (%s) as r
      join public.chat_sessions as s on s.lead_id = r.lead_id';
  end if;
  execute format($sql$
    insert into private.chat_booking_counts as c (day, bookings)
    select private.business_day(p.session_started_at), sum(p.sign)
    from (%s) as p
    group by 1
    having sum(p.sign) <> 0
    order by 1
    on conflict (day) do update set bookings = c.bookings + excluded.bookings
  $sql$, format(pairs, private.changed_rows(tg_op)));
  return null;
end;
$$;

-- A deleted lead takes its appointments (cascade) and its session's lead_id (set null) at once, and
-- the triggers those cascades queue run after both, each finding the other side already gone: the
-- lead's bookings are counted down before it goes instead. Not during an erasure.
create function private.uncount_deleted_lead_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.chat_booking_counts as c (day, bookings)
  select private.business_day(s.created_at), -count(*)
  from public.chat_sessions as s
  join public.appointments as a on a.lead_id = s.lead_id
  where s.lead_id = old.id
  group by 1
  on conflict (day) do update set bookings = c.bookings + excluded.bookings;
  return old;
end;
$$;

-- TRUNCATE of either side leaves no pair: the counts go with it.
create function private.forget_chat_booking_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.chat_booking_counts;
  return null;
end;
$$;

revoke all on function private.count_chat_bookings(), private.uncount_deleted_lead_bookings(), private.forget_chat_booking_counts()
  from public;

create trigger chat_sessions_count_booking_inserts after insert on public.chat_sessions
  referencing new table as new_rows
  for each statement execute function private.count_chat_bookings();
create trigger chat_sessions_count_booking_updates after update on public.chat_sessions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_chat_bookings();
create trigger chat_sessions_count_booking_deletes after delete on public.chat_sessions
  referencing old table as old_rows
  for each statement when (not private.erasing()) execute function private.count_chat_bookings();
create trigger chat_sessions_forget_booking_counts after truncate on public.chat_sessions
  for each statement execute function private.forget_chat_booking_counts();

create trigger appointments_count_booking_inserts after insert on public.appointments
  referencing new table as new_rows
  for each statement execute function private.count_chat_bookings();
create trigger appointments_count_booking_updates after update on public.appointments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_chat_bookings();
create trigger appointments_count_booking_deletes after delete on public.appointments
  referencing old table as old_rows
  for each statement when (not private.erasing()) execute function private.count_chat_bookings();
create trigger appointments_forget_booking_counts after truncate on public.appointments
  for each statement execute function private.forget_chat_booking_counts();

create trigger leads_uncount_chat_bookings before delete on public.leads
  for each row when (not private.erasing()) execute function private.uncount_deleted_lead_bookings();

-- What the live join counted so far.
insert into private.chat_booking_counts (day, bookings)
select private.business_day(s.created_at), count(*)
from public.chat_sessions as s
join public.appointments as a on a.lead_id = s.lead_id
group by 1;

-- As 20261122001600, except that bookings of whole days come from private.chat_booking_counts
-- and only the sessions at the period's edges are joined live, as the other figures.
create or replace function public.chat_totals(
  "from" timestamptz,
  "to" timestamptz,
  out chats_started bigint,
  out name_submitted bigint,
  out leads_saved bigint,
  out chat_first_exits bigint,
  out bookings bigint,
  out conversion_pct numeric
)
language plpgsql
stable
set search_path = ''
as $$
declare
  period record;
begin
  perform private.require_business_reader('the chat totals');
  select * into period from private.chat_period("from", "to");

  select
    coalesce(sum(t.started), 0),
    coalesce(sum(t.name_submitted), 0),
    coalesce(sum(t.leads_saved), 0),
    coalesce(sum(t.chat_first_exits), 0)
  into chats_started, name_submitted, leads_saved, chat_first_exits
  from (
    select c.started, c.name_submitted, c.leads_saved, c.chat_first_exits
    from private.chat_session_counts as c
    where c.day >= period.first_day and c.day < period.end_day
    union all
    select 1, (s.name_submitted_at is not null)::int, (s.completed_at is not null)::int, (s.chat_first_at is not null)::int
    from public.chat_sessions as s
    where (s.created_at >= "from" and s.created_at < period.days_from)
       or (s.created_at >= period.days_to and s.created_at < "to")
  ) as t;

  select coalesce(sum(c.bookings), 0) into bookings
  from private.chat_booking_counts as c
  where c.day >= period.first_day and c.day < period.end_day;

  bookings := bookings + (
    select count(*)
    from public.chat_sessions as s
    join public.appointments as a on a.lead_id = s.lead_id
    where s.lead_id is not null
      and ((s.created_at >= "from" and s.created_at < period.days_from)
        or (s.created_at >= period.days_to and s.created_at < "to"))
  );

  conversion_pct := case when chats_started = 0 then 0 else round(leads_saved * 100.0 / chats_started, 1) end;
end;
$$;
