-- Who may use the admin dashboard. Rows are written with the service role only
-- (npm run admin:create locally, the SQL editor on hosted Supabase).
create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null,
  created_at timestamptz not null default now(),
  constraint user_roles_role_check check (role in ('admin')),
  constraint user_roles_user_id_role_key unique (user_id, role)
);

alter table public.user_roles enable row level security;

-- Hosted Supabase grants everything on new public tables to anon and authenticated
-- by default privileges; the grants are narrowed here so RLS is not the only guard.
revoke all on table public.user_roles from anon, authenticated;
grant select on table public.user_roles to authenticated;
grant all on table public.user_roles to service_role;

create policy user_roles_select_own on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()));
