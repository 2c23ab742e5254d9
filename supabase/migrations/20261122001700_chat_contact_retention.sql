-- Visitors are told at the name form that their details are used to contact them about their
-- consultation. An unfinished chat's name and phone are kept for a retention period after its last
-- activity, then cleared; its counts and steps stay. Run daily: on hosted Supabase by pg_cron (see the
-- README), on the local backend at start and every 24 hours.

-- One row. Operators change the period in the SQL editor, no migration needed:
--   update private.chat_settings set contact_retention = interval '14 days';
create table private.chat_settings (
  id boolean primary key default true,
  contact_retention interval not null default interval '30 days',
  constraint chat_settings_one_row_check check (id),
  constraint chat_settings_contact_retention_check check (contact_retention >= interval '1 day')
);

insert into private.chat_settings default values;

revoke all on table private.chat_settings from public, anon, authenticated, service_role;
grant select on table private.chat_settings to service_role;

-- Clears the name and phone of chats without a lead whose last activity is older than the retention
-- period; answers how many. Not reachable through the API (schema private); the service role and
-- the database owner (pg_cron's jobs) may run it.
create function private.purge_chat_contacts()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  cleared integer;
begin
  update public.chat_sessions as s
  set name = null, phone = null
  where s.name is not null
    and s.completed_at is null
    and s.last_activity_at < now() - (select c.contact_retention from private.chat_settings as c);
  get diagnostics cleared = row_count;
  return cleared;
end;
$$;

revoke all on function private.purge_chat_contacts() from public, anon, authenticated;
grant execute on function private.purge_chat_contacts() to service_role;
