-- The team: two roles, admin (everything) and staff (their own leads and the unassigned pool). One
-- role per user. Each member has a display name (shown in the team, as a lead's owner and in the
-- history) and a copy of their sign-in email, so the team can be shown without reading auth.users.
-- Members read the whole team; anyone else signed in reads only their own row. Nobody writes the
-- table directly but the service role: admins change roles and names through the functions below,
-- and add or remove members through the `team` Edge Function.

alter table public.user_roles drop constraint user_roles_role_check;
alter table public.user_roles add constraint user_roles_role_check check (role in ('admin', 'staff'));
-- Only 'admin' existed, so (user_id, role) unique was already one row per user.
alter table public.user_roles drop constraint user_roles_user_id_role_key;
alter table public.user_roles add constraint user_roles_user_id_key unique (user_id);

-- Text as a person typed it, without the white space around it.
create function private.trimmed(value text)
returns text
language sql
immutable
as $$
  select pg_catalog.regexp_replace(value, '^[[:space:]]+|[[:space:]]+$', '', 'g')
$$;

revoke all on function private.trimmed(text) from public;
grant execute on function private.trimmed(text) to authenticated, service_role;

-- The name a member gets until someone changes it: the part of the email before the @.
create function private.default_display_name(email text)
returns text
language sql
immutable
as $$
  select pg_catalog.left(pg_catalog.split_part(email, '@', 1), 80)
$$;

revoke all on function private.default_display_name(text) from public;

alter table public.user_roles add column display_name text, add column email text;

update public.user_roles as r
set email = u.email, display_name = private.default_display_name(u.email)
from auth.users as u
where u.id = r.user_id;

alter table public.user_roles
  alter column display_name set not null,
  alter column email set not null,
  add constraint user_roles_display_name_check check (
    char_length(display_name) between 1 and 80
    and display_name = private.trimmed(display_name)
    and display_name !~ '[[:cntrl:]]'
  );

-- The email always comes from auth.users, and a row added without a name gets the default one, so
-- whoever inserts (the service role, admin:create) gives only the user and the role.
create function private.fill_member_identity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select u.email into new.email from auth.users as u where u.id = new.user_id;
  new.display_name := coalesce(nullif(private.trimmed(new.display_name), ''), private.default_display_name(new.email));
  return new;
end;
$$;

revoke all on function private.fill_member_identity() from public;

create trigger user_roles_fill_member_identity
  before insert or update of user_id, email, display_name on public.user_roles
  for each row execute function private.fill_member_identity();

-- The team keeps at least one admin, whoever writes: a role change, a removal, or deleting the admin's
-- Auth user (which removes the row by cascade). 409 last_admin.
create function private.keep_an_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return coalesce(new, old);
  end if;
  -- Two admins demoting or removing each other at once wait for each other, so one admin stays.
  perform pg_advisory_xact_lock(hashtextextended('public.user_roles:admins', 0));
  if not exists (select 1 from public.user_roles as r where r.role = 'admin' and r.user_id <> old.user_id) then
    perform private.refuse_request(409, 'last_admin', 'The team needs at least one admin.');
  end if;
  return coalesce(new, old);
end;
$$;

revoke all on function private.keep_an_admin() from public;

create trigger user_roles_keep_an_admin
  before update of role or delete on public.user_roles
  for each row execute function private.keep_an_admin();

-- Whether the caller is in the team (admin or staff), or staff. Like is_admin(): security definer, so
-- policies can call them whatever the caller may read.
create function private.is_member()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()))
$$;

create function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()) and role = 'staff')
$$;

-- A member's display name, or null for someone not in the team.
create function private.member_name(member uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select r.display_name from public.user_roles as r where r.user_id = member
$$;

revoke all on function private.is_member(), private.is_staff(), private.member_name(uuid) from public;
grant execute on function private.is_member(), private.is_staff(), private.member_name(uuid) to authenticated, service_role;

drop policy user_roles_select_own on public.user_roles;
create policy user_roles_select_own_or_team on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_member()));

-- 42501 (HTTP 403) unless the caller is an admin.
create function private.require_admin(action text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins may %', action
      using errcode = '42501';
  end if;
end;
$$;

revoke all on function private.require_admin(text) from public;
grant execute on function private.require_admin(text) to authenticated, service_role;

-- A display name as typed: trimmed, 1 to 80 characters, no control characters; 400 invalid_display_name.
create function private.checked_display_name(display_name text)
returns text
language plpgsql
set search_path = ''
as $$
declare
  cleaned constant text := private.trimmed(display_name);
begin
  if cleaned is null or char_length(cleaned) not between 1 and 80 or cleaned ~ '[[:cntrl:]]' then
    perform private.refuse_request(400, 'invalid_display_name', 'A name is 1 to 80 characters, without control characters.');
  end if;
  return cleaned;
end;
$$;

revoke all on function private.checked_display_name(text) from public;

-- 404 not_member unless `member` is in the team; answers its row, locked until the caller commits.
create function private.locked_member(member uuid)
returns public.user_roles
language plpgsql
set search_path = ''
as $$
declare
  found_row public.user_roles;
begin
  select * into found_row from public.user_roles as r where r.user_id = member for update;
  if not found then
    perform private.refuse_request(404, 'not_member', 'That person is not in the team.');
  end if;
  return found_row;
end;
$$;

revoke all on function private.locked_member(uuid) from public;

-- Admins change a member's role ('admin' or 'staff'; 400 invalid_role). The team keeps an admin
-- (409 last_admin). Answers the member's row.
create function public.team_set_role(member uuid, role text)
returns public.user_roles
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.user_roles;
begin
  perform private.require_admin('change roles');
  if team_set_role.role is null or team_set_role.role not in ('admin', 'staff') then
    perform private.refuse_request(400, 'invalid_role', 'A role is admin or staff.');
  end if;
  perform private.locked_member(member);
  update public.user_roles as r set role = team_set_role.role where r.user_id = member returning * into changed;
  return changed;
end;
$$;

-- Admins rename anyone; every member may rename themselves. Answers the member's row.
create function public.team_set_name(member uuid, display_name text)
returns public.user_roles
language plpgsql
security definer
set search_path = ''
as $$
declare
  cleaned constant text := private.checked_display_name(display_name);
  changed public.user_roles;
begin
  if not (private.is_admin() or (member = auth.uid() and private.is_member())) then
    raise exception 'Only admins may rename other members'
      using errcode = '42501';
  end if;
  perform private.locked_member(member);
  update public.user_roles as r set display_name = cleaned where r.user_id = member returning * into changed;
  return changed;
end;
$$;

revoke all on function public.team_set_role(uuid, text), public.team_set_name(uuid, text) from public, anon;
grant execute on function public.team_set_role(uuid, text), public.team_set_name(uuid, text) to authenticated, service_role;
