-- Erasing a person: every lead with their phone and all that hangs on those leads, their chat
-- sessions, and (through the app, as Storage's API) their reference images. What stays is a
-- tombstone with counts only, and the dashboard's and the chat insights' counters, which keep
-- counting what happened (aggregates are not personal data).

-- True only inside an erasure's transaction: the counters' delete triggers and the note lock skip.
-- Set with set_config(..., true) by private.erase_leads alone; no client can run set_config.
create function private.erasing()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('private.erasing', true), '') = 'on'
$$;

revoke all on function private.erasing() from public;
grant execute on function private.erasing() to anon, authenticated, service_role;

drop trigger leads_count_deletes on public.leads;
create trigger leads_count_deletes after delete on public.leads
  referencing old table as old_rows
  for each statement when (not private.erasing()) execute function private.count_leads();
drop trigger appointments_count_deletes on public.appointments;
create trigger appointments_count_deletes after delete on public.appointments
  referencing old table as old_rows
  for each statement when (not private.erasing()) execute function private.count_appointments();
drop trigger chat_sessions_count_deletes on public.chat_sessions;
create trigger chat_sessions_count_deletes after delete on public.chat_sessions
  referencing old table as old_rows
  for each statement when (not private.erasing()) execute function private.count_chat_sessions();
drop trigger chat_steps_count_deletes on public.chat_steps;
create trigger chat_steps_count_deletes after delete on public.chat_steps
  referencing old table as old_rows
  for each statement when (not private.erasing()) execute function private.count_chat_steps();

-- As 20261127000400, except that an erasure removes notes of any age.
create or replace function private.prepare_lead_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' and auth.role() = 'authenticated' and old.created_at < now() - interval '15 minutes'
     and not (tg_op = 'DELETE' and private.erasing()) then
    perform private.refuse_request(403, 'note_locked', 'Notes can be changed only in their first 15 minutes');
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  new.body := private.trimmed(new.body);
  if tg_op = 'INSERT' then
    new.author_name := coalesce(private.member_name(new.author_id), new.author_name);
  else
    new.updated_at := now();
  end if;
  return new;
end;
$$;

-- One row per erasure: when, by whom (null: the retention job), why and how many records went.
-- No phone, name, lead id or hash of any of them.
create table public.erasures (
  id uuid primary key default gen_random_uuid(),
  erased_at timestamptz not null default now(),
  erased_by uuid,
  reason text not null constraint erasures_reason_check check (reason in ('request', 'retention', 'admin')),
  leads integer not null default 0,
  appointments integer not null default 0,
  notes integer not null default 0,
  follow_ups integer not null default 0,
  chat_sessions integer not null default 0,
  files integer not null default 0
);

alter table public.erasures enable row level security;
revoke all on table public.erasures from public, anon, authenticated, service_role;
grant select on table public.erasures to authenticated, service_role;

create policy erasures_admin_select on public.erasures
  for select to authenticated
  using ((select private.is_admin()));

-- Reference images of erased leads until Storage confirms their removal: the app removes them
-- through Storage's API right after the erasure and calls file_erasures_done; the retention job
-- retries what is left. Rows of storage.objects are never deleted directly (hosted Storage would
-- keep the file).
create table public.pending_file_erasures (
  bucket_id text not null,
  name text not null,
  queued_at timestamptz not null default now(),
  primary key (bucket_id, name)
);

alter table public.pending_file_erasures enable row level security;
revoke all on table public.pending_file_erasures from public, anon, authenticated, service_role;
grant select on table public.pending_file_erasures to authenticated;
grant select, delete on table public.pending_file_erasures to service_role;

create policy pending_file_erasures_admin_select on public.pending_file_erasures
  for select to authenticated
  using ((select private.is_admin()));

-- Admins remove reference images (the erasure's files), through Storage's API.
create policy reference_images_admin_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'reference-images' and (select private.is_admin()));

