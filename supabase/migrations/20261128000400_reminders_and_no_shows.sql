-- Reminders: the team sends a WhatsApp reminder for each appointment of the next 24 hours and marks it
-- reminded (who and when, and a reminder_sent event in the lead's history). And the no-show count and
-- rate per IST month for admins.

alter table public.appointments
  add column reminded_at timestamptz,
  add column reminded_by uuid;

insert into public.lead_event_kinds (kind) values ('reminder_sent');

-- Members, for appointments of the leads they read (else 404 appointment_not_found); marking twice
-- changes nothing and records one event. Answers the appointment.
create function public.appointment_mark_reminded(id uuid)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
declare
  appointment public.appointments;
  actor record;
begin
  if not private.is_member() then
    raise exception 'Only team members send reminders'
      using errcode = '42501';
  end if;
  select a.* into appointment from public.appointments as a where a.id = appointment_mark_reminded.id for update;
  if appointment.id is null or not private.can_read_lead(appointment.lead_id) then
    perform private.refuse_request(404, 'appointment_not_found', 'No such appointment, or not one you may read.');
  end if;
  if appointment.reminded_at is not null then
    return appointment;
  end if;
  select * into actor from private.request_actor();
  update public.appointments as a
  set reminded_at = now(), reminded_by = actor.actor_id
  where a.id = appointment.id
  returning * into appointment;
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  values (appointment.lead_id, actor.actor_id, actor.actor_name, 'reminder_sent',
    jsonb_build_object('appointment_id', appointment.id, 'slot', appointment.slot_datetime));
  return appointment;
end;
$$;

revoke all on function public.appointment_mark_reminded(uuid) from public, anon;
grant execute on function public.appointment_mark_reminded(uuid) to authenticated;

-- Active appointments of the next 24 hours not yet reminded, of the leads the caller reads, earliest
-- first (at most 500), with what the reminder needs: the lead's name, phone and chat language.
create function public.reminders_due()
returns table (appointment_id uuid, lead_id text, lead_name text, lead_phone text, language text, slot timestamptz, status text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_member() then
    raise exception 'Only team members read the reminders due'
      using errcode = '42501';
  end if;
  return query
    select a.id, a.lead_id, l.name, l.phone, l.language, a.slot_datetime, a.status
    from public.appointments as a
    join public.leads as l on l.id = a.lead_id
    where a.status in ('scheduled', 'confirmed')
      and a.slot_datetime > now() and a.slot_datetime <= now() + interval '24 hours'
      and a.reminded_at is null
      and private.can_read_lead(a.lead_id)
    order by a.slot_datetime, a.id
    limit 500;
end;
$$;

revoke all on function public.reminders_due() from public, anon;
grant execute on function public.reminders_due() to authenticated;

-- Per IST month of the slot, for the last `months` months up to this one (1 to 120; every month, even
-- without appointments): the appointments that ended (completed or no-show) and the no-shows. Admins;
-- 400 invalid_months.
create function public.no_show_stats(months integer default 12)
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
    select m.month::date,
      count(a.id) filter (where a.status in ('completed', 'no-show')),
      count(a.id) filter (where a.status = 'no-show')
    from generate_series(first_month::timestamp, this_month::timestamp, interval '1 month') as m (month)
    left join public.appointments as a
      on a.slot_datetime >= m.month at time zone 'Asia/Kolkata'
      and a.slot_datetime < (m.month + interval '1 month') at time zone 'Asia/Kolkata'
      and a.status in ('completed', 'no-show')
    group by m.month
    order by m.month;
end;
$$;

revoke all on function public.no_show_stats(integer) from public, anon;
grant execute on function public.no_show_stats(integer) to authenticated;
