-- Adding and removing members. The `team` Edge Function calls these as the admin who asked (so the
-- database decides who may, and the history names that admin), around the Auth admin API calls it
-- makes with the service role: creating the Auth user before team_add_member, deleting it after
-- team_remove_member.

-- The Auth user with that email, if any, and whether it is in the team (admins only, 42501).
create function public.team_find_user(email text, out user_id uuid, out is_member boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('manage the team');
  select u.id, exists (select 1 from public.user_roles as r where r.user_id = u.id)
  into user_id, is_member
  from auth.users as u
  where lower(u.email) = lower(private.trimmed(team_find_user.email));
end;
$$;

-- Makes an Auth user a member with a role and (optionally) a display name; 409 already_member,
-- 400 invalid_role / invalid_display_name, 404 user_not_found. Answers the member's row.
create function public.team_add_member(member uuid, role text, display_name text default null)
returns public.user_roles
language plpgsql
security definer
set search_path = ''
as $$
declare
  added public.user_roles;
begin
  perform private.require_admin('add members');
  if team_add_member.role is null or team_add_member.role not in ('admin', 'staff') then
    perform private.refuse_request(400, 'invalid_role', 'A role is admin or staff.');
  end if;
  if not exists (select 1 from auth.users as u where u.id = member) then
    perform private.refuse_request(404, 'user_not_found', 'No such user.');
  end if;
  insert into public.user_roles (user_id, role, display_name)
  values (member, team_add_member.role,
    case when team_add_member.display_name is null then null else private.checked_display_name(team_add_member.display_name) end)
  on conflict (user_id) do nothing
  returning * into added;
  if added is null then
    perform private.refuse_request(409, 'already_member', 'That person is already in the team.');
  end if;
  return added;
end;
$$;

-- Takes a member out of the team: their leads go back to Unassigned (each in the lead's history,
-- by the admin), then their role row goes, so every policy refuses their tokens at once. 409
-- remove_self for the caller, last_admin for the team's last admin; 404 not_member. The Edge
-- Function then deletes the Auth user, which ends their sessions.
create function public.team_remove_member(member uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('remove members');
  if member = auth.uid() then
    perform private.refuse_request(409, 'remove_self', 'You cannot remove yourself from the team.');
  end if;
  perform private.locked_member(member);
  update public.leads as l set owner_id = null where l.owner_id = member;
  delete from public.user_roles as r where r.user_id = member;
end;
$$;

revoke all on function public.team_find_user(text), public.team_add_member(uuid, text, text),
  public.team_remove_member(uuid) from public, anon;
grant execute on function public.team_find_user(text), public.team_add_member(uuid, text, text),
  public.team_remove_member(uuid) to authenticated;
