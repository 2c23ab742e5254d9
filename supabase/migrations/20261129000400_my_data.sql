-- The visitor's own data, self-service. Identity is proven by the booking's manage link, or by a
-- 6-digit code that staff send on WhatsApp to the phone asked about (no SMS or email provider:
-- the code reaches only the number's owner). Either opens a My data session: a random token
-- (32 bytes, stored as its SHA-256) valid 30 minutes, scoped to one phone. Every refusal of a
-- code, link or token is the same 404 link_not_valid.

create table private.access_codes (
  request_id uuid primary key references public.data_access_requests (id) on delete cascade,
  phone text not null,
  code_hash text not null,
  expires_at timestamptz not null,
  tries integer not null default 0,
  used_at timestamptz
);

create table private.my_data_sessions (
  token_hash text primary key,
  phone text not null,
  expires_at timestamptz not null
);

create index my_data_sessions_phone_idx on private.my_data_sessions (phone);

revoke all on table private.access_codes, private.my_data_sessions from public, anon, authenticated, service_role;

insert into private.rate_limits (action, max_requests, per) values
  ('my_data_request_code', 5, interval '1 hour'),
  ('my_data_open', 20, interval '1 hour');

create function private.sha256_hex(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(value, 'UTF8')), 'hex')
$$;

create function private.refuse_my_data_link()
returns void
language sql
set search_path = ''
as $$
  select private.refuse_request(404, 'link_not_valid', 'This link or code is not valid, or has expired.')
$$;

