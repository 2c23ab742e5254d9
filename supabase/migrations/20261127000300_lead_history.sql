-- One history per lead: who did what, when. Rows are written only by the triggers and
-- security-definer functions of the migrations, with the actor taken from the request's JWT
-- (auth.uid(), named as the team knows them at the time, or Visitor / System); no API role may
-- insert, update or delete them, and not even the tables' owner may change or remove one while its
-- lead exists. Admins read every lead's history, staff those of the leads they read.

-- What can happen to a lead. Later features add kinds by inserting rows.
create table public.lead_event_kinds (
  kind text primary key,
  constraint lead_event_kinds_kind_check check (kind ~ '^[a-z][a-z_]{0,39}$')
);

insert into public.lead_event_kinds (kind) values
  ('created'),
  ('status_changed'),
  ('owner_changed'),
  ('appointment_booked'),
  ('appointment_status_changed'),
  ('appointment_rescheduled'),
  ('note_added'),
  ('note_edited'),
  ('note_deleted'),
  ('follow_up_set'),
  ('follow_up_done'),
  ('follow_up_rescheduled'),
  ('whatsapp_opened'),
  ('csv_exported');

create table public.lead_events (
  id bigint generated always as identity primary key,
  lead_id text not null references public.leads (id) on delete cascade,
  at timestamptz not null default now(),
  -- Null for a visitor or the system.
  actor_id uuid,
  actor_name text not null,
  kind text not null references public.lead_event_kinds (kind),
  data jsonb not null default '{}',
  constraint lead_events_data_check check (jsonb_typeof(data) = 'object')
);

-- A lead's history newest first, a page at a time.
create index lead_events_lead_at_idx on public.lead_events (lead_id, at desc, id desc);

alter table public.lead_event_kinds enable row level security;
alter table public.lead_events enable row level security;

revoke all on table public.lead_event_kinds, public.lead_events from anon, authenticated, service_role;
grant select on table public.lead_event_kinds, public.lead_events to authenticated, service_role;

create policy lead_event_kinds_member_select on public.lead_event_kinds
  for select to authenticated
  using ((select private.is_member()));

create policy lead_events_member_select on public.lead_events
  for select to authenticated
  using ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)));

