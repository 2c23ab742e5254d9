-- Which privacy notice a visitor saw (its version, language and when), the separate WhatsApp
-- marketing opt-in, and consent withdrawal, on chat sessions and leads. Rows saved before notices
-- existed keep null notice columns (their visitor saw none) and no marketing opt-in.
--
-- A notice's version is the flow's `notice.version` (a date like 2026-11-26 or a short slug); its
-- language has the format of leads.language, so a new translation needs no migration. The three
-- notice columns are set together or not at all. whatsapp_marketing_at is when the opt-in was given
-- and is set exactly while the opt-in holds.
alter table public.leads
  add column notice_version text
    constraint leads_notice_version_check check (notice_version ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(notice_version) <= 32),
  add column notice_language text
    constraint leads_notice_language_check check (notice_language ~ '^[a-z]{2,3}(-[A-Z]{2})?$'),
  add column notice_seen_at timestamptz,
  add column whatsapp_marketing boolean not null default false,
  add column whatsapp_marketing_at timestamptz,
  add column consent_withdrawn_at timestamptz,
  add constraint leads_notice_complete_check check (
    (notice_version is null) = (notice_language is null) and (notice_version is null) = (notice_seen_at is null)
  ),
  add constraint leads_whatsapp_marketing_at_check check (whatsapp_marketing = (whatsapp_marketing_at is not null));

alter table public.chat_sessions
  add column notice_version text
    constraint chat_sessions_notice_version_check check (notice_version ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(notice_version) <= 32),
  add column notice_language text
    constraint chat_sessions_notice_language_check check (notice_language ~ '^[a-z]{2,3}(-[A-Z]{2})?$'),
  add column notice_seen_at timestamptz,
  add column whatsapp_marketing boolean not null default false,
  add column whatsapp_marketing_at timestamptz,
  add constraint chat_sessions_notice_complete_check check (
    (notice_version is null) = (notice_language is null) and (notice_version is null) = (notice_seen_at is null)
  ),
  add constraint chat_sessions_whatsapp_marketing_at_check check (whatsapp_marketing = (whatsapp_marketing_at is not null));

-- Visitors send the notice and the opt-in with the lead; the times are the server's.
grant insert (notice_version, notice_language, notice_seen_at, whatsapp_marketing) on table public.leads to anon;

-- A visitor's lead names the notice its visitor saw, else 400 notice_required. The visitor's
-- notice_seen_at is kept when it lies within the last day (the notice was shown before the name
-- form); absent, future or older, it is the insert's time (for the service role: absent). The
-- opt-in's time is the insert's time for visitors; for the service role, the one it sends or the
-- insert's.
create function private.record_lead_notice()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_visitor() then
    if new.notice_version is null or new.notice_language is null then
      perform private.refuse_request(400, 'notice_required',
        'A visitor''s lead names the privacy notice shown to the visitor: notice_version and notice_language.');
    end if;
    if new.notice_seen_at is null or new.notice_seen_at > now() or new.notice_seen_at < now() - interval '1 day' then
      new.notice_seen_at := now();
    end if;
    new.whatsapp_marketing_at := null;
  end if;
  if new.notice_version is not null and new.notice_seen_at is null then
    new.notice_seen_at := now();
  end if;
  new.whatsapp_marketing_at := case when new.whatsapp_marketing then coalesce(new.whatsapp_marketing_at, now()) end;
  return new;
end;
$$;

revoke all on function private.record_lead_notice() from public;

create trigger leads_record_notice
  before insert on public.leads
  for each row execute function private.record_lead_notice();

-- The chat records the notice when it shows it (before the name form); a later showing (the visitor
-- switched language) replaces it. Refused like the other recording calls: 23503 unknown session,
-- 23514 a version or language of the wrong shape.
create function public.chat_notice_shown(session_id uuid, notice_version text, notice_language text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.take_rate_limit('chat_notice_shown');
  perform private.touch_chat_session(chat_notice_shown.session_id);
  if chat_notice_shown.notice_version is null or chat_notice_shown.notice_language is null then
    perform private.refuse_request(400, 'notice_required', 'chat_notice_shown needs notice_version and notice_language.');
  end if;
  update public.chat_sessions as s
  set notice_version = chat_notice_shown.notice_version,
      notice_language = chat_notice_shown.notice_language,
      notice_seen_at = now()
  where s.id = chat_notice_shown.session_id;
end;
$$;

-- The visitor's tick (true) or untick (false) of the marketing opt-in; a repeated tick keeps the
-- first tick's time.
create function public.chat_marketing_chosen(session_id uuid, opted_in boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.take_rate_limit('chat_marketing_chosen');
  perform private.touch_chat_session(chat_marketing_chosen.session_id);
  if chat_marketing_chosen.opted_in is null then
    perform private.refuse_request(400, 'opt_in_required', 'chat_marketing_chosen needs opted_in true or false.');
  end if;
  update public.chat_sessions as s
  set whatsapp_marketing = chat_marketing_chosen.opted_in,
      whatsapp_marketing_at = case when chat_marketing_chosen.opted_in then coalesce(s.whatsapp_marketing_at, now()) end
  where s.id = chat_marketing_chosen.session_id;
end;
$$;

revoke all on function public.chat_notice_shown(uuid, text, text), public.chat_marketing_chosen(uuid, boolean)
  from public, anon, authenticated, service_role;
grant execute on function public.chat_notice_shown(uuid, text, text), public.chat_marketing_chosen(uuid, boolean) to anon;

insert into private.rate_limits (action, max_requests, per) values
  ('chat_notice_shown', 60, interval '10 minutes'),
  ('chat_marketing_chosen', 60, interval '10 minutes');

-- Following up an unfinished chat on WhatsApp is marketing: only chats whose visitor opted in are
-- in the queue. Otherwise as 20261122001600.
create or replace function public.unfinished_chats(include_followed_up boolean default false)
returns table (
  id uuid,
  name text,
  phone text,
  last_step_id text,
  last_activity_at timestamptz,
  created_at timestamptz,
  chat_first_at timestamptz,
  followed_up_at timestamptz
)
language sql
stable
as $$
  select
    s.id,
    s.name,
    s.phone,
    (
      select st.step_id
      from public.chat_steps as st
      where st.session_id = s.id
      order by st.shown_at desc, st.step_id desc
      limit 1
    ),
    s.last_activity_at,
    s.created_at,
    s.chat_first_at,
    s.followed_up_at
  from public.chat_sessions as s
  where s.name is not null
    and s.completed_at is null
    and s.whatsapp_marketing
    and s.last_activity_at <= now() - interval '30 minutes'
    and (include_followed_up or s.followed_up_at is null)
  order by s.last_activity_at desc, s.id
$$;
