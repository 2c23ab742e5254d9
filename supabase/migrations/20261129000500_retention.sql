-- How long personal data is kept, and the daily job that erases what expired through the same path
-- as an admin's erasure (private.erase_leads, reason 'retention'): unconverted leads (never booked,
-- not closed) after unconverted_lead_days from their last activity; closed leads after
-- closed_lead_days from their last change (kept for accounts); unfinished chats' contacts after
-- the chat setting of 20261122001700 (unfinished_chat_days here); audit events after audit_days.
create table private.retention_settings (
  id boolean primary key default true,
  unconverted_lead_days integer not null default 365,
  closed_lead_days integer not null default 1095,
  audit_days integer not null default 400,
  constraint retention_settings_one_row_check check (id),
  constraint retention_settings_unconverted_check check (unconverted_lead_days between 30 and 3650),
  constraint retention_settings_closed_check check (closed_lead_days between 365 and 3650),
  constraint retention_settings_audit_check check (audit_days between 365 and 3650)
);

insert into private.retention_settings default values;

revoke all on table private.retention_settings from public, anon, authenticated, service_role;

create trigger retention_settings_audit after update on private.retention_settings
  for each row execute function private.audit_settings_row_change('retention', 'id');

-- The numbers the privacy notice states; anyone reads them.
create function public.retention_settings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'unconverted_lead_days', r.unconverted_lead_days,
    'closed_lead_days', r.closed_lead_days,
    'unfinished_chat_days', extract(day from c.contact_retention)::integer,
    'audit_days', r.audit_days
  )
  from private.retention_settings as r, private.chat_settings as c
$$;

-- Admins change them (null keeps a number). Out of bounds: 400 retention_out_of_range with the
-- bounds (unconverted 30 to 3650 days, closed 365 to 3650, unfinished chats 1 to 365, audit 365
-- to 3650). Answers the settings.
create function public.set_retention_settings(
  unconverted_lead_days integer default null,
  closed_lead_days integer default null,
  unfinished_chat_days integer default null,
  audit_days integer default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    perform private.refuse_request(403, 'not_admin', 'Only an admin can change how long data is kept.');
  end if;
  if unconverted_lead_days not between 30 and 3650 or closed_lead_days not between 365 and 3650
     or unfinished_chat_days not between 1 and 365 or audit_days not between 365 and 3650 then
    perform private.refuse_request(400, 'retention_out_of_range',
      'Unconverted leads are kept 30 to 3650 days, closed leads 365 to 3650, unfinished chats 1 to 365, audit events 365 to 3650.');
  end if;
  update private.retention_settings as r set
    unconverted_lead_days = coalesce(set_retention_settings.unconverted_lead_days, r.unconverted_lead_days),
    closed_lead_days = coalesce(set_retention_settings.closed_lead_days, r.closed_lead_days),
    audit_days = coalesce(set_retention_settings.audit_days, r.audit_days);
  if unfinished_chat_days is not null then
    update private.chat_settings as c set contact_retention = make_interval(days => set_retention_settings.unfinished_chat_days);
  end if;
  return public.retention_settings();
end;
$$;

revoke all on function public.retention_settings(), public.set_retention_settings(integer, integer, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.retention_settings() to anon, authenticated, service_role;
grant execute on function public.set_retention_settings(integer, integer, integer, integer) to authenticated;

-- A lead's last activity: its own change, its appointments, notes and follow-ups.
create function private.lead_last_activity(lead public.leads)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select greatest(
    lead.created_at,
    lead.updated_at,
    (select max(greatest(a.created_at, a.updated_at, a.slot_datetime)) from public.appointments as a where a.lead_id = lead.id),
    (select max(greatest(n.created_at, n.updated_at)) from public.lead_notes as n where n.lead_id = lead.id),
    (select max(greatest(f.created_at, f.updated_at, f.due_at)) from public.follow_ups as f where f.lead_id = lead.id)
  )
$$;

-- The daily job: erases expired leads (one tombstone, reason 'retention'), clears expired chat
-- contacts and purges old audit events. Answers {"erasure_id" (null when nothing expired),
-- "leads", "chat_contacts", "audit_events", "pending_files"}; the files are in
-- pending_file_erasures for Storage (the local backend removes them; on hosted, the dashboard).
create function private.run_retention()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.retention_settings;
  expired text[];
  erasure_id uuid;
  erased integer := 0;
begin
  select * into settings from private.retention_settings;
  select coalesce(array_agg(l.id), '{}') into expired
  from public.leads as l
  where (
      l.status <> 'closed'
      and not exists (select 1 from public.appointments as a where a.lead_id = l.id)
      and private.lead_last_activity(l) < now() - make_interval(days => settings.unconverted_lead_days)
    ) or (
      l.status = 'closed'
      and private.lead_last_activity(l) < now() - make_interval(days => settings.closed_lead_days)
    );
  if cardinality(expired) > 0 then
    erasure_id := private.erase_leads(expired, null, 'retention', null);
    select e.leads into erased from public.erasures as e where e.id = erasure_id;
  end if;
  return jsonb_build_object(
    'erasure_id', erasure_id,
    'leads', erased,
    'chat_contacts', private.purge_chat_contacts(),
    'audit_events', private.purge_audit_events(settings.audit_days),
    'pending_files', (select count(*) from public.pending_file_erasures)
  );
end;
$$;

revoke all on function private.lead_last_activity(public.leads), private.run_retention() from public, anon, authenticated;
grant execute on function private.run_retention() to service_role;

-- Scheduled daily with pg_cron where it can be had, as 20261125000710 schedules the chat contact
-- purge (which run_retention now includes, so that job is replaced). 21:50 UTC is 03:20 in India.
do $$
declare
  job constant text := 'run-retention';
  daily constant text := '50 21 * * *';
  run constant text := 'select private.run_retention()';
  by_hand constant text := format(
    'On hosted Supabase, enable pg_cron (Database, Extensions) and run in the SQL editor: select cron.schedule(%L, %L, %L);',
    job, daily, run);
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'The retention job is NOT scheduled: pg_cron is not available on this server. %', by_hand;
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    execute 'select cron.schedule($1, $2, $3)' using job, daily, run;
    if exists (select 1 from cron.job where jobname = 'purge-chat-contacts') then
      execute 'select cron.unschedule($1)' using 'purge-chat-contacts';
    end if;
    raise notice 'The retention job runs daily at 21:50 UTC (pg_cron job %).', job;
  exception
    when others then
      raise notice 'The retention job is NOT scheduled (%: %). %', sqlstate, sqlerrm, by_hand;
  end;
end
$$;