-- Rows go only when their lead goes (the foreign key's cascade); nothing changes one.
create function private.refuse_history_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if not exists (select 1 from public.leads as l where l.id = old.lead_id) then
      return old;
    end if;
  end if;
  raise exception 'A lead''s history cannot be changed or removed'
    using errcode = '42501';
end;
$$;

revoke all on function private.refuse_history_change() from public;

create trigger lead_events_refuse_change
  before update or delete on public.lead_events
  for each row execute function private.refuse_history_change();

create trigger lead_events_refuse_truncate
  before truncate on public.lead_events
  for each statement execute function private.refuse_history_change();

-- Who the request is: a member by their display name, a visitor (the anon key), or the system (the
-- service role, the database itself).
create function private.request_actor(out actor_id uuid, out actor_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  select r.user_id, r.display_name into actor_id, actor_name from public.user_roles as r where r.user_id = auth.uid();
  if not found then
    actor_name := case when auth.role() = 'anon' then 'Visitor' else 'System' end;
  end if;
end;
$$;

revoke all on function private.request_actor() from public;

-- Where a new lead came from: the chat (a visitor), a member (staff), or anything else (an import).
create function private.lead_source()
returns text
language sql
stable
set search_path = ''
as $$
  select case auth.role() when 'anon' then 'chat' when 'authenticated' then 'staff' else 'import' end
$$;

revoke all on function private.lead_source() from public;

-- The history of what a statement did to leads: created (and the owner a new lead got), status and
-- owner changes. Statement-level, so a bulk insert writes its history in one statement too.
create function private.record_lead_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
begin
  select * into actor from private.request_actor();
  if tg_op = 'INSERT' then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
    select n.id, actor.actor_id, actor.actor_name, 'created',
      jsonb_build_object('source', private.lead_source(), 'language', n.language)
    from new_rows as n
    order by n.created_at, n.id;
    -- An owner given with the new lead (round-robin, an import) is the system's doing.
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
    select n.id, null, 'System', 'owner_changed',
      jsonb_build_object('from_id', null, 'from_name', null, 'to_id', n.owner_id, 'to_name', private.member_name(n.owner_id))
    from new_rows as n
    where n.owner_id is not null
    order by n.created_at, n.id;
    return null;
  end if;
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  select n.id, actor.actor_id, actor.actor_name, change.kind, change.data
  from old_rows as o
  join new_rows as n on n.id = o.id
  cross join lateral (
    select 'status_changed' as kind, jsonb_build_object('from', o.status, 'to', n.status) as data, 1 as place
    where o.status is distinct from n.status
    union all
    select 'owner_changed', jsonb_build_object(
        'from_id', o.owner_id, 'from_name', private.member_name(o.owner_id),
        'to_id', n.owner_id, 'to_name', private.member_name(n.owner_id)), 2
    where o.owner_id is distinct from n.owner_id
  ) as change
  order by n.id, change.place;
  return null;
end;
$$;

revoke all on function private.record_lead_changes() from public;

create trigger leads_record_inserts after insert on public.leads
  referencing new table as new_rows
  for each statement execute function private.record_lead_changes();
create trigger leads_record_updates after update on public.leads
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.record_lead_changes();

-- The history of appointments: booked (by a visitor or the team), status changes and reschedules.
create function private.record_appointment_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
begin
  select * into actor from private.request_actor();
  if tg_op = 'INSERT' then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
    select n.lead_id, actor.actor_id, actor.actor_name, 'appointment_booked',
      jsonb_build_object('appointment_id', n.id, 'slot', n.slot_datetime,
        'by', case when auth.role() = 'anon' then 'visitor' else 'staff' end)
    from new_rows as n
    order by n.created_at, n.id;
    return null;
  end if;
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  select n.lead_id, actor.actor_id, actor.actor_name, change.kind, change.data
  from old_rows as o
  join new_rows as n on n.id = o.id
  cross join lateral (
    select 'appointment_status_changed' as kind,
      jsonb_build_object('appointment_id', n.id, 'from', o.status, 'to', n.status) as data, 1 as place
    where o.status is distinct from n.status
    union all
    select 'appointment_rescheduled',
      jsonb_build_object('appointment_id', n.id, 'from_slot', o.slot_datetime, 'to_slot', n.slot_datetime), 2
    where o.slot_datetime is distinct from n.slot_datetime
  ) as change
  order by n.id, change.place;
  return null;
end;
$$;

revoke all on function private.record_appointment_changes() from public;

create trigger appointments_record_inserts after insert on public.appointments
  referencing new table as new_rows
  for each statement execute function private.record_appointment_changes();
create trigger appointments_record_updates after update on public.appointments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.record_appointment_changes();

-- Existing leads and bookings start their history: every lead so far came from the chat, every
-- booking from a visitor. Their later status changes were not recorded anywhere.
insert into public.lead_events (lead_id, at, actor_id, actor_name, kind, data)
select l.id, l.created_at, null, 'Visitor', 'created', jsonb_build_object('source', 'chat', 'language', l.language)
from public.leads as l
order by l.created_at, l.id;

insert into public.lead_events (lead_id, at, actor_id, actor_name, kind, data)
select a.lead_id, a.created_at, null, 'Visitor', 'appointment_booked',
  jsonb_build_object('appointment_id', a.id, 'slot', a.slot_datetime, 'by', 'visitor')
from public.appointments as a
order by a.created_at, a.id;

-- Which leads each CSV export included (written by export_leads_chunk, 20261127000900), read into the
-- history as csv_exported events: who exported, and how many rows that export has. One narrow row per
-- lead and export, so an export pays one small insert per lead; each takes its id from the history's
-- own sequence, so a lead's events and exports page together by (at, id).
create table private.lead_exports (
  id uuid primary key,
  exported_by uuid not null,
  exported_by_name text not null,
  started_at timestamptz not null default now(),
  rows integer not null default 0,
  term text not null default '',
  filters jsonb not null default '{}'
);

create table private.lead_export_items (
  lead_id text not null references public.leads (id) on delete cascade,
  export_id uuid not null references private.lead_exports (id) on delete cascade,
  event_id bigint not null default nextval('public.lead_events_id_seq'),
  at timestamptz not null default now(),
  primary key (lead_id, export_id)
);

revoke all on table private.lead_exports, private.lead_export_items from public, anon, authenticated, service_role;

-- 404 lead_not_found for a lead that does not exist or that the caller may not read (the same answer,
-- so it never tells which); 42501 for callers outside the team.
create function private.require_readable_lead(lead_id text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_member() then
    raise exception 'Only team members may work on leads'
      using errcode = '42501';
  end if;
  if not private.can_read_lead(lead_id) then
    perform private.refuse_request(404, 'lead_not_found', 'No such lead, or not one you may read.');
  end if;
end;
$$;

revoke all on function private.require_readable_lead(text) from public;

-- A page of a lead's history, newest first (at, then id, descending): the page_size events (1 to 200)
-- before the event before_id, or the newest. The lead's events, and an event per CSV export that
-- included the lead; a created event from the chat also names the chat's source (utm_source or the
-- referrer's host), which the chat records after the lead is saved. 400 invalid_page_size,
-- unknown_history_event for a before_id that is not one of the lead's events.
create function public.lead_history(lead_id text, before_id bigint default null, page_size integer default 50)
returns setof public.lead_events
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  before_at timestamptz;
begin
  perform private.require_readable_lead(lead_id);
  if page_size is null or page_size not between 1 and 200 then
    perform private.refuse_request(400, 'invalid_page_size', 'A page holds 1 to 200 events.');
  end if;
  if before_id is not null then
    select e.at into before_at from public.lead_events as e where e.id = before_id and e.lead_id = lead_history.lead_id;
    if before_at is null then
      select i.at into before_at from private.lead_export_items as i where i.lead_id = lead_history.lead_id and i.event_id = before_id;
    end if;
    if before_at is null then
      perform private.refuse_request(400, 'unknown_history_event', 'before_id is not an event of this lead.');
    end if;
  end if;
  return query
  select page.id, page.lead_id, page.at, page.actor_id, page.actor_name, page.kind, page.data
  from (
    (
      select e.id, e.lead_id, e.at, e.actor_id, e.actor_name, e.kind,
        case when e.kind = 'created' then e.data || coalesce((
          select jsonb_strip_nulls(jsonb_build_object('utm_source', s.utm_source, 'referrer_host', s.referrer_host))
          from public.chat_sessions as s
          where s.lead_id = e.lead_id
        ), '{}') else e.data end as data
      from public.lead_events as e
      where e.lead_id = lead_history.lead_id
        and (before_id is null or (e.at, e.id) < (before_at, before_id))
      order by e.at desc, e.id desc
      limit page_size
    )
    union all
    (
      select i.event_id, i.lead_id, i.at, x.exported_by, x.exported_by_name, 'csv_exported',
        jsonb_build_object('export_id', x.id, 'rows', x.rows)
      from private.lead_export_items as i
      join private.lead_exports as x on x.id = i.export_id
      where i.lead_id = lead_history.lead_id
        and (before_id is null or (i.at, i.event_id) < (before_at, before_id))
      order by i.at desc, i.event_id desc
      limit page_size
    )
  ) as page
  order by page.at desc, page.id desc
  limit page_size;
end;
$$;

revoke all on function public.lead_history(text, bigint, integer) from public, anon;
grant execute on function public.lead_history(text, bigint, integer) to authenticated;

-- The dashboard opened the lead's WhatsApp chat (members, leads they read).
create function public.record_whatsapp_opened(lead_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
begin
  perform private.require_readable_lead(lead_id);
  select * into actor from private.request_actor();
  insert into public.lead_events (lead_id, actor_id, actor_name, kind)
  values (record_whatsapp_opened.lead_id, actor.actor_id, actor.actor_name, 'whatsapp_opened');
end;
$$;

revoke all on function public.record_whatsapp_opened(text) from public, anon;
grant execute on function public.record_whatsapp_opened(text) to authenticated;
