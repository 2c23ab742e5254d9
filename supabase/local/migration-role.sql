-- Hosted Supabase runs `supabase db push` as `postgres`, which is not a superuser, and its storage
-- tables belong to `supabase_storage_admin`. Here `migrator` plays hosted's `postgres`: it runs
-- the migrations (see db/migrations.ts) and owns what they create, so a migration that needs more
-- than hosted allows fails locally too. Runs after bootstrap.sql at every start; idempotent.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit;
  end if;
  -- Supabase Auth's role: it calls Auth hooks (the local backend calls them as it).
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'migrator') then
    create role migrator nologin inherit createrole;
  end if;
  execute format('grant create, connect on database %I to migrator', current_database());
end
$$;

grant anon, authenticated, service_role to migrator;
-- ALTER ROLE authenticator SET pgrst.* (PostgREST's in-database configuration) needs this since
-- PostgreSQL 16, as hosted's postgres has it.
grant authenticator to migrator with admin option;
grant set on parameter pgrst.db_pre_request to migrator;

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
grant usage on schema storage to supabase_storage_admin;
-- Hosted lets postgres create policies on storage tables it does not own (supautils' policy
-- grants). Membership gives that; the event trigger below takes back everything else.
grant supabase_storage_admin to migrator;

grant usage on schema auth to migrator;
-- Hosted's postgres has all privileges on schema extensions, so migrations enable extensions there.
grant all on schema extensions to migrator;
grant select, references on auth.users to migrator;

alter schema public owner to migrator;
alter default privileges for role migrator in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role migrator in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role migrator in schema public grant all on functions to anon, authenticated, service_role;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- Data folders created before migrations ran as migrator hold project objects a superuser owns;
-- they pass to migrator so later migrations can alter them, as on hosted.
do $$
declare
  item record;
  project_schemas text[];
begin
  select coalesce(array_agg(n.nspname), '{}') into project_schemas
  from pg_namespace n
  where n.nspname not in ('information_schema', 'auth', 'storage', 'extensions', 'supabase_migrations', 'local_backend')
    and n.nspname not like 'pg\_%';
  for item in
    select n.nspname from pg_namespace n join pg_roles o on o.oid = n.nspowner
    where o.rolsuper and n.nspname = any (project_schemas)
  loop
    execute format('alter schema %I owner to migrator', item.nspname);
  end loop;
  for item in
    select c.oid::regclass::text as name,
      case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' else 'table' end as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_roles o on o.oid = c.relowner
    where o.rolsuper and n.nspname = any (project_schemas) and c.relkind in ('r', 'p', 'v', 'm', 'S')
  loop
    execute format('alter %s %s owner to migrator', item.kind, item.name);
  end loop;
  for item in
    select p.oid::regprocedure::text as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_roles o on o.oid = p.proowner
    where o.rolsuper and n.nspname = any (project_schemas)
  loop
    execute format('alter routine %s owner to migrator', item.name);
  end loop;
end
$$;

create schema if not exists local_backend;
revoke all on schema local_backend from public;

create or replace function local_backend.refuse_storage_ddl() returns event_trigger
language plpgsql
as $$
declare
  command record;
begin
  if (select rolsuper from pg_roles where rolname = current_user) or current_user = 'supabase_storage_admin' then
    return;
  end if;
  for command in select * from pg_event_trigger_ddl_commands() loop
    -- A trigger's identity reads 'name on schema.table', with no schema of its own.
    if (command.schema_name = 'storage' or command.object_identity like '% on storage.%')
       and command.command_tag not in ('CREATE POLICY', 'ALTER POLICY', 'GRANT', 'REVOKE') then
      raise exception 'must be owner of %', command.object_identity
        using errcode = '42501',
              hint = 'Hosted Supabase lets migrations create policies on storage tables, but not alter them, add triggers or indexes.';
    end if;
  end loop;
end;
$$;

drop event trigger if exists local_backend_refuse_storage_ddl;
create event trigger local_backend_refuse_storage_ddl on ddl_command_end
  execute function local_backend.refuse_storage_ddl();
