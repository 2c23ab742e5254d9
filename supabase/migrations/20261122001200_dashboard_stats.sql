-- The dashboard's stat cards in one call whose cost does not grow with the business's history:
-- triggers keep per-day counts, and dashboard_stats() adds up a row per day instead of reading
-- every lead and appointment. Days are calendar days in Asia/Kolkata.

create table private.lead_counts (
  day date not null,
  status text not null,
  leads bigint not null,
  primary key (day, status)
);

create table private.appointment_counts (
  day date primary key,
  appointments bigint not null
);

revoke all on table private.lead_counts, private.appointment_counts from public, anon, authenticated, service_role;
grant select on table private.lead_counts, private.appointment_counts to authenticated, service_role;

-- Counts are business data too: admins read them, like the rows they count.
alter table private.lead_counts enable row level security;
alter table private.appointment_counts enable row level security;

create policy lead_counts_admin_select on private.lead_counts
  for select to authenticated
  using ((select private.is_admin()));

create policy appointment_counts_admin_select on private.appointment_counts
  for select to authenticated
  using ((select private.is_admin()));

-- Statement-level, with transition tables, so a multi-row insert, update or delete adjusts each
-- (day, status) once. Changes are applied in key order, so two statements touching the same days
-- wait for each other instead of deadlocking. Security definer: visitors' inserts must count too.
create function private.count_leads()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.lead_counts as c (day, status, leads)
    select (n.created_at at time zone 'Asia/Kolkata')::date, n.status, count(*)
    from new_rows as n
    group by 1, 2
    order by 1, 2
    on conflict (day, status) do update set leads = c.leads + excluded.leads;
  elsif tg_op = 'DELETE' then
    insert into private.lead_counts as c (day, status, leads)
    select (o.created_at at time zone 'Asia/Kolkata')::date, o.status, -count(*)
    from old_rows as o
    group by 1, 2
    order by 1, 2
    on conflict (day, status) do update set leads = c.leads + excluded.leads;
  else
    insert into private.lead_counts as c (day, status, leads)
    select changed.day, changed.status, sum(changed.delta)
    from (
      select (n.created_at at time zone 'Asia/Kolkata')::date as day, n.status, 1 as delta from new_rows as n
      union all
      select (o.created_at at time zone 'Asia/Kolkata')::date, o.status, -1 from old_rows as o
    ) as changed
    group by 1, 2
    having sum(changed.delta) <> 0
    order by 1, 2
    on conflict (day, status) do update set leads = c.leads + excluded.leads;
  end if;
  return null;
end;
$$;

create function private.count_appointments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.appointment_counts as c (day, appointments)
    select (n.slot_datetime at time zone 'Asia/Kolkata')::date, count(*)
    from new_rows as n
    group by 1
    order by 1
    on conflict (day) do update set appointments = c.appointments + excluded.appointments;
  elsif tg_op = 'DELETE' then
    insert into private.appointment_counts as c (day, appointments)
    select (o.slot_datetime at time zone 'Asia/Kolkata')::date, -count(*)
    from old_rows as o
    group by 1
    order by 1
    on conflict (day) do update set appointments = c.appointments + excluded.appointments;
  else
    insert into private.appointment_counts as c (day, appointments)
    select changed.day, sum(changed.delta)
    from (
      select (n.slot_datetime at time zone 'Asia/Kolkata')::date as day, 1 as delta from new_rows as n
      union all
      select (o.slot_datetime at time zone 'Asia/Kolkata')::date, -1 from old_rows as o
    ) as changed
    group by 1
    having sum(changed.delta) <> 0
    order by 1
    on conflict (day) do update set appointments = c.appointments + excluded.appointments;
  end if;
  return null;
end;
$$;

-- TRUNCATE (SQL editor, resets) empties the counts with the table.
create function private.forget_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'leads' then
    delete from private.lead_counts;
  else
    delete from private.appointment_counts;
  end if;
  return null;
end;
$$;

revoke all on function private.count_leads(), private.count_appointments(), private.forget_counts() from public;

create trigger leads_count_inserts after insert on public.leads
  referencing new table as new_rows
  for each statement execute function private.count_leads();
create trigger leads_count_updates after update on public.leads
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_leads();
create trigger leads_count_deletes after delete on public.leads
  referencing old table as old_rows
  for each statement execute function private.count_leads();
create trigger leads_forget_counts after truncate on public.leads
  for each statement execute function private.forget_counts();

create trigger appointments_count_inserts after insert on public.appointments
  referencing new table as new_rows
  for each statement execute function private.count_appointments();
create trigger appointments_count_updates after update on public.appointments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_appointments();
create trigger appointments_count_deletes after delete on public.appointments
  referencing old table as old_rows
  for each statement execute function private.count_appointments();
create trigger appointments_forget_counts after truncate on public.appointments
  for each statement execute function private.forget_counts();

-- The rows that exist now. The triggers above hold the tables' write locks until this migration
-- commits, so no write slips between the two.
insert into private.lead_counts (day, status, leads)
select (created_at at time zone 'Asia/Kolkata')::date, status, count(*)
from public.leads
group by 1, 2;

insert into private.appointment_counts (day, appointments)
select (slot_datetime at time zone 'Asia/Kolkata')::date, count(*)
from public.appointments
group by 1;

-- Spec section 9: counts by status, leads created today, closed / total as a percentage with one
-- decimal (0 without leads), all appointments, appointments whose slot is today, and those whose
-- slot is at most 7 days ago or later. Only those who may read the leads themselves get numbers;
-- anyone else gets 42501 rather than zeros.
create function public.dashboard_stats(
  out total_leads bigint,
  out pending_leads bigint,
  out contacted_leads bigint,
  out closed_leads bigint,
  out today_leads bigint,
  out conversion_rate numeric,
  out total_appointments bigint,
  out today_appointments bigint,
  out week_appointments bigint
)
language plpgsql
stable
set search_path = ''
as $$
declare
  today constant date := (now() at time zone 'Asia/Kolkata')::date;
  week_start constant timestamptz := now() - interval '7 days';
  week_start_day constant date := (week_start at time zone 'Asia/Kolkata')::date;
  week_start_day_ends constant timestamptz := (week_start_day + 1)::timestamp at time zone 'Asia/Kolkata';
begin
  if not private.reads_business_data() then
    raise exception 'Only admins may read the dashboard figures'
      using errcode = '42501';
  end if;

  select
    coalesce(sum(c.leads), 0),
    coalesce(sum(c.leads) filter (where c.status = 'pending'), 0),
    coalesce(sum(c.leads) filter (where c.status = 'contacted'), 0),
    coalesce(sum(c.leads) filter (where c.status = 'closed'), 0),
    coalesce(sum(c.leads) filter (where c.day = today), 0)
  into total_leads, pending_leads, contacted_leads, closed_leads, today_leads
  from private.lead_counts as c;

  conversion_rate := case when total_leads = 0 then 0 else round(closed_leads * 100.0 / total_leads, 1) end;

  select
    coalesce(sum(c.appointments), 0),
    coalesce(sum(c.appointments) filter (where c.day = today), 0),
    coalesce(sum(c.appointments) filter (where c.day > week_start_day), 0)
  into total_appointments, today_appointments, week_appointments
  from private.appointment_counts as c;

  -- The day the week starts on counts only from the exact instant seven days ago.
  week_appointments := week_appointments + (
    select count(*)
    from public.appointments as a
    where a.slot_datetime >= week_start and a.slot_datetime < week_start_day_ends
  );
end;
$$;

revoke all on function public.dashboard_stats() from public, anon;
grant execute on function public.dashboard_stats() to authenticated, service_role;
