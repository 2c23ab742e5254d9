-- Per-address limits move from PostgREST's pre-request function into the writes themselves. The
-- pre-request function matched request.path exactly, which is the raw path (a request to
-- /le%61ds reached leads unmatched), counted POSTs only (a GET of a function ran it uncounted),
-- and keyed on X-Forwarded-For's left-most entry, which the client writes. Now a trigger on each
-- limited table and the first line of each limited function take the count, whatever path,
-- method or encoding the request used, keyed on private.client_address() (20261125000100).

-- The operator's numbers stay: each row is renamed from its path to its action ('/leads' ->
-- 'leads', '/rpc/chat_step_shown' -> 'chat_step_shown'); the counts follow (on update cascade).
alter table private.rate_limits rename column path to action;
alter table private.rate_limits drop constraint rate_limits_path_check;
alter table private.rate_limit_hits rename column path to action;
alter table private.rate_limit_hits rename constraint rate_limit_hits_path_fkey to rate_limit_hits_action_fkey;
alter index private.rate_limit_hits_address_path_at_idx rename to rate_limit_hits_address_action_at_idx;

update private.rate_limits set action = regexp_replace(action, '^/(rpc/)?', '');

alter table private.rate_limits
  add constraint rate_limits_action_check check (action ~ '^[A-Za-z0-9_/]+$');

do $$
declare
  untaken text;
begin
  select string_agg(action, ', ' order by action) into untaken
  from private.rate_limits
  where action not in ('leads', 'appointments', 'chat_session_start', 'chat_step_shown', 'chat_step_answered',
                       'chat_contact_submitted', 'chat_first_chosen', 'chat_completed');
  if untaken is not null then
    raise notice 'private.rate_limits keeps rows no write counts against any more: %. Limits are now taken by name with private.take_rate_limit(<action>).', untaken;
  end if;
end
$$;

