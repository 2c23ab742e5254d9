-- The visitor's own link to their booking: the chat keeps a secret token (32 random bytes, base64url,
-- 43 characters) and stores only its SHA-256 as 64 hex digits; the link carries the token in its
-- fragment. Three functions for visitors, keyed by the token: read, reschedule and cancel. A token
-- that is malformed, unknown, or whose appointment is no longer active or whose slot has passed gets
-- one answer, 404 link_not_valid. Changing is refused within the settings' change cut-off of the slot
-- (409 too_late_to_change). Every call counts against the caller's address ('manage_booking').

alter table public.appointments
  add column manage_token_hash text,
  add constraint appointments_manage_token_hash_check check (manage_token_hash ~ '^[0-9a-f]{64}$');

create unique index appointments_manage_token_hash_key on public.appointments (manage_token_hash);

grant insert (manage_token_hash) on table public.appointments to anon;

insert into private.rate_limits (action, max_requests, per) values ('manage_booking', 30, interval '10 minutes');

insert into public.lead_event_kinds (kind) values ('appointment_cancelled');

-- The appointment a token opens, locked for the change that follows, or null. Counts the call.
create function private.managed_appointment(token text)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_row public.appointments;
begin
  perform private.take_rate_limit('manage_booking');
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    return null;
  end if;
  select a.* into found_row
  from public.appointments as a
  where a.manage_token_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8')), 'hex')
  for update;
  return found_row;
end;
$$;

revoke all on function private.managed_appointment(text) from public;

create function private.refuse_link()
returns void
language sql
set search_path = ''
as $$
  select private.refuse_request(404, 'link_not_valid', 'This link is not valid. It may have expired, or the booking was changed or cancelled.')
$$;

revoke all on function private.refuse_link() from public;

-- Whether a row is one a token still opens: active, its slot still to come.
create function private.manageable(appointment public.appointments)
returns boolean
language sql
stable
set search_path = ''
as $$
  select appointment.id is not null
    and appointment.status in ('scheduled', 'confirmed')
    and appointment.slot_datetime > now()
$$;

revoke all on function private.manageable(public.appointments) from public;

-- What the manage page shows of a booking, and nothing else: never the phone or other bookings.
create function private.managed_booking(appointment public.appointments)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'slot', appointment.slot_datetime,
    'status', appointment.status,
    'language', l.language,
    'can_change', appointment.status in ('scheduled', 'confirmed')
      and appointment.slot_datetime - now() > make_interval(hours => n.change_cutoff_hours),
    'change_cutoff_hours', n.change_cutoff_hours,
    'first_name', pg_catalog.split_part(private.trimmed(l.name), ' ', 1)
  )
  from public.leads as l, private.booking_numbers as n
  where l.id = appointment.lead_id
$$;

revoke all on function private.managed_booking(public.appointments) from public;

create function private.refuse_late_change(appointment public.appointments)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  cutoff constant integer := (select n.change_cutoff_hours from private.booking_numbers as n);
begin
  if appointment.slot_datetime - now() <= make_interval(hours => cutoff) then
    perform private.refuse_request(409, 'too_late_to_change',
      format('Your appointment is less than %s hours away, so it can no longer be changed online. Please call us instead.', cutoff));
  end if;
end;
$$;

revoke all on function private.refuse_late_change(public.appointments) from public;

create function public.manage_booking_get(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  appointment public.appointments;
begin
  appointment := private.managed_appointment(token);
  if not private.manageable(appointment) then
    perform private.refuse_link();
  end if;
  return private.managed_booking(appointment);
end;
$$;

-- The booking moved to `slot` under a visitor's rules (offered, not full, horizon, notice: the
-- booking rule's codes), recorded in the lead's history as rescheduled by the visitor.
create function public.manage_booking_reschedule(token text, slot timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  appointment public.appointments;
begin
  appointment := private.managed_appointment(token);
  if not private.manageable(appointment) then
    perform private.refuse_link();
  end if;
  perform private.refuse_late_change(appointment);
  if slot is null then
    perform private.refuse_request(400, 'slot_not_offered', 'This time is not offered for bookings. Choose another one.');
  end if;
  update public.appointments as a
  set slot_datetime = manage_booking_reschedule.slot, updated_at = now()
  where a.id = appointment.id
  returning * into appointment;
  return private.managed_booking(appointment);
end;
$$;

-- Cancelled, recorded in the lead's history as cancelled by the visitor. A second cancel (another tab,
-- at once or later) gets 409 already_cancelled.
create function public.manage_booking_cancel(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  appointment public.appointments;
begin
  appointment := private.managed_appointment(token);
  if appointment.status = 'cancelled' and appointment.slot_datetime > now() then
    perform private.refuse_request(409, 'already_cancelled', 'This booking is already cancelled.');
  end if;
  if not private.manageable(appointment) then
    perform private.refuse_link();
  end if;
  perform private.refuse_late_change(appointment);
  update public.appointments as a
  set status = 'cancelled', updated_at = now()
  where a.id = appointment.id
  returning * into appointment;
  return private.managed_booking(appointment);
end;
$$;

revoke all on function public.manage_booking_get(text), public.manage_booking_reschedule(text, timestamptz),
  public.manage_booking_cancel(text) from public;
grant execute on function public.manage_booking_get(text), public.manage_booking_reschedule(text, timestamptz),
  public.manage_booking_cancel(text) to anon, authenticated, service_role;

-- The history of appointments of 20261127000300, now saying who changed them: a visitor's reschedule
-- carries by: visitor, and a visitor's cancel is appointment_cancelled (by: visitor).
create or replace function private.record_appointment_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
  by_whom constant text := case when auth.role() = 'anon' then 'visitor' else 'staff' end;
begin
  select * into actor from private.request_actor();
  if tg_op = 'INSERT' then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
    select n.lead_id, actor.actor_id, actor.actor_name, 'appointment_booked',
      jsonb_build_object('appointment_id', n.id, 'slot', n.slot_datetime, 'by', by_whom)
    from new_rows as n
    order by n.created_at, n.id;
    return null;
  end if;
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  select n.lead_id, actor.actor_id, actor.actor_name, change.kind, change.data
  from old_rows as o
  join new_rows as n on n.id = o.id
  cross join lateral (
    select 'appointment_cancelled' as kind,
      jsonb_build_object('appointment_id', n.id, 'from', o.status, 'slot', n.slot_datetime, 'by', by_whom) as data, 1 as place
    where o.status is distinct from n.status and n.status = 'cancelled' and by_whom = 'visitor'
    union all
    select 'appointment_status_changed',
      jsonb_build_object('appointment_id', n.id, 'from', o.status, 'to', n.status), 1
    where o.status is distinct from n.status and not (n.status = 'cancelled' and by_whom = 'visitor')
    union all
    select 'appointment_rescheduled',
      jsonb_build_object('appointment_id', n.id, 'from_slot', o.slot_datetime, 'to_slot', n.slot_datetime, 'by', by_whom), 2
    where o.slot_datetime is distinct from n.slot_datetime
  ) as change
  order by n.id, change.place;
  return null;
end;
$$;
