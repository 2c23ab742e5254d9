-- Anonymous chat progress for the insights tab: one row per chat (its id chosen by the chat, a random
-- UUID) and one row per step the chat showed. Visitors write only through the functions of
-- 20261122001400 and never read anything back; admins read.

create table public.chat_sessions (
  id uuid primary key,
  created_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  flow_version text not null,
  device text not null,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  referrer_host text,
  -- Set by the name form; null again once the chat became a lead (the lead holds them) or when
  -- the retention job clears an unfinished chat's contact (20261122001700).
  name text,
  phone text,
  -- When the name form was first submitted; kept when the contact is cleared, so counts stay.
  name_submitted_at timestamptz,
  chat_first_at timestamptz,
  lead_id text unique references public.leads (id) on delete set null,
  -- Kept when the lead is deleted, so a saved lead stays counted.
  completed_at timestamptz,
  followed_up_at timestamptz,
  -- The target of chat_steps' foreign key, which carries the session's start to its steps.
  constraint chat_sessions_id_created_at_key unique (id, created_at),
  constraint chat_sessions_flow_version_check check (flow_version ~ '^[A-Za-z0-9._-]{1,64}$'),
  constraint chat_sessions_device_check check (device in ('phone', 'desktop')),
  constraint chat_sessions_utm_source_check check (char_length(utm_source) between 1 and 200 and utm_source !~ '[[:cntrl:]]'),
  constraint chat_sessions_utm_medium_check check (char_length(utm_medium) between 1 and 200 and utm_medium !~ '[[:cntrl:]]'),
  constraint chat_sessions_utm_campaign_check check (char_length(utm_campaign) between 1 and 200 and utm_campaign !~ '[[:cntrl:]]'),
  constraint chat_sessions_referrer_host_check check (referrer_host ~ '^[a-z0-9.:\[\]-]{1,253}$'),
  -- The rules of leads_name_check and leads_phone_check (20261122000300), so a contact that could
  -- not become a lead is not stored either.
  constraint chat_sessions_name_check check (
    char_length(name) <= 50
    and char_length(btrim(name)) >= 3
    and btrim(name) ~ '^[A-Za-z ]+$'
  ),
  constraint chat_sessions_phone_check check (phone ~ '^[0-9]{10}$'),
  constraint chat_sessions_contact_check check ((name is null) = (phone is null)),
  constraint chat_sessions_contact_submitted_check check (name is null or name_submitted_at is not null),
  constraint chat_sessions_lead_completed_check check (lead_id is null or completed_at is not null)
);

-- Period queries read a day or two of sessions at the edges of a period (the rest comes from the
-- counts of 20261122001500), bookings read the period's sessions that became leads, and the
-- unfinished chats list and the retention job read chats with a contact and no lead by activity.
create index chat_sessions_created_at_idx on public.chat_sessions (created_at);
create index chat_sessions_lead_created_at_idx on public.chat_sessions (created_at, lead_id) where lead_id is not null;
create index chat_sessions_unfinished_idx on public.chat_sessions (last_activity_at desc, id)
  where name is not null and completed_at is null;

create table public.chat_steps (
  session_id uuid not null,
  session_started_at timestamptz not null,
  step_id text not null,
  shown_at timestamptz not null default now(),
  answered_at timestamptz,
  primary key (session_id, step_id),
  -- A step counts in the period its session started in; changing a session's start moves its steps.
  constraint chat_steps_session_fkey foreign key (session_id, session_started_at)
    references public.chat_sessions (id, created_at) on update cascade on delete cascade,
  constraint chat_steps_step_id_check check (step_id ~ '^[a-z][a-z0-9_]{0,63}$'),
  constraint chat_steps_answered_check check (answered_at >= shown_at)
);

create index chat_steps_session_started_at_idx on public.chat_steps (session_started_at);

alter table public.chat_sessions enable row level security;
alter table public.chat_steps enable row level security;

-- Nothing for visitors: they write through security-definer functions. Admins read both and mark
-- unfinished chats as followed up.
revoke all on table public.chat_sessions, public.chat_steps from anon, authenticated;
grant select on table public.chat_sessions, public.chat_steps to authenticated;
grant update (followed_up_at) on table public.chat_sessions to authenticated;
grant all on table public.chat_sessions, public.chat_steps to service_role;

create policy chat_sessions_admin_select on public.chat_sessions
  for select to authenticated
  using ((select private.is_admin()));

create policy chat_sessions_admin_update on public.chat_sessions
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy chat_steps_admin_select on public.chat_steps
  for select to authenticated
  using ((select private.is_admin()));
