-- Consultation bookings. Slots are whole hours from 9:00 to 17:00 (start times),
-- Monday to Friday, in the business time zone Asia/Kolkata.
create table public.appointments (
  id uuid primary key default gen_random_uuid(),
  lead_id text not null references public.leads (id) on delete cascade,
  slot_datetime timestamptz not null,
  status text not null default 'scheduled',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint appointments_status_check check (
    status in ('scheduled', 'confirmed', 'completed', 'cancelled', 'no-show')
  ),
  constraint appointments_slot_on_the_hour_check check (
    date_trunc('hour', slot_datetime at time zone 'Asia/Kolkata') = slot_datetime at time zone 'Asia/Kolkata'
  ),
  constraint appointments_slot_business_hours_check check (
    extract(hour from slot_datetime at time zone 'Asia/Kolkata') between 9 and 17
  ),
  constraint appointments_slot_weekday_check check (
    extract(isodow from slot_datetime at time zone 'Asia/Kolkata') between 1 and 5
  )
);

-- A slot holds at most one active booking; a second one fails with 23505.
create unique index appointments_active_slot_key on public.appointments (slot_datetime)
  where status in ('scheduled', 'confirmed');
create index appointments_slot_datetime_idx on public.appointments (slot_datetime);
create index appointments_lead_id_idx on public.appointments (lead_id);

create trigger appointments_touch_updated_at
  before update on public.appointments
  for each row execute function private.touch_updated_at();

alter table public.appointments enable row level security;

revoke all on table public.appointments from anon, authenticated;
grant insert (lead_id, slot_datetime, status) on table public.appointments to anon;
grant select on table public.appointments to authenticated;
grant update (status, slot_datetime, updated_at) on table public.appointments to authenticated;
grant all on table public.appointments to service_role;

-- Past slots stay valid rows (history), so "in the future" belongs to the visitor's
-- insert policy rather than to a CHECK.
create policy appointments_anon_insert_future_scheduled on public.appointments
  for insert to anon
  with check (status = 'scheduled' and slot_datetime > now());

create policy appointments_admin_select on public.appointments
  for select to authenticated
  using ((select private.is_admin()));

create policy appointments_admin_update on public.appointments
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
