-- What the chat records, through narrow functions for visitors (anon). Each returns nothing, takes
-- the server's clock for every time and is limited per client address (rows below). A session is
-- its random id: whoever holds it extends it, and nobody reads it back through these functions.
-- Errors: 23503 the session does not exist; 23514 a value breaks a rule of the tables (lengths,
-- shapes, at most 40 steps per session); 22023 the lead cannot be attached.

-- Marks activity on a session and locks it for the rest of the request, so a session's own requests
-- run one after another. Answers the session's start.
create function private.touch_chat_session(session_id uuid)
returns timestamptz
language plpgsql
set search_path = ''
as $$
declare
  started_at timestamptz;
begin
  update public.chat_sessions as s
  set last_activity_at = now()
  where s.id = touch_chat_session.session_id
  returning s.created_at into started_at;
  if not found then
    raise exception 'Unknown chat session'
      using errcode = '23503',
            hint = 'Start the session with chat_session_start first.';
  end if;
  return started_at;
end;
$$;

-- A step's row: shown_at at its first showing, answered_at at its first answer. An answer for a
-- step never shown (its showing got lost) counts as shown and answered at once.
create function private.record_chat_step(session_id uuid, step_id text, answered boolean)
returns void
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  started_at constant timestamptz := private.touch_chat_session(record_chat_step.session_id);
  max_steps constant integer := 40;
begin
  if answered then
    update public.chat_steps
    set answered_at = now()
    where session_id = record_chat_step.session_id and step_id = record_chat_step.step_id and answered_at is null;
  end if;
  if exists (
    select 1 from public.chat_steps
    where session_id = record_chat_step.session_id and step_id = record_chat_step.step_id
  ) then
    return;
  end if;
  if (select count(*) from public.chat_steps where session_id = record_chat_step.session_id) >= max_steps then
    raise exception 'A chat session records at most % steps', max_steps
      using errcode = '23514',
            constraint = 'chat_steps_per_session_limit';
  end if;
  insert into public.chat_steps (session_id, session_started_at, step_id, answered_at)
  values (record_chat_step.session_id, started_at, record_chat_step.step_id, case when answered then now() end);
end;
$$;

revoke all on function private.touch_chat_session(uuid), private.record_chat_step(uuid, text, boolean) from public;

-- A new chat with its first visit's landing details. The first write of an id wins: a second start
-- with the same id (a retry, or anyone else) changes nothing. Blank details are stored as absent;
-- the referrer's host is stored lower-case.
create function public.chat_session_start(
  session_id uuid,
  flow_version text,
  device text,
  utm_source text default null,
  utm_medium text default null,
  utm_campaign text default null,
  referrer_host text default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.chat_sessions (id, flow_version, device, utm_source, utm_medium, utm_campaign, referrer_host)
  values (
    session_id,
    flow_version,
    device,
    nullif(btrim(utm_source), ''),
    nullif(btrim(utm_medium), ''),
    nullif(btrim(utm_campaign), ''),
    nullif(lower(btrim(referrer_host)), '')
  )
  on conflict (id) do nothing
$$;

create function public.chat_step_shown(session_id uuid, step_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.record_chat_step(session_id, step_id, false)
$$;

create function public.chat_step_answered(session_id uuid, step_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.record_chat_step(session_id, step_id, true)
$$;

-- The name form's name and phone, checked as a lead's are. Submitting again (an edited answer)
-- replaces them until the chat becomes a lead; afterwards the lead holds them and this changes nothing.
create function public.chat_contact_submitted(session_id uuid, name text, phone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.touch_chat_session(chat_contact_submitted.session_id);
  update public.chat_sessions as s
  set name = chat_contact_submitted.name,
      phone = chat_contact_submitted.phone,
      name_submitted_at = coalesce(s.name_submitted_at, now())
  where s.id = chat_contact_submitted.session_id and s.completed_at is null;
end;
$$;

create function public.chat_first_chosen(session_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.touch_chat_session(chat_first_chosen.session_id);
  update public.chat_sessions as s
  set chat_first_at = coalesce(s.chat_first_at, now())
  where s.id = chat_first_chosen.session_id;
end;
$$;

-- The chat's saved lead. Attached only if that lead was saved in the last 15 minutes with the phone
-- this session's name form recorded, and no session holds it; then the session's own copy of the
-- contact is cleared. Every refusal is the same 22023, so the answer never tells whether a lead id
-- exists. Attaching the lead a session already holds again changes nothing (a retry).
create function public.chat_completed(session_id uuid, lead_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  session_phone text;
  attached_lead text;
begin
  perform private.touch_chat_session(chat_completed.session_id);
  select s.phone, s.lead_id into session_phone, attached_lead
  from public.chat_sessions as s
  where s.id = chat_completed.session_id;
  if attached_lead = chat_completed.lead_id then
    return;
  end if;
  if attached_lead is null
    and exists (
      select 1 from public.leads as l
      where l.id = chat_completed.lead_id
        and l.phone = session_phone
        and l.created_at > now() - interval '15 minutes'
    )
    and not exists (select 1 from public.chat_sessions as s where s.lead_id = chat_completed.lead_id)
  then
    update public.chat_sessions as s
    set lead_id = chat_completed.lead_id, completed_at = now(), name = null, phone = null
    where s.id = chat_completed.session_id;
    return;
  end if;
  raise exception 'This lead cannot be attached to this chat session'
    using errcode = '22023';
exception
  when unique_violation then
    raise exception 'This lead cannot be attached to this chat session'
      using errcode = '22023';
end;
$$;

revoke all on function
  public.chat_session_start(uuid, text, text, text, text, text, text),
  public.chat_step_shown(uuid, text),
  public.chat_step_answered(uuid, text),
  public.chat_contact_submitted(uuid, text, text),
  public.chat_first_chosen(uuid),
  public.chat_completed(uuid, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.chat_session_start(uuid, text, text, text, text, text, text),
  public.chat_step_shown(uuid, text),
  public.chat_step_answered(uuid, text),
  public.chat_contact_submitted(uuid, text, text),
  public.chat_first_chosen(uuid),
  public.chat_completed(uuid, text)
to anon;

-- Per client address, as 20261122000900 limits leads. A chat makes one start, contact, chat-first
-- and completion call and two step calls per step shown (fourteen steps), so these let a shared
-- address (an office, a mobile carrier's NAT) run dozens of chats per 10 minutes.
insert into private.rate_limits (path, max_requests, per) values
  ('/rpc/chat_session_start', 60, interval '10 minutes'),
  ('/rpc/chat_step_shown', 600, interval '10 minutes'),
  ('/rpc/chat_step_answered', 600, interval '10 minutes'),
  ('/rpc/chat_contact_submitted', 60, interval '10 minutes'),
  ('/rpc/chat_first_chosen', 60, interval '10 minutes'),
  ('/rpc/chat_completed', 60, interval '10 minutes');
