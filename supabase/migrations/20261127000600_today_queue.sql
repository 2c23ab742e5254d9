-- The Today queue and the stat cards for the whole team.

-- New leads nobody has taken yet, newest first: the Today queue's third part.
create index leads_unassigned_pending_idx on public.leads (created_at desc, id desc)
  where owner_id is null and status = 'pending';

-- What a member should do today, in one call: open follow-ups overdue or due by the end of today
-- (IST; the caller's own for staff, everyone's for admins, with the assignee's name), today's
-- appointments that are not cancelled (of the leads the caller reads), and new unassigned leads
-- (pending, no owner; the newest 200). Follow-ups and appointments are at most 500 each. Every row
-- carries the lead's id, name and phone for the WhatsApp and call actions. Members only (42501).
create function public.today_queue()
returns table (
  kind text,
  item_id text,
  lead_id text,
  lead_name text,
  lead_phone text,
  at timestamptz,
  overdue boolean,
  text text,
  assignee_id uuid,
  assignee_name text,
  status text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller constant uuid := auth.uid();
  admin constant boolean := private.is_admin();
  day_starts constant timestamptz := (now() at time zone 'Asia/Kolkata')::date::timestamp at time zone 'Asia/Kolkata';
  day_ends constant timestamptz := ((now() at time zone 'Asia/Kolkata')::date + 1)::timestamp at time zone 'Asia/Kolkata';
begin
  if not private.is_member() then
    raise exception 'Only team members have a Today queue'
      using errcode = '42501';
  end if;
  return query
  (
    select 'follow_up', f.id::text, l.id, l.name, l.phone, f.due_at, f.due_at < now(), f.text, f.assignee_id,
      coalesce(private.member_name(f.assignee_id), ''), null::text
    from public.follow_ups as f
    join public.leads as l on l.id = f.lead_id
    where f.done_at is null
      and f.due_at < day_ends
      and (admin or (f.assignee_id = caller and (l.owner_id = caller or l.owner_id is null)))
    order by f.due_at, f.id
    limit 500
  )
  union all
  (
    select 'appointment', a.id::text, l.id, l.name, l.phone, a.slot_datetime, false, null, l.owner_id,
      private.member_name(l.owner_id), a.status
    from public.appointments as a
    join public.leads as l on l.id = a.lead_id
    where a.slot_datetime >= day_starts and a.slot_datetime < day_ends
      and a.status <> 'cancelled'
      and (admin or l.owner_id = caller or l.owner_id is null)
    order by a.slot_datetime, a.id
    limit 500
  )
  union all
  (
    select 'new_lead', l.id, l.id, l.name, l.phone, l.created_at, false, null, null, null, l.status
    from public.leads as l
    where l.owner_id is null and l.status = 'pending'
    order by l.created_at desc, l.id desc
    limit 200
  );
end;
$$;

revoke all on function public.today_queue() from public, anon;
grant execute on function public.today_queue() to authenticated;

-- The stat cards for every member: admins count every lead and appointment (the per-day counts of
-- 20261122001200), staff the leads they read and those leads' appointments. Both get the open
-- follow-ups past their due time: their own for staff, everyone's for admins.
drop function public.dashboard_stats();

create function public.dashboard_stats(
  out total_leads bigint,
  out pending_leads bigint,
  out contacted_leads bigint,
  out closed_leads bigint,
  out today_leads bigint,
  out conversion_rate numeric,
  out total_appointments bigint,
  out today_appointments bigint,
  out week_appointments bigint,
  out overdue_follow_ups bigint
)
language plpgsql
stable
set search_path = ''
as $$
declare
  today constant date := (now() at time zone 'Asia/Kolkata')::date;
  today_starts constant timestamptz := today::timestamp at time zone 'Asia/Kolkata';
  week_start constant timestamptz := now() - interval '7 days';
  week_start_day constant date := (week_start at time zone 'Asia/Kolkata')::date;
  week_start_day_ends constant timestamptz := (week_start_day + 1)::timestamp at time zone 'Asia/Kolkata';
begin
  if private.reads_business_data() then
    select
      coalesce(sum(c.leads), 0),
      coalesce(sum(c.leads) filter (where c.status = 'pending'), 0),
      coalesce(sum(c.leads) filter (where c.status = 'contacted'), 0),
      coalesce(sum(c.leads) filter (where c.status = 'closed'), 0),
      coalesce(sum(c.leads) filter (where c.day = today), 0)
    into total_leads, pending_leads, contacted_leads, closed_leads, today_leads
    from private.lead_counts as c;

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

    select count(*) into overdue_follow_ups from public.follow_ups as f where f.done_at is null and f.due_at < now();
  elsif private.is_staff() then
    -- Row-level security narrows both reads to the leads the caller reads.
    select
      count(*),
      count(*) filter (where l.status = 'pending'),
      count(*) filter (where l.status = 'contacted'),
      count(*) filter (where l.status = 'closed'),
      count(*) filter (where l.created_at >= today_starts)
    into total_leads, pending_leads, contacted_leads, closed_leads, today_leads
    from public.leads as l;

    select
      count(*),
      count(*) filter (where (a.slot_datetime at time zone 'Asia/Kolkata')::date = today),
      count(*) filter (where a.slot_datetime >= week_start)
    into total_appointments, today_appointments, week_appointments
    from private.readable_appointments as a;

    select count(*) into overdue_follow_ups
    from public.follow_ups as f
    where f.done_at is null and f.due_at < now() and f.assignee_id = (select auth.uid());
  else
    raise exception 'Only team members may read the dashboard figures'
      using errcode = '42501';
  end if;

  conversion_rate := case when total_leads = 0 then 0 else round(closed_leads * 100.0 / total_leads, 1) end;
end;
$$;

revoke all on function public.dashboard_stats() from public, anon;
grant execute on function public.dashboard_stats() to authenticated, service_role;