-- The erasure itself, for erase_person and the retention job: the given leads (and everything on
-- them), the chat sessions of those leads or of `phone`, and the phone in export search terms and
-- in data access requests (the requests stay, without it). One
-- person's erasures run one after another (a lock on the phone), so two at once leave one
-- tombstone with the counts and one with nothing left to count (see private.erase_person). Answers
-- the tombstone's id.
create function private.erase_leads(lead_ids text[], phone text, reason text, erased_by uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  tombstone public.erasures;
  image_names text[];
begin
  perform set_config('private.erasing', 'on', true);
  tombstone.id := gen_random_uuid();
  tombstone.erased_by := erased_by;
  tombstone.reason := reason;

  select count(*) into tombstone.appointments from public.appointments as a where a.lead_id = any(lead_ids);
  select count(*) into tombstone.notes from public.lead_notes as n where n.lead_id = any(lead_ids);
  select count(*) into tombstone.follow_ups from public.follow_ups as f where f.lead_id = any(lead_ids);
  select coalesce(array_agg(distinct l.reference_image), '{}') into image_names
  from public.leads as l
  where l.id = any(lead_ids) and l.reference_image is not null;
  tombstone.files := cardinality(image_names);

  insert into public.pending_file_erasures (bucket_id, name)
  select 'reference-images', unnest(image_names)
  on conflict do nothing;

  with gone as (
    delete from public.chat_sessions as s
    where s.lead_id = any(lead_ids) or (erase_leads.phone is not null and s.phone = erase_leads.phone)
    returning 1
  )
  select count(*) into tombstone.chat_sessions from gone;

  if erase_leads.phone is not null then
    update public.data_access_requests as r set phone = null, comment = null
    where r.phone = erase_leads.phone;
    update private.lead_exports as e set term = '', filters = e.filters - 'term'
    where position(erase_leads.phone in regexp_replace(e.term, '[^0-9]', '', 'g')) > 0;
  end if;

  with gone as (
    delete from public.leads as l where l.id = any(lead_ids) returning 1
  )
  select count(*) into tombstone.leads from gone;

  insert into public.erasures (id, erased_by, reason, leads, appointments, notes, follow_ups, chat_sessions, files)
  values (tombstone.id, tombstone.erased_by, tombstone.reason, tombstone.leads, tombstone.appointments, tombstone.notes,
          tombstone.follow_ups, tombstone.chat_sessions, tombstone.files);

  perform set_config('private.erasing', '', true);
  return tombstone.id;
end;
$$;

revoke all on function private.erase_leads(text[], text, text, uuid) from public, anon, authenticated;

-- Erases a person by phone (10 digits, as leads hold it; 400 phone_invalid otherwise). A person
-- with an active appointment today (India time) needs confirm_booking_today, else 409
-- booking_today_needs_confirmation and nothing changes. Answers the tombstone's counts and the
-- files the app removes through Storage:
--   {"erasure_id", "leads", "appointments", "notes", "follow_ups", "chat_sessions", "files",
--    "paths": [{"bucket_id", "name"}]}
create function private.erase_person(phone text, confirm_booking_today boolean, reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead_ids text[];
  paths jsonb;
  erasure_id uuid;
  tombstone public.erasures;
begin
  if erase_person.phone is null or erase_person.phone !~ '^[0-9]{10}$' then
    perform private.refuse_request(400, 'phone_invalid', 'Give the phone number as its 10 digits.');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('erase_person:' || erase_person.phone, 0));

  select coalesce(array_agg(l.id), '{}') into lead_ids
  from public.leads as l
  where l.phone = erase_person.phone;

  if not coalesce(erase_person.confirm_booking_today, false) and exists (
    select 1 from public.appointments as a
    where a.lead_id = any(lead_ids)
      and a.status in ('scheduled', 'confirmed')
      and (a.slot_datetime at time zone 'Asia/Kolkata')::date = (now() at time zone 'Asia/Kolkata')::date
  ) then
    perform private.refuse_request(409, 'booking_today_needs_confirmation',
      'This person has a booking today. Confirm to erase it too.');
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('bucket_id', 'reference-images', 'name', images.name) order by images.name), '[]')
  into paths
  from (select distinct l.reference_image as name from public.leads as l where l.id = any(lead_ids) and l.reference_image is not null) as images;

  erasure_id := private.erase_leads(lead_ids, erase_person.phone, erase_person.reason, auth.uid());
  select * into tombstone from public.erasures as e where e.id = erasure_id;
  return jsonb_build_object(
    'erasure_id', tombstone.id,
    'leads', tombstone.leads,
    'appointments', tombstone.appointments,
    'notes', tombstone.notes,
    'follow_ups', tombstone.follow_ups,
    'chat_sessions', tombstone.chat_sessions,
    'files', tombstone.files,
    'paths', paths
  );
end;
$$;

revoke all on function private.erase_person(text, boolean, text) from public, anon, authenticated;

-- Admins erase a person (403 not_admin for anyone else), as private.erase_person.
create function public.erase_person(phone text, confirm_booking_today boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    perform private.refuse_request(403, 'not_admin', 'Only an admin can erase a person.');
  end if;
  return private.erase_person(phone, confirm_booking_today, 'admin');
end;
$$;

revoke all on function public.erase_person(text, boolean) from public, anon, service_role;
grant execute on function public.erase_person(text, boolean) to authenticated;

-- After the app removed files through Storage: forgets the pending rows whose object is gone (a
-- name Storage still holds stays pending). Admins; answers how many were forgotten.
create function public.file_erasures_done()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  forgotten integer;
begin
  if not coalesce(private.is_admin(), false) and coalesce(auth.role(), '') <> 'service_role' then
    perform private.refuse_request(403, 'not_admin', 'Only an admin can confirm erased files.');
  end if;
  with gone as (
    delete from public.pending_file_erasures as p
    where not exists (select 1 from storage.objects as o where o.bucket_id = p.bucket_id and o.name = p.name)
    returning 1
  )
  select count(*) into forgotten from gone;
  return forgotten;
end;
$$;

revoke all on function public.file_erasures_done() from public, anon;
grant execute on function public.file_erasures_done() to authenticated, service_role;
