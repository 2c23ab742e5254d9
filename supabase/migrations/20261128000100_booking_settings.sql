-- Bookings the business controls: weekly hours, closures, date overrides and the booking numbers
-- (default capacity, horizon, minimum notice, change cut-off), stored here and changed only through the
-- admin-only functions below, which validate and answer codes (400). Every change is recorded in
-- public.booking_settings_changes. Times are IST wall-clock, days IST dates. A slot list is a JSON
-- array of { "time": "HH:MM", "capacity": 1..50 }, stored sorted by time.

create table private.booking_numbers (
  only_row boolean primary key default true,
  default_capacity integer not null default 1,
  horizon_days integer not null default 62,
  min_notice_minutes integer not null default 0,
  change_cutoff_hours integer not null default 12,
  constraint booking_numbers_only_row_check check (only_row),
  constraint booking_numbers_default_capacity_check check (default_capacity between 1 and 50),
  constraint booking_numbers_horizon_days_check check (horizon_days between 1 and 365),
  constraint booking_numbers_min_notice_minutes_check check (min_notice_minutes between 0 and 10080),
  constraint booking_numbers_change_cutoff_hours_check check (change_cutoff_hours between 0 and 168)
);

insert into private.booking_numbers default values;

create table private.booking_weekly_hours (
  weekday integer primary key,
  open boolean not null,
  slots jsonb not null,
  constraint booking_weekly_hours_weekday_check check (weekday between 1 and 7),
  constraint booking_weekly_hours_slots_check check (jsonb_typeof(slots) = 'array')
);

-- The grid the app had fixed: Monday to Friday, 09:00 to 17:00 hourly, one booking each.
insert into private.booking_weekly_hours (weekday, open, slots)
select d, d <= 5, (
  select jsonb_agg(jsonb_build_object('time', pg_catalog.to_char(make_time(h, 0, 0), 'HH24:MI'), 'capacity', 1) order by h)
  from generate_series(9, 17) as h
)
from generate_series(1, 7) as d;

create table private.booking_closures (
  id uuid primary key default gen_random_uuid(),
  starts_on date not null,
  ends_on date not null,
  reason text not null,
  constraint booking_closures_range_check check (ends_on >= starts_on and ends_on - starts_on < 3 * 366),
  constraint booking_closures_reason_check check (char_length(reason) between 1 and 80)
);

create index booking_closures_ends_on_idx on private.booking_closures (ends_on, starts_on);

create table private.booking_date_overrides (
  on_date date primary key,
  slots jsonb not null,
  reason text not null default '',
  constraint booking_date_overrides_slots_check check (jsonb_typeof(slots) = 'array'),
  constraint booking_date_overrides_reason_check check (char_length(reason) <= 80)
);

revoke all on table private.booking_numbers, private.booking_weekly_hours, private.booking_closures,
  private.booking_date_overrides from public, anon, authenticated, service_role;

-- Who changed which setting, when, and to what. Admins read it; only the functions below write it.
create table public.booking_settings_changes (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_name text not null,
  action text not null,
  data jsonb not null
);

create index booking_settings_changes_at_idx on public.booking_settings_changes (at desc, id desc);

alter table public.booking_settings_changes enable row level security;
revoke all on table public.booking_settings_changes from anon, authenticated, service_role;
grant select on table public.booking_settings_changes to authenticated, service_role;

create policy booking_settings_changes_admin_select on public.booking_settings_changes
  for select to authenticated
  using ((select private.is_admin()));

