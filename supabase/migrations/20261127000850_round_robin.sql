-- Admins may have new leads assigned to the staff in turn (round-robin), by display name order:
-- each new lead goes to the staff member after the one who got the last, wrapping around. A member
-- removed meanwhile is skipped (they are no longer in user_roles); with no staff, leads stay
-- unassigned. Off by default.

create table private.assignment_settings (
  singleton boolean primary key default true,
  round_robin boolean not null default false,
  -- Who got the last lead, and their name then, so the turn goes on after a rename or removal.
  last_user_id uuid,
  last_display_name text,
  updated_at timestamptz not null default now(),
  constraint assignment_settings_singleton_check check (singleton)
);

insert into private.assignment_settings (singleton) values (true);

revoke all on table private.assignment_settings from public, anon, authenticated, service_role;

-- The settings members see (members only, 42501).
create function public.assignment_settings(out round_robin boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_member() then
    raise exception 'Only team members read the assignment settings'
      using errcode = '42501';
  end if;
  select s.round_robin into round_robin from private.assignment_settings as s;
end;
$$;

-- Admins switch round-robin on or off (400 invalid_setting for null). Answers the settings.
create function public.set_round_robin(enabled boolean, out round_robin boolean)
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('change the assignment settings');
  if enabled is null then
    perform private.refuse_request(400, 'invalid_setting', 'Round-robin is on or off.');
  end if;
  update private.assignment_settings as s set round_robin = enabled, updated_at = now()
  returning s.round_robin into round_robin;
end;
$$;

revoke all on function public.assignment_settings(), public.set_round_robin(boolean) from public, anon;
grant execute on function public.assignment_settings(), public.set_round_robin(boolean) to authenticated;

-- Gives a new lead without an owner to the next staff member when round-robin is on. The settings
-- row is locked while choosing, so leads saved at once take turns one after another.
create function private.assign_round_robin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.assignment_settings;
  next_member public.user_roles;
begin
  if new.owner_id is not null or not (select s.round_robin from private.assignment_settings as s) then
    return new;
  end if;
  select * into settings from private.assignment_settings for update;
  select * into next_member
  from public.user_roles as r
  where r.role = 'staff'
  order by (r.display_name, r.user_id) <= (coalesce(settings.last_display_name, ''), coalesce(settings.last_user_id, '00000000-0000-0000-0000-000000000000'::uuid))
    and settings.last_user_id is not null,
    r.display_name, r.user_id
  limit 1;
  if next_member is null then
    return new;
  end if;
  new.owner_id := next_member.user_id;
  update private.assignment_settings
  set last_user_id = next_member.user_id, last_display_name = next_member.display_name;
  return new;
end;
$$;

revoke all on function private.assign_round_robin() from public;

-- Before leads_check_owner_change (triggers fire in name order), which confirms the owner is a member.
create trigger leads_assign_round_robin
  before insert on public.leads
  for each row execute function private.assign_round_robin();
