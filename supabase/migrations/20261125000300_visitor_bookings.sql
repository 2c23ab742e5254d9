-- A lead holds at most one active (scheduled or confirmed) appointment, and a visitor books at most
-- the scheduler's range ahead. Before this, one lead could take every slot, up to 9999-12-31.

-- How many IST calendar days past today a visitor may book: the scheduler's range. The one place
-- the number lives (taken_slots reads it too).
create function private.visitor_booking_days()
returns integer
language sql
immutable
as $$
  select 62
$$;

revoke all on function private.visitor_booking_days() from public;
grant execute on function private.visitor_booking_days() to anon, authenticated, service_role;

-- Whether a lead holds an active appointment other than `other_than`, whoever asks (visitors cannot
-- read appointments). Volatile, so it sees bookings committed while the caller waited for the lead's lock.
create function private.holds_active_appointment(lead_id text, other_than uuid)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.appointments as a
    where a.lead_id = holds_active_appointment.lead_id
      and a.status in ('scheduled', 'confirmed')
      and a.id is distinct from holds_active_appointment.other_than
  )
$$;

revoke all on function private.holds_active_appointment(text, uuid) from public;
grant execute on function private.holds_active_appointment(text, uuid) to anon, authenticated, service_role;

-- A refusal the API answers with its own code, status and message (PostgREST's custom error).
create function private.refuse_request(status integer, code text, message text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', code, 'message', message, 'details', null, 'hint', null)::text,
    detail = json_build_object('status', status, 'headers', json_build_object())::text;
end;
$$;

revoke all on function private.refuse_request(integer, text, text) from public;
grant execute on function private.refuse_request(integer, text, text) to anon, authenticated, service_role;

-- Before a row becomes active (a new booking, a cancelled one scheduled again, one moved to another
-- lead): its lead must hold no other active appointment, for every role; 409 lead_already_booked.
-- Moving an active appointment to another slot (an admin's reschedule) is not becoming active, so an
-- older lead holding two keeps both until staff settle them. A visitor's slot must lie within
-- visitor_booking_days IST days from today; 400 booking_too_far_ahead.
create function private.validate_booking()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  active constant text[] := array['scheduled', 'confirmed'];
  days constant integer := private.visitor_booking_days();
begin
  if current_user = 'anon'
    and (new.slot_datetime at time zone 'Asia/Kolkata')::date > (now() at time zone 'Asia/Kolkata')::date + days then
    perform private.refuse_request(400, 'booking_too_far_ahead',
      format('A visitor may book at most %s days ahead.', days));
  end if;
  if new.status = any (active)
    and (tg_op = 'INSERT' or not (old.status = any (active)) or old.lead_id is distinct from new.lead_id) then
    -- Bookings for one lead wait for each other, so two at once cannot both pass.
    perform pg_advisory_xact_lock(hashtextextended('public.appointments.lead_id:' || new.lead_id, 0));
    if private.holds_active_appointment(new.lead_id, new.id) then
      perform private.refuse_request(409, 'lead_already_booked',
        'This lead already has an active appointment. Change or cancel it instead of booking another.');
    end if;
  end if;
  return new;
end;
$$;

revoke all on function private.validate_booking() from public;

-- Named to fire after appointments_one_row_per_visitor_request (triggers fire in name order), so a
-- visitor's request of several rows is refused as such.
create trigger appointments_validate_booking
  before insert or update of status, lead_id on public.appointments
  for each row execute function private.validate_booking();

-- taken_slots of 20261122000500, its range now the booking range.
create or replace function public.taken_slots("from" timestamptz, "to" timestamptz)
returns setof timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  days constant integer := private.visitor_booking_days();
begin
  if "from" is null or "to" is null then
    raise exception 'taken_slots needs both "from" and "to"'
      using errcode = '22023';
  end if;
  if "to" < "from" then
    raise exception 'taken_slots: "to" (%) is before "from" (%)', "to", "from"
      using errcode = '22023';
  end if;
  if "to" - "from" > make_interval(days => days) then
    raise exception 'taken_slots covers at most % days, got %', days, "to" - "from"
      using errcode = '22023';
  end if;
  return query
    select a.slot_datetime
    from public.appointments as a
    where a.status in ('scheduled', 'confirmed')
      and a.slot_datetime >= "from"
      and a.slot_datetime < "to"
    order by a.slot_datetime;
end;
$$;