create function private.record_booking_settings_change(action text, data jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
begin
  select * into actor from private.request_actor();
  insert into public.booking_settings_changes (actor_id, actor_name, action, data)
  values (actor.actor_id, actor.actor_name, record_booking_settings_change.action, record_booking_settings_change.data);
end;
$$;

revoke all on function private.record_booking_settings_change(text, jsonb) from public;

-- How many IST calendar days past today a visitor may book: the settings' horizon (was a fixed 62).
create or replace function private.visitor_booking_days()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select n.horizon_days from private.booking_numbers as n
$$;

-- A slot list as an admin sent it, validated and sorted; a slot without a capacity gets the default
-- capacity. 400 invalid_slots (not an array of objects, more than 96), invalid_slot_time (not HH:MM
-- from 00:00 to 23:59), capacity_out_of_range (not a whole number 1 to 50), duplicate_slot_time.
create function private.normalized_slots(slots jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  slot jsonb;
  result jsonb := '[]';
  default_capacity constant integer := (select n.default_capacity from private.booking_numbers as n);
  capacity jsonb;
begin
  if slots is null or jsonb_typeof(slots) <> 'array' or jsonb_array_length(slots) > 96 then
    perform private.refuse_request(400, 'invalid_slots', 'Slots are a list of at most 96 times, each { "time": "HH:MM", "capacity": 1 to 50 }.');
  end if;
  for slot in select e from jsonb_array_elements(slots) as e loop
    if jsonb_typeof(slot) <> 'object' or exists (select 1 from jsonb_object_keys(slot) as k where k not in ('time', 'capacity')) then
      perform private.refuse_request(400, 'invalid_slots', 'Slots are a list of at most 96 times, each { "time": "HH:MM", "capacity": 1 to 50 }.');
    end if;
    if jsonb_typeof(slot -> 'time') is distinct from 'string' or (slot ->> 'time') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
      perform private.refuse_request(400, 'invalid_slot_time', 'A slot time is HH:MM, from 00:00 to 23:59.');
    end if;
    capacity := coalesce(slot -> 'capacity', pg_catalog.to_jsonb(default_capacity));
    if jsonb_typeof(capacity) <> 'number' or (capacity #>> '{}') !~ '^[0-9]{1,3}$' or (capacity #>> '{}')::integer not between 1 and 50 then
      perform private.refuse_request(400, 'capacity_out_of_range', 'A slot''s capacity is a whole number from 1 to 50.');
    end if;
    if result @> jsonb_build_array(jsonb_build_object('time', slot ->> 'time')) then
      perform private.refuse_request(400, 'duplicate_slot_time', format('The time %s is listed twice.', slot ->> 'time'));
    end if;
    result := result || jsonb_build_array(jsonb_build_object('time', slot ->> 'time', 'capacity', (capacity #>> '{}')::integer));
  end loop;
  return (select coalesce(jsonb_agg(e order by e ->> 'time'), '[]') from jsonb_array_elements(result) as e);
end;
$$;

revoke all on function private.normalized_slots(jsonb) from public;

-- A reason as an admin typed it: trimmed, 1 to 80 characters (0 to 80 when optional), no control
-- characters. 400 `code`.
create function private.checked_reason(reason text, optional boolean, code text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  cleaned constant text := private.trimmed(coalesce(reason, ''));
begin
  if char_length(cleaned) > 80 or (not optional and cleaned = '') or cleaned ~ '[[:cntrl:]]' then
    perform private.refuse_request(400, code,
      case when optional then 'A reason is at most 80 characters.' else 'A reason is 1 to 80 characters.' end);
  end if;
  return cleaned;
end;
$$;

revoke all on function private.checked_reason(text, boolean, text) from public;

-- Every setting in one JSON, for the Settings screen and the schedulers: the booking numbers, the seven
-- weekdays, and the closures and date overrides that end today or later.
create function public.booking_settings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'default_capacity', n.default_capacity,
    'horizon_days', n.horizon_days,
    'min_notice_minutes', n.min_notice_minutes,
    'change_cutoff_hours', n.change_cutoff_hours,
    'weekly_hours', (
      select jsonb_agg(jsonb_build_object('weekday', w.weekday, 'open', w.open, 'slots', w.slots) order by w.weekday)
      from private.booking_weekly_hours as w
    ),
    'closures', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'starts_on', c.starts_on, 'ends_on', c.ends_on, 'reason', c.reason) order by c.starts_on)
      from private.booking_closures as c
      where c.ends_on >= (now() at time zone 'Asia/Kolkata')::date
    ), '[]'),
    'date_overrides', coalesce((
      select jsonb_agg(jsonb_build_object('on_date', o.on_date, 'slots', o.slots, 'reason', o.reason) order by o.on_date)
      from private.booking_date_overrides as o
      where o.on_date >= (now() at time zone 'Asia/Kolkata')::date
    ), '[]')
  )
  from private.booking_numbers as n
$$;

revoke all on function public.booking_settings() from public;
grant execute on function public.booking_settings() to anon, authenticated, service_role;

-- Settings change one at a time, so validations that read other rows (overlapping closures) hold.
create function private.lock_booking_settings()
returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('private.booking_settings', 0))
$$;

revoke all on function private.lock_booking_settings() from public;

-- 400 invalid_weekday (not 1 to 7), invalid_open (null), open_day_without_slots, and the slot codes.
create function public.set_weekly_hours(weekday integer, open boolean, slots jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  checked jsonb;
begin
  perform private.require_admin('change the booking settings');
  perform private.lock_booking_settings();
  if weekday is null or weekday not between 1 and 7 then
    perform private.refuse_request(400, 'invalid_weekday', 'A weekday is 1 (Monday) to 7 (Sunday).');
  end if;
  if open is null then
    perform private.refuse_request(400, 'invalid_open', 'Say whether the day is open.');
  end if;
  checked := private.normalized_slots(slots);
  if open and jsonb_array_length(checked) = 0 then
    perform private.refuse_request(400, 'open_day_without_slots', 'An open day needs at least one slot.');
  end if;
  update private.booking_weekly_hours as w
  set open = set_weekly_hours.open, slots = checked
  where w.weekday = set_weekly_hours.weekday;
  perform private.record_booking_settings_change('weekly_hours',
    jsonb_build_object('weekday', weekday, 'open', open, 'slots', checked));
  return public.booking_settings();
end;
$$;

-- 400 invalid_closure_dates (a date missing), closure_reversed, closure_too_long (over three years),
-- invalid_closure_reason, closure_overlaps (with another closure).
create function public.add_closure(starts_on date, ends_on date, reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  cleaned text;
  added uuid;
begin
  perform private.require_admin('change the booking settings');
  perform private.lock_booking_settings();
  if starts_on is null or ends_on is null then
    perform private.refuse_request(400, 'invalid_closure_dates', 'A closure needs its first and last day.');
  end if;
  if ends_on < starts_on then
    perform private.refuse_request(400, 'closure_reversed', 'A closure''s last day cannot come before its first.');
  end if;
  if ends_on > starts_on + interval '3 years' then
    perform private.refuse_request(400, 'closure_too_long', 'A closure is at most three years long.');
  end if;
  cleaned := private.checked_reason(reason, false, 'invalid_closure_reason');
  if exists (
    select 1 from private.booking_closures as c
    where c.starts_on <= add_closure.ends_on and c.ends_on >= add_closure.starts_on
  ) then
    perform private.refuse_request(400, 'closure_overlaps', 'This closure overlaps another one. Change or remove that one instead.');
  end if;
  insert into private.booking_closures (starts_on, ends_on, reason)
  values (add_closure.starts_on, add_closure.ends_on, cleaned)
  returning id into added;
  perform private.record_booking_settings_change('closure_added',
    jsonb_build_object('id', added, 'starts_on', starts_on, 'ends_on', ends_on, 'reason', cleaned));
  return public.booking_settings();
end;
$$;

-- 404 closure_not_found.
create function public.remove_closure(id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed private.booking_closures;
begin
  perform private.require_admin('change the booking settings');
  perform private.lock_booking_settings();
  delete from private.booking_closures as c where c.id = remove_closure.id returning * into removed;
  if removed.id is null then
    perform private.refuse_request(404, 'closure_not_found', 'No such closure.');
  end if;
  perform private.record_booking_settings_change('closure_removed', pg_catalog.to_jsonb(removed));
  return public.booking_settings();
end;
$$;

-- Other slots on one date (an empty list closes it). 400 invalid_override_date, invalid_override_reason,
-- and the slot codes.
create function public.set_date_override(on_date date, slots jsonb, reason text default '')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  checked jsonb;
  cleaned text;
begin
  perform private.require_admin('change the booking settings');
  perform private.lock_booking_settings();
  if on_date is null or on_date not between '2000-01-01' and '2200-12-31' then
    perform private.refuse_request(400, 'invalid_override_date', 'An override needs its date.');
  end if;
  checked := private.normalized_slots(slots);
  cleaned := private.checked_reason(reason, true, 'invalid_override_reason');
  insert into private.booking_date_overrides (on_date, slots, reason)
  values (set_date_override.on_date, checked, cleaned)
  on conflict on constraint booking_date_overrides_pkey do update set slots = excluded.slots, reason = excluded.reason;
  perform private.record_booking_settings_change('date_override_set',
    jsonb_build_object('on_date', on_date, 'slots', checked, 'reason', cleaned));
  return public.booking_settings();
end;
$$;

-- 404 override_not_found.
create function public.remove_date_override(on_date date)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed private.booking_date_overrides;
begin
  perform private.require_admin('change the booking settings');
  perform private.lock_booking_settings();
  delete from private.booking_date_overrides as o where o.on_date = remove_date_override.on_date returning * into removed;
  if removed.on_date is null then
    perform private.refuse_request(404, 'override_not_found', 'No override on that date.');
  end if;
  perform private.record_booking_settings_change('date_override_removed', pg_catalog.to_jsonb(removed));
  return public.booking_settings();
end;
$$;

-- Some of the booking numbers, as an object of whole numbers: default_capacity 1..50, horizon_days
-- 1..365, min_notice_minutes 0..10080, change_cutoff_hours 0..168. 400 invalid_settings (not an
-- object, or empty), unknown_setting, capacity_out_of_range, horizon_out_of_range,
-- notice_out_of_range, cutoff_out_of_range.
create function public.set_booking_settings(settings jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  setting record;
  ranges constant jsonb := '{
    "default_capacity": [1, 50, "capacity_out_of_range", "The default capacity is a whole number from 1 to 50."],
    "horizon_days": [1, 365, "horizon_out_of_range", "The booking horizon is a whole number of days from 1 to 365."],
    "min_notice_minutes": [0, 10080, "notice_out_of_range", "The minimum notice is a whole number of minutes from 0 to 10080 (a week)."],
    "change_cutoff_hours": [0, 168, "cutoff_out_of_range", "The change cut-off is a whole number of hours from 0 to 168 (a week)."]
  }';
  rule jsonb;
begin
  perform private.require_admin('change the booking settings');
  perform private.lock_booking_settings();
  if settings is null or jsonb_typeof(settings) <> 'object' or settings = '{}' then
    perform private.refuse_request(400, 'invalid_settings', 'Send the settings to change as an object.');
  end if;
  for setting in select s.key, s.value from jsonb_each(settings) as s loop
    rule := ranges -> setting.key;
    if rule is null then
      perform private.refuse_request(400, 'unknown_setting', format('There is no booking setting %s.', left(setting.key, 40)));
    end if;
    if jsonb_typeof(setting.value) <> 'number' or (setting.value #>> '{}') !~ '^[0-9]{1,6}$'
      or (setting.value #>> '{}')::integer not between (rule ->> 0)::integer and (rule ->> 1)::integer then
      perform private.refuse_request(400, rule ->> 2, rule ->> 3);
    end if;
  end loop;
  update private.booking_numbers as n set
    default_capacity = coalesce((settings ->> 'default_capacity')::integer, n.default_capacity),
    horizon_days = coalesce((settings ->> 'horizon_days')::integer, n.horizon_days),
    min_notice_minutes = coalesce((settings ->> 'min_notice_minutes')::integer, n.min_notice_minutes),
    change_cutoff_hours = coalesce((settings ->> 'change_cutoff_hours')::integer, n.change_cutoff_hours);
  perform private.record_booking_settings_change('booking_numbers', settings);
  return public.booking_settings();
end;
$$;

revoke all on function public.set_weekly_hours(integer, boolean, jsonb), public.add_closure(date, date, text),
  public.remove_closure(uuid), public.set_date_override(date, jsonb, text), public.remove_date_override(date),
  public.set_booking_settings(jsonb) from public, anon;
grant execute on function public.set_weekly_hours(integer, boolean, jsonb), public.add_closure(date, date, text),
  public.remove_closure(uuid), public.set_date_override(date, jsonb, text), public.remove_date_override(date),
  public.set_booking_settings(jsonb) to authenticated;

-- The slots the settings offer on the IST days from_date to to_date, with their capacity: a day's
-- override where one exists, else its weekday's slots when open; nothing on a closed day, nothing for
-- an infinite date.
create function private.offered_slots(from_date date, to_date date)
returns table (slot timestamptz, capacity integer)
language sql
stable
security definer
set search_path = ''
as $$
  select ((d.day + (e.value ->> 'time')::time) at time zone 'Asia/Kolkata'), (e.value ->> 'capacity')::integer
  from (
    select g::date as day
    from generate_series(
      case when isfinite(from_date) and isfinite(to_date) then from_date::timestamp end, to_date::timestamp, interval '1 day'
    ) as g
  ) as d
  left join private.booking_date_overrides as o on o.on_date = d.day
  left join private.booking_weekly_hours as w on w.weekday = extract(isodow from d.day)
  cross join lateral jsonb_array_elements(
    case when o.on_date is not null then o.slots when w.open then w.slots else '[]'::jsonb end
  ) as e
  where not exists (select 1 from private.booking_closures as c where d.day between c.starts_on and c.ends_on)
$$;

revoke all on function private.offered_slots(date, date) from public;

-- The capacity the settings give the instant `slot`, or null when they do not offer it.
create function private.offered_capacity(slot timestamptz)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select o.capacity
  from private.offered_slots((slot at time zone 'Asia/Kolkata')::date, (slot at time zone 'Asia/Kolkata')::date) as o
  where o.slot = offered_capacity.slot
$$;

revoke all on function private.offered_capacity(timestamptz) from public;

-- Active appointments at `slot` other than `other_than`, whoever asks. Volatile, so it sees bookings
-- committed while the caller waited for the slot's lock.
create function private.active_bookings_at(slot timestamptz, other_than uuid)
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  select count(*)::integer from public.appointments as a
  where a.slot_datetime = active_bookings_at.slot
    and a.status in ('scheduled', 'confirmed')
    and a.id is distinct from active_bookings_at.other_than
$$;

revoke all on function private.active_bookings_at(timestamptz, uuid) from public;

-- Whether the request comes from a visitor (the anon key), also inside a security-definer function.
create function private.is_visitor()
returns boolean
language sql
stable
set search_path = ''
as $$
  select current_user = 'anon' or auth.role() = 'anon'
$$;

revoke all on function private.is_visitor() from public;
grant execute on function private.is_visitor() to anon, authenticated, service_role;

-- The booking rule, for every role, before a row becomes active (a new booking, a cancelled one
-- scheduled again, one moved to another lead) or an active row moves to another slot:
--   * the settings offer the slot now, else 400 slot_not_offered;
--   * the slot holds fewer active bookings than its capacity, counted under a lock per slot so that
--     concurrent bookings cannot both take the last place, else 409 slot_full;
--   * (becoming active) the lead holds no other active appointment, else 409 lead_already_booked.
-- Visitors also book within the horizon (400 booking_too_far_ahead) and not sooner than the minimum
-- notice (400 booking_too_soon). Staff may book past the horizon and sooner, never onto a slot the
-- settings do not offer or that is full. Changes of status alone (completed, no-show, cancelled) pass.
create or replace function private.validate_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  active constant text[] := array['scheduled', 'confirmed'];
  becomes_active constant boolean := new.status = any (active)
    and (tg_op = 'INSERT' or not (old.status = any (active)) or old.lead_id is distinct from new.lead_id);
  moves constant boolean := tg_op = 'UPDATE' and new.status = any (active) and old.slot_datetime is distinct from new.slot_datetime;
  numbers record;
  capacity integer;
begin
  if not (becomes_active or moves) then
    return new;
  end if;
  select n.horizon_days, n.min_notice_minutes into numbers from private.booking_numbers as n;
  if private.is_visitor() then
    if (new.slot_datetime at time zone 'Asia/Kolkata')::date > (now() at time zone 'Asia/Kolkata')::date + numbers.horizon_days then
      perform private.refuse_request(400, 'booking_too_far_ahead',
        format('A visitor may book at most %s days ahead.', numbers.horizon_days));
    end if;
    if new.slot_datetime < now() + make_interval(mins => numbers.min_notice_minutes) then
      perform private.refuse_request(400, 'booking_too_soon', 'This time is too soon to book. Choose a later one.');
    end if;
  end if;
  if not isfinite(new.slot_datetime) then
    -- appointments_slot_finite_check refuses it (23514).
    return new;
  end if;
  capacity := private.offered_capacity(new.slot_datetime);
  if capacity is null then
    perform private.refuse_request(400, 'slot_not_offered', 'This time is not offered for bookings. Choose another one.');
  end if;
  -- Bookings of one slot wait for each other, then count what committed meanwhile.
  perform pg_advisory_xact_lock(hashtextextended('public.appointments.slot_datetime:' || extract(epoch from new.slot_datetime)::text, 0));
  if private.active_bookings_at(new.slot_datetime, new.id) >= capacity then
    perform private.refuse_request(409, 'slot_full', 'This time has just been booked. Choose another one.');
  end if;
  if becomes_active then
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

drop trigger appointments_validate_booking on public.appointments;
create trigger appointments_validate_booking
  before insert or update of status, lead_id, slot_datetime on public.appointments
  for each row execute function private.validate_booking();

-- The fixed grid gives way to the rule above; rows stored under it stay as they are.
drop index public.appointments_active_slot_key;
alter table public.appointments
  drop constraint appointments_slot_on_the_hour_check,
  drop constraint appointments_slot_business_hours_check,
  drop constraint appointments_slot_weekday_check;

-- Every slot the settings offer on the IST days from_date to to_date (at most 92 days), with its
-- capacity and how many active appointments it holds: counts only, never who booked. Visitors see the
-- slots from now plus the minimum notice up to the horizon; members every future slot. 400
-- invalid_date_range (a date missing, or to_date before from_date), date_range_too_long; 42501 for
-- signed-in users outside the team.
create function public.bookable_slots(from_date date, to_date date)
returns table (slot timestamptz, capacity integer, taken integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  visitor constant boolean := private.is_visitor();
  numbers record;
  earliest timestamptz;
  last_day date;
begin
  if not visitor and not private.is_member() and auth.role() is distinct from 'service_role' then
    raise exception 'Only visitors and team members read the bookable slots'
      using errcode = '42501';
  end if;
  if from_date is null or to_date is null or to_date < from_date then
    perform private.refuse_request(400, 'invalid_date_range', 'Give a first and a last day, the last not before the first.');
  end if;
  if to_date - from_date >= 92 then
    perform private.refuse_request(400, 'date_range_too_long', 'Ask for at most 92 days at a time.');
  end if;
  select n.horizon_days, n.min_notice_minutes into numbers from private.booking_numbers as n;
  earliest := case when visitor then now() + make_interval(mins => numbers.min_notice_minutes) else now() end;
  last_day := case when visitor then (now() at time zone 'Asia/Kolkata')::date + numbers.horizon_days else to_date end;
  return query
    select o.slot, o.capacity, coalesce(t.taken, 0)::integer
    from private.offered_slots(greatest(from_date, (earliest at time zone 'Asia/Kolkata')::date), least(to_date, last_day)) as o
    left join (
      select a.slot_datetime, count(*) as taken
      from public.appointments as a
      where a.status in ('scheduled', 'confirmed')
        and a.slot_datetime >= earliest
        and a.slot_datetime < (least(to_date, last_day) + 1) at time zone 'Asia/Kolkata'
      group by a.slot_datetime
    ) as t on t.slot_datetime = o.slot
    where o.slot >= earliest
    order by o.slot;
end;
$$;

revoke all on function public.bookable_slots(date, date) from public;
grant execute on function public.bookable_slots(date, date) to anon, authenticated, service_role;