-- Counts one request of `action` against the client's address and refuses it when the address
-- already made max_requests of them within `per` (the action's row of private.rate_limits).
-- Contract, for triggers, functions and row-level security policies alike:
--   * An action without a row is not limited; otherwise the call returns true or raises.
--   * The refusal is PostgREST's custom error: SQLSTATE 'PGRST', MESSAGE the JSON body
--     {"code":"over_request_rate_limit","message":"Too many requests from this address. Try again in
--     N seconds.",...}, DETAIL {"status":429,"headers":{"Retry-After":"N"}}. PostgREST answers it as
--     HTTP 429; another caller (Storage) sees SQLSTATE PGRST with that JSON as the message.
--   * The address is private.client_address(), read from request.headers, which PostgREST and
--     Storage set in their transactions; without them every call counts against 'unknown'.
--   * It writes its count, so it needs a read-write transaction: where PostgREST runs read-only
--     (GET, HEAD, a STABLE function) it fails with 25006, which PostgREST answers 405.
--   * Only committed requests count: a request that fails later rolls its count back.
--   * Security definer, so it keeps its private tables whoever calls: a trigger or policy running as
--     anon or authenticated (who may execute it), or another security-definer function.
--   * Calls from one address wait for each other (a transaction-level advisory lock), so two cannot
--     both take the last place.
--   * The local backend's LOCAL_BACKEND_RATE_LIMITS=off (load tests, demos) sets
--     local_backend.per_address_limits to 'off' in its requests, which lets every call pass; no
--     hosted service sets it, and an API client cannot.
create function private.take_rate_limit(action text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  client_address text;
  rule private.rate_limits;
  recent integer;
  frees_up_at timestamptz;
  retry_after integer;
begin
  if current_setting('local_backend.per_address_limits', true) = 'off' then
    return true;
  end if;
  select * into rule from private.rate_limits as r where r.action = take_rate_limit.action;
  if not found then
    return true;
  end if;

  client_address := private.client_address();
  perform pg_advisory_xact_lock(hashtextextended('private.take_rate_limit:' || client_address, 0));

  -- Expired rows of any address go a few at a time, so visitors who never return leave nothing behind.
  delete from private.rate_limit_hits
  where id in (
    select h.id from private.rate_limit_hits as h
    where h.at <= now() - (select max(r.per) from private.rate_limits as r)
    order by h.at
    limit 20
    for update skip locked
  );

  select count(*) into recent
  from private.rate_limit_hits as h
  where h.address = client_address and h.action = rule.action and h.at > now() - rule.per;

  if recent >= rule.max_requests then
    select h.at + rule.per into frees_up_at
    from private.rate_limit_hits as h
    where h.address = client_address and h.action = rule.action and h.at > now() - rule.per
    order by h.at
    offset recent - rule.max_requests
    limit 1;
    retry_after := greatest(1, ceil(extract(epoch from frees_up_at - now()))::integer);
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'over_request_rate_limit',
        'message', format('Too many requests from this address. Try again in %s seconds.', retry_after),
        'details', null,
        'hint', null
      )::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', retry_after::text))::text;
  end if;

  insert into private.rate_limit_hits (address, action) values (client_address, rule.action);
  return true;
end;
$$;

revoke all on function private.take_rate_limit(text) from public;
grant usage on schema private to anon;
grant execute on function private.take_rate_limit(text) to anon, authenticated, service_role;

-- Visitors' rows count against their address, one per row (and a visitor's request adds one row,
-- 20261122000800). The action is the trigger's argument. Staff and the service role are not counted.
create function private.limit_visitor_rows()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'anon' then
    perform private.take_rate_limit(tg_argv[0]);
  end if;
  return new;
end;
$$;

revoke all on function private.limit_visitor_rows() from public;

create trigger leads_limit_visitor_rows
  before insert on public.leads
  for each row execute function private.limit_visitor_rows('leads');

create trigger appointments_limit_visitor_rows
  before insert on public.appointments
  for each row execute function private.limit_visitor_rows('appointments');

-- The chat-recording functions of 20261122001400, each now taking its own count first.
create or replace function public.chat_session_start(
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
  select private.take_rate_limit('chat_session_start');
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

create or replace function public.chat_step_shown(session_id uuid, step_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.take_rate_limit('chat_step_shown');
  select private.record_chat_step(session_id, step_id, false)
$$;

create or replace function public.chat_step_answered(session_id uuid, step_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.take_rate_limit('chat_step_answered');
  select private.record_chat_step(session_id, step_id, true)
$$;

create or replace function public.chat_contact_submitted(session_id uuid, name text, phone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.take_rate_limit('chat_contact_submitted');
  perform private.touch_chat_session(chat_contact_submitted.session_id);
  update public.chat_sessions as s
  set name = chat_contact_submitted.name,
      phone = chat_contact_submitted.phone,
      name_submitted_at = coalesce(s.name_submitted_at, now())
  where s.id = chat_contact_submitted.session_id and s.completed_at is null;
end;
$$;

create or replace function public.chat_first_chosen(session_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.take_rate_limit('chat_first_chosen');
  perform private.touch_chat_session(chat_first_chosen.session_id);
  update public.chat_sessions as s
  set chat_first_at = coalesce(s.chat_first_at, now())
  where s.id = chat_first_chosen.session_id;
end;
$$;

create or replace function public.chat_completed(session_id uuid, lead_id text)
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
  perform private.take_rate_limit('chat_completed');
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

-- PostgREST's pre-request function of 20261122000900 no longer limits anything. Hosted projects call
-- it before every request for as long as pgrst.db_pre_request names it, and a dropped function would
-- fail every request there, so it stays, as a function that does nothing.
create or replace function public.limit_anonymous_writes()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  return;
end;
$$;

-- Stop PostgREST calling it, where this migration's role may change PostgREST's settings and the
-- setting still names it; otherwise say how.
do $$
begin
  if exists (
    select 1 from pg_catalog.pg_db_role_setting as s join pg_catalog.pg_roles as r on r.oid = s.setrole
    where r.rolname = 'authenticator' and 'pgrst.db_pre_request=public.limit_anonymous_writes' = any (s.setconfig)
  ) then
    alter role authenticator reset pgrst.db_pre_request;
    notify pgrst, 'reload config';
  end if;
exception
  when insufficient_privilege or undefined_object then
    raise notice 'PostgREST still calls public.limit_anonymous_writes, which now does nothing (%: %). To stop the call, as a superuser or in the SQL editor run: alter role authenticator reset pgrst.db_pre_request; notify pgrst, ''reload config'';',
      sqlstate, sqlerrm;
end
$$;
