-- What a breach investigation needs, kept at least a year: sign-ins and failed sign-ins (from the
-- password verification hook, which Auth calls for every password attempt), lead exports,
-- erasures, settings changes and role changes. Admins read it (the dashboard downloads it in pages
-- of the REST API); nobody writes, changes or removes rows but the functions and triggers below.
create table public.audit_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  kind text not null constraint audit_events_kind_check
    check (kind in ('sign_in', 'sign_in_failed', 'export', 'erasure', 'settings_change', 'role_change')),
  -- The member who acted (the account tried, for sign-ins); null for the system.
  actor uuid,
  address text,
  detail jsonb not null default '{}'
);

create index audit_events_at_idx on public.audit_events (at, id);

alter table public.audit_events enable row level security;
revoke all on table public.audit_events from public, anon, authenticated, service_role;
grant select on table public.audit_events to authenticated, service_role;

create policy audit_events_admin_select on public.audit_events
  for select to authenticated
  using ((select private.is_admin()));

-- Rows go only through private.purge_audit_events, and only past a year.
create function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and coalesce(current_setting('private.purging_audit', true), '') = 'on'
     and old.at < now() - interval '365 days' then
    return old;
  end if;
  raise exception 'Audit events cannot be changed or removed'
    using errcode = '42501';
end;
$$;

revoke all on function private.refuse_audit_change() from public;

create trigger audit_events_refuse_change
  before update or delete on public.audit_events
  for each row execute function private.refuse_audit_change();

create trigger audit_events_refuse_truncate
  before truncate on public.audit_events
  for each statement execute function private.refuse_audit_change();

-- Removes events older than `keep_days` (at least 365); answers how many went.
create function private.purge_audit_events(keep_days integer default 400)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  purged integer;
begin
  if keep_days is null or keep_days < 365 then
    raise exception 'Audit events are kept at least 365 days'
      using errcode = '22023';
  end if;
  perform set_config('private.purging_audit', 'on', true);
  with gone as (
    delete from public.audit_events as e where e.at < now() - make_interval(days => keep_days) returning 1
  )
  select count(*) into purged from gone;
  perform set_config('private.purging_audit', '', true);
  return purged;
end;
$$;

revoke all on function private.purge_audit_events(integer) from public, anon, authenticated;
grant execute on function private.purge_audit_events(integer) to service_role;

-- One event by the current member (auth.uid()) from the client's address, unless given.
create function private.record_audit(kind text, detail jsonb, actor uuid default auth.uid(), address text default null)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_events (kind, actor, address, detail)
  values (kind, actor, coalesce(address, private.client_address()), coalesce(detail, '{}'))
$$;

revoke all on function private.record_audit(text, jsonb, uuid, text) from public, anon, authenticated, service_role;

-- The hook of 20261125000900 stays as it was, under another name; Auth calls this one, which
-- records the attempt and its outcome: sign_in (password right, let through), sign_in_failed
-- (wrong, or refused by the limits: detail.refused).
alter function public.hook_password_verification_attempt(jsonb) rename to decide_password_attempt;
alter function public.decide_password_attempt(jsonb) set schema private;
revoke all on function private.decide_password_attempt(jsonb) from public, anon, authenticated, service_role, supabase_auth_admin;

create function public.hook_password_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  decision constant jsonb := private.decide_password_attempt(event);
  refused constant boolean := decision ->> 'decision' = 'reject';
  valid constant boolean := coalesce((event ->> 'valid')::boolean, false);
begin
  perform private.record_audit(
    case when valid and not refused then 'sign_in' else 'sign_in_failed' end,
    case when refused then jsonb_build_object('refused', true) else '{}'::jsonb end,
    (event ->> 'user_id')::uuid,
    left(coalesce(nullif(btrim(event -> 'metadata' ->> 'ip_address'), ''), 'unknown'), 100)
  );
  return decision;
end;
$$;

revoke all on function public.hook_password_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_password_verification_attempt(jsonb) to supabase_auth_admin;

-- A CSV export (its first page records it): which export and with which filter names; the search
-- term is left out, as it may be a phone number.
create function private.audit_export()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_audit('export', jsonb_build_object(
    'export_id', new.id,
    'filters', (select coalesce(jsonb_agg(key order by key), '[]') from jsonb_object_keys(new.filters - 'term') as key),
    'searched', new.term <> ''
  ), new.exported_by);
  return null;
end;
$$;

create trigger lead_exports_audit after insert on private.lead_exports
  for each row execute function private.audit_export();

-- An erasure's tombstone, as its event.
create function private.audit_erasure()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_audit('erasure', to_jsonb(new) - 'erased_by' - 'erased_at', new.erased_by);
  return null;
end;
$$;

create trigger erasures_audit after insert on public.erasures
  for each row execute function private.audit_erasure();

-- Settings changes: every booking setting (its own change log's rows), round robin on or off, the
-- chat contact retention.
create function private.audit_booking_settings_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_audit('settings_change',
    jsonb_build_object('setting', 'booking', 'action', new.action, 'data', new.data), new.actor_id);
  return null;
end;
$$;

create trigger booking_settings_changes_audit after insert on public.booking_settings_changes
  for each row execute function private.audit_booking_settings_change();

create function private.audit_settings_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before constant jsonb := to_jsonb(old) - tg_argv[1:]::text[];
  after constant jsonb := to_jsonb(new) - tg_argv[1:]::text[];
begin
  if before is distinct from after then
    perform private.record_audit('settings_change', jsonb_build_object('setting', tg_argv[0], 'before', before, 'after', after));
  end if;
  return null;
end;
$$;

create trigger assignment_settings_audit after update on private.assignment_settings
  for each row execute function private.audit_settings_row_change('assignment', 'singleton', 'last_user_id', 'last_display_name', 'updated_at');
create trigger chat_settings_audit after update on private.chat_settings
  for each row execute function private.audit_settings_row_change('chat', 'id');

-- Roles granted, changed and taken away.
create function private.audit_role_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_audit('role_change', jsonb_build_object(
    'user_id', coalesce(new.user_id, old.user_id),
    'before', case when tg_op <> 'INSERT' then old.role end,
    'after', case when tg_op <> 'DELETE' then new.role end
  ));
  return null;
end;
$$;

create trigger user_roles_audit after insert or update or delete on public.user_roles
  for each row execute function private.audit_role_change();

revoke all on function private.audit_export(), private.audit_erasure(), private.audit_booking_settings_change(),
  private.audit_settings_row_change(), private.audit_role_change() from public;
