-- Erasing a person takes their quotes and orders too (they go with their leads, by the foreign keys'
-- cascade) and queues the quotes' design images (objects of the design-images bucket under
-- "<quote id>/") for removal through Storage, like reference images. The tombstone counts quotes and
-- orders; files counts the design images with the reference images.

alter table public.erasures
  add column quotes integer not null default 0,
  add column orders integer not null default 0;

-- The files of the given leads that Storage holds: their reference images and their quotes' design
-- images, as {bucket_id, name}.
create function private.files_of_leads(lead_ids text[])
returns table (bucket_id text, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct 'reference-images', l.reference_image
  from public.leads as l
  where l.id = any(lead_ids) and l.reference_image is not null
  union
  select o.bucket_id, o.name
  from public.quotes as q
  join storage.objects as o on o.bucket_id = 'design-images' and o.name like q.id::text || '/%'
  where q.lead_id = any(lead_ids)
$$;

revoke all on function private.files_of_leads(text[]) from public;

-- As 20261129000200, with quotes, orders and design images.
create or replace function private.erase_leads(lead_ids text[], phone text, reason text, erased_by uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  tombstone public.erasures;
begin
  perform set_config('private.erasing', 'on', true);
  tombstone.id := gen_random_uuid();
  tombstone.erased_by := erased_by;
  tombstone.reason := reason;

  select count(*) into tombstone.appointments from public.appointments as a where a.lead_id = any(lead_ids);
  select count(*) into tombstone.notes from public.lead_notes as n where n.lead_id = any(lead_ids);
  select count(*) into tombstone.follow_ups from public.follow_ups as f where f.lead_id = any(lead_ids);
  select count(*) into tombstone.quotes from public.quotes as q where q.lead_id = any(lead_ids);
  select count(*) into tombstone.orders from public.orders as o where o.lead_id = any(lead_ids);

  select count(*) into tombstone.files from private.files_of_leads(lead_ids);
  insert into public.pending_file_erasures (bucket_id, name)
  select f.bucket_id, f.name from private.files_of_leads(lead_ids) as f
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

  insert into public.erasures (id, erased_by, reason, leads, appointments, notes, follow_ups, chat_sessions, files, quotes, orders)
  values (tombstone.id, tombstone.erased_by, tombstone.reason, tombstone.leads, tombstone.appointments, tombstone.notes,
          tombstone.follow_ups, tombstone.chat_sessions, tombstone.files, tombstone.quotes, tombstone.orders);

  perform set_config('private.erasing', '', true);
  return tombstone.id;
end;
$$;

-- As 20261129000200; the answer also counts quotes and orders, and paths name design images too:
--   {"erasure_id", "leads", "appointments", "notes", "follow_ups", "chat_sessions", "quotes",
--    "orders", "files", "paths": [{"bucket_id", "name"}]}
create or replace function private.erase_person(phone text, confirm_booking_today boolean, reason text)
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

  select coalesce(jsonb_agg(jsonb_build_object('bucket_id', f.bucket_id, 'name', f.name) order by f.bucket_id desc, f.name), '[]')
  into paths
  from private.files_of_leads(lead_ids) as f;

  erasure_id := private.erase_leads(lead_ids, erase_person.phone, erase_person.reason, auth.uid());
  select * into tombstone from public.erasures as e where e.id = erasure_id;
  return jsonb_build_object(
    'erasure_id', tombstone.id,
    'leads', tombstone.leads,
    'appointments', tombstone.appointments,
    'notes', tombstone.notes,
    'follow_ups', tombstone.follow_ups,
    'chat_sessions', tombstone.chat_sessions,
    'quotes', tombstone.quotes,
    'orders', tombstone.orders,
    'files', tombstone.files,
    'paths', paths
  );
end;
$$;
