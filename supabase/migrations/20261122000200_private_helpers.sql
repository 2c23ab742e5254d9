-- Helpers the policies and triggers use. The schema is not exposed by the API.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

-- Security definer so the check can read user_roles whatever the caller may see.
create function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles
    where user_id = (select auth.uid())
      and role = 'admin'
  );
$$;

revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to authenticated;

-- The server clock, not the client's, decides updated_at.
create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.touch_updated_at() from public;
