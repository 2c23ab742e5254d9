-- The no-show figures per month, kept by triggers like private.appointment_counts, so an erasure
-- (which deletes appointments without counting them down) leaves them as they were. A month (Asia/
-- Kolkata) counts the appointments in it that ended (completed or no-show) and the no-shows.

create table private.appointment_outcome_counts (
  month date primary key,
  ended bigint not null,
  no_shows bigint not null
);

revoke all on table private.appointment_outcome_counts from public, anon, authenticated, service_role;
alter table private.appointment_outcome_counts enable row level security;

create function private.business_month(at timestamptz)
returns date
language sql
immutable
as $$
  select date_trunc('month', at at time zone 'Asia/Kolkata')::date
$$;

revoke all on function private.business_month(timestamptz) from public;

-- Statement-level with transition tables, as private.count_chat_sessions; an update that changes
-- neither the status nor the slot's month (most of them) writes nothing.
create function private.count_appointment_outcomes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute format($sql$
    insert into private.appointment_outcome_counts as c (month, ended, no_shows)
    select private.business_month(r.slot_datetime),
      sum(r.sign * (r.status in ('completed', 'no-show'))::int),
      sum(r.sign * (r.status = 'no-show')::int)
    from (%s) as r
    group by 1
    having (sum(r.sign * (r.status in ('completed', 'no-show'))::int), sum(r.sign * (r.status = 'no-show')::int)) <> (0, 0)
    order by 1
    on conflict (month) do update set ended = c.ended + excluded.ended, no_shows = c.no_shows + excluded.no_shows
  $sql$, private.changed_rows(tg_op));
  return null;
end;
$$;

create function private.forget_appointment_outcome_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.appointment_outcome_counts;
  return null;
end;
$$;

revoke all on function private.count_appointment_outcomes(), private.forget_appointment_outcome_counts() from public;

create trigger appointments_count_outcome_inserts after insert on public.appointments
  referencing new table as new_rows
  for each statement execute function private.count_appointment_outcomes();
create trigger appointments_count_outcome_updates after update on public.appointments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_appointment_outcomes();
create trigger appointments_count_outcome_deletes after delete on public.appointments
  referencing old table as old_rows
  for each statement when (not private.erasing()) execute function private.count_appointment_outcomes();
create trigger appointments_forget_outcome_counts after truncate on public.appointments
  for each statement execute function private.forget_appointment_outcome_counts();

insert into private.appointment_outcome_counts (month, ended, no_shows)
select private.business_month(a.slot_datetime), count(*), count(*) filter (where a.status = 'no-show')
from public.appointments as a
where a.status in ('completed', 'no-show')
group by 1;

-- As 20261128000400, from the counts.
create or replace function public.no_show_stats(months integer default 12)
returns table (month date, ended bigint, no_shows bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  this_month constant date := date_trunc('month', now() at time zone 'Asia/Kolkata')::date;
  first_month date;
begin
  perform private.require_admin('read the no-show figures');
  if months is null or months not between 1 and 120 then
    perform private.refuse_request(400, 'invalid_months', 'Ask for 1 to 120 months.');
  end if;
  first_month := (this_month - make_interval(months => months - 1))::date;
  return query
    select m.month::date, coalesce(c.ended, 0), coalesce(c.no_shows, 0)
    from generate_series(first_month::timestamp, this_month::timestamp, interval '1 month') as m (month)
    left join private.appointment_outcome_counts as c on c.month = m.month::date
    order by m.month;
end;
$$;
