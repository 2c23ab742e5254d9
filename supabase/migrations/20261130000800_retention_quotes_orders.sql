-- The retention job of 20261129000500 learns about quotes and orders: a lead's quotes and orders are
-- activity on it, and a lead with an order is converted (like a booked one), so only the closed
-- leads' period applies to it once it is closed. Orders are the business's accounts.

-- As 20261129000500, with the lead's quotes (last change) and orders (last move).
create or replace function private.lead_last_activity(lead public.leads)
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
    (select max(greatest(f.created_at, f.updated_at, f.due_at)) from public.follow_ups as f where f.lead_id = lead.id),
    (select max(q.updated_at) from public.quotes as q where q.lead_id = lead.id),
    (select max(o.stage_changed_at) from public.orders as o where o.lead_id = lead.id)
  )
$$;

-- As 20261129000500, except that a lead with an order is not unconverted.
create or replace function private.run_retention()
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
      and not exists (select 1 from public.orders as o where o.lead_id = l.id)
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