-- A new session for `phone`: {"token", "expires_at"}. 32 bytes from two random UUIDs (244 random
-- bits), base64url.
create function private.open_my_data_session(phone text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  token constant text := pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(pg_catalog.decode(
    pg_catalog.replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=');
  expires constant timestamptz := now() + interval '30 minutes';
begin
  delete from private.my_data_sessions as s where s.expires_at < now();
  insert into private.my_data_sessions (token_hash, phone, expires_at) values (private.sha256_hex(token), phone, expires);
  return jsonb_build_object('token', token, 'expires_at', expires);
end;
$$;

-- The phone a live session token opens, else 404 link_not_valid.
create function private.my_data_phone(token text)
returns text
language plpgsql
set search_path = ''
as $$
declare
  session_phone text;
begin
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    perform private.refuse_my_data_link();
  end if;
  select s.phone into session_phone
  from private.my_data_sessions as s
  where s.token_hash = private.sha256_hex(token) and s.expires_at > now();
  if session_phone is null then
    perform private.refuse_my_data_link();
  end if;
  return session_phone;
end;
$$;

revoke all on function private.sha256_hex(text), private.refuse_my_data_link(), private.open_my_data_session(text),
  private.my_data_phone(text) from public, anon, authenticated;

-- A visitor asks for a code for `phone`. The answer is the same whether or not data exists (no
-- enumeration); a request is created only when a lead or a chat holds the phone and no code
-- request for it is open. 5 per address per hour; 400 phone_invalid for anything but 10 digits.
create function public.my_data_request_code(phone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.take_rate_limit('my_data_request_code');
  if phone is null or phone !~ '^[0-9]{10}$' then
    perform private.refuse_request(400, 'phone_invalid', 'Give the phone number as its 10 digits.');
  end if;
  if (exists (select 1 from public.leads as l where l.phone = my_data_request_code.phone)
      or exists (select 1 from public.chat_sessions as s where s.phone = my_data_request_code.phone))
    and not exists (
      select 1 from public.data_access_requests as r
      where r.phone = my_data_request_code.phone and r.kind = 'access_code' and r.status = 'open'
    )
  then
    insert into public.data_access_requests (kind, phone, deadline)
    values ('access_code', my_data_request_code.phone, now() + interval '3 days');
  end if;
end;
$$;

-- Staff or an admin send the code of an open code request: a new 6-digit code (any earlier one of
-- the request dies), valid 72 hours, 5 tries. Answers {"code", "phone", "expires_at"}: the code is
-- shown this once, the database keeps its hash. The request is done, handled by the caller.
-- 403 not_member; 404 request_not_found for an unknown, closed or other kind of request.
create function public.data_request_send_code(request_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  request public.data_access_requests;
  code constant text := pg_catalog.lpad(((('x' || pg_catalog.substr(pg_catalog.replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint) % 1000000)::text, 6, '0');
  expires constant timestamptz := now() + interval '72 hours';
begin
  if not (coalesce(private.is_admin(), false) or coalesce(private.is_staff(), false)) then
    perform private.refuse_request(403, 'not_member', 'Only the team sends codes.');
  end if;
  select * into request from public.data_access_requests as r
  where r.id = data_request_send_code.request_id and r.kind = 'access_code' and r.status = 'open' and r.phone is not null
  for update;
  if not found then
    perform private.refuse_request(404, 'request_not_found', 'No open code request with this id.');
  end if;
  insert into private.access_codes (request_id, phone, code_hash, expires_at)
  values (request.id, request.phone, private.sha256_hex(code), expires)
  on conflict on constraint access_codes_pkey do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, tries = 0, used_at = null;
  update public.data_access_requests as r set status = 'done', handled_by = auth.uid(), handled_at = now() where r.id = request.id;
  return jsonb_build_object('code', code, 'phone', request.phone, 'expires_at', expires);
end;
$$;

-- The visitor opens My data with the code sent to `phone`: a session, or 404 link_not_valid (a
-- wrong code counts a try; after 5 the code is dead; a used or expired code is dead).
create function public.my_data_open_with_code(phone text, code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  live private.access_codes;
begin
  perform private.take_rate_limit('my_data_open');
  if phone is null or phone !~ '^[0-9]{10}$' or code is null or code !~ '^[0-9]{6}$' then
    perform private.refuse_my_data_link();
  end if;
  select * into live from private.access_codes as c
  where c.phone = my_data_open_with_code.phone and c.used_at is null and c.expires_at > now() and c.tries < 5
  order by c.expires_at desc
  limit 1
  for update;
  if not found then
    perform private.refuse_my_data_link();
  end if;
  if live.code_hash <> private.sha256_hex(code) then
    -- The try must count, so this refusal commits: an answer with PostgREST's response.status, not
    -- an error (an error would roll the count back).
    update private.access_codes as c set tries = c.tries + 1 where c.request_id = live.request_id;
    perform set_config('response.status', '404', true);
    return jsonb_build_object('code', 'link_not_valid', 'message', 'This link or code is not valid, or has expired.',
      'details', null, 'hint', null);
  end if;
  update private.access_codes as c set used_at = now() where c.request_id = live.request_id;
  return private.open_my_data_session(live.phone);
end;
$$;

-- The visitor opens My data with their booking's manage link (the token in it): a session for
-- the phone of that booking's lead, or 404 link_not_valid.
create function public.my_data_open_with_link(manage_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead_phone text;
begin
  perform private.take_rate_limit('my_data_open');
  if manage_token is null or manage_token !~ '^[A-Za-z0-9_-]{43}$' then
    perform private.refuse_my_data_link();
  end if;
  select l.phone into lead_phone
  from public.appointments as a
  join public.leads as l on l.id = a.lead_id
  where a.manage_token_hash = private.sha256_hex(manage_token);
  if lead_phone is null then
    perform private.refuse_my_data_link();
  end if;
  return private.open_my_data_session(lead_phone);
end;
$$;

-- Everything held about the session's phone: its leads (every field), their appointments, staff
-- notes, follow-ups' dates, chat sessions (what they recorded) and reference image names.
create function public.my_data_get(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person constant text := private.my_data_phone(token);
  lead_ids text[];
begin
  select coalesce(array_agg(l.id), '{}') into lead_ids from public.leads as l where l.phone = person;
  return jsonb_build_object(
    'phone', person,
    'leads', (select coalesce(jsonb_agg(to_jsonb(l) - 'owner_id' order by l.created_at), '[]') from public.leads as l where l.id = any(lead_ids)),
    'appointments', (
      select coalesce(jsonb_agg(jsonb_build_object('lead_id', a.lead_id, 'slot_datetime', a.slot_datetime, 'status', a.status, 'created_at', a.created_at)
        order by a.slot_datetime), '[]')
      from public.appointments as a where a.lead_id = any(lead_ids)
    ),
    'notes', (
      select coalesce(jsonb_agg(jsonb_build_object('lead_id', n.lead_id, 'body', n.body, 'created_at', n.created_at) order by n.created_at), '[]')
      from public.lead_notes as n where n.lead_id = any(lead_ids)
    ),
    'follow_ups', (
      select coalesce(jsonb_agg(jsonb_build_object('lead_id', f.lead_id, 'due_at', f.due_at) order by f.due_at), '[]')
      from public.follow_ups as f where f.lead_id = any(lead_ids)
    ),
    'chat_sessions', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'created_at', s.created_at, 'name', s.name, 'phone', s.phone, 'device', s.device, 'utm_source', s.utm_source,
        'referrer_host', s.referrer_host, 'notice_version', s.notice_version, 'notice_language', s.notice_language,
        'notice_seen_at', s.notice_seen_at, 'whatsapp_marketing', s.whatsapp_marketing, 'lead_id', s.lead_id,
        'steps', (select coalesce(jsonb_agg(st.step_id order by st.shown_at), '[]') from public.chat_steps as st where st.session_id = s.id)
      ) order by s.created_at), '[]')
      from public.chat_sessions as s where s.phone = person or s.lead_id = any(lead_ids)
    ),
    'reference_images', (
      select coalesce(jsonb_agg(distinct l.reference_image), '[]') from public.leads as l
      where l.id = any(lead_ids) and l.reference_image is not null
    )
  );
end;
$$;

-- Withdraws consent for the session's phone: every lead with it is marked withdrawn and loses the
-- marketing opt-in, as do its chats; a withdrawal request (30 days) queues the erasure for the
-- admins, unless one is open. Answers {"leads": how many were marked}.
create function public.my_data_withdraw(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person constant text := private.my_data_phone(token);
  marked integer;
begin
  with changed as (
    update public.leads as l
    set consent_withdrawn_at = coalesce(l.consent_withdrawn_at, now()), whatsapp_marketing = false, whatsapp_marketing_at = null
    where l.phone = person
    returning 1
  )
  select count(*) into marked from changed;
  update public.chat_sessions as s set whatsapp_marketing = false, whatsapp_marketing_at = null
  where s.phone = person or s.lead_id in (select l.id from public.leads as l where l.phone = person);
  if not exists (select 1 from public.data_access_requests as r where r.phone = person and r.kind = 'withdrawal' and r.status = 'open') then
    insert into public.data_access_requests (kind, phone, deadline) values ('withdrawal', person, now() + interval '30 days');
  end if;
  return jsonb_build_object('leads', marked);
end;
$$;

-- Asks for erasure of the session's phone, with an optional comment (at most 1,000 characters,
-- else 400 comment_too_long). Answers {"request_id", "deadline"} (30 days).
create function public.my_data_request_erasure(token text, comment text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person constant text := private.my_data_phone(token);
  request public.data_access_requests;
begin
  if char_length(comment) > 1000 then
    perform private.refuse_request(400, 'comment_too_long', 'The comment is at most 1,000 characters.');
  end if;
  insert into public.data_access_requests (kind, phone, comment, deadline)
  values ('erasure', person, nullif(btrim(comment), ''), now() + interval '30 days')
  returning * into request;
  return jsonb_build_object('request_id', request.id, 'deadline', request.deadline);
end;
$$;

-- Admins carry out an open erasure or withdrawal request: the person is erased (reason
-- 'request'; a booking today needs confirm_booking_today, as erase_person) and every open erasure
-- and withdrawal request of the phone is done. Answers erase_person's result. 403 not_admin, 404 request_not_found.
create function public.data_request_erase(request_id uuid, confirm_booking_today boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  request public.data_access_requests;
  result jsonb;
begin
  if not coalesce(private.is_admin(), false) then
    perform private.refuse_request(403, 'not_admin', 'Only an admin can erase a person.');
  end if;
  select * into request from public.data_access_requests as r
  where r.id = data_request_erase.request_id and r.kind in ('erasure', 'withdrawal') and r.status = 'open' and r.phone is not null
  for update;
  if not found then
    perform private.refuse_request(404, 'request_not_found', 'No open erasure or withdrawal request with this id.');
  end if;
  update public.data_access_requests as r set status = 'done', handled_by = auth.uid(), handled_at = now()
  where r.phone = request.phone and r.kind in ('erasure', 'withdrawal') and r.status = 'open';
  result := private.erase_person(request.phone, confirm_booking_today, 'request');
  return result;
end;
$$;

-- Admins reject an open request with a reason (1 to 500 characters, else 400 reason_required).
create function public.data_request_reject(request_id uuid, reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    perform private.refuse_request(403, 'not_admin', 'Only an admin can reject a request.');
  end if;
  if reason is null or char_length(btrim(reason)) not between 1 and 500 then
    perform private.refuse_request(400, 'reason_required', 'Give a reason of at most 500 characters.');
  end if;
  update public.data_access_requests as r
  set status = 'rejected', reason = btrim(data_request_reject.reason), handled_by = auth.uid(), handled_at = now()
  where r.id = data_request_reject.request_id and r.status = 'open';
  if not found then
    perform private.refuse_request(404, 'request_not_found', 'No open request with this id.');
  end if;
end;
$$;

revoke all on function public.my_data_request_code(text), public.my_data_open_with_code(text, text),
  public.my_data_open_with_link(text), public.my_data_get(text), public.my_data_withdraw(text),
  public.my_data_request_erasure(text, text), public.data_request_send_code(uuid),
  public.data_request_erase(uuid, boolean), public.data_request_reject(uuid, text)
from public, anon, authenticated, service_role;
grant execute on function public.my_data_request_code(text), public.my_data_open_with_code(text, text),
  public.my_data_open_with_link(text), public.my_data_get(text), public.my_data_withdraw(text),
  public.my_data_request_erasure(text, text)
to anon, authenticated;
grant execute on function public.data_request_send_code(uuid), public.data_request_erase(uuid, boolean),
  public.data_request_reject(uuid, text)
to authenticated;
