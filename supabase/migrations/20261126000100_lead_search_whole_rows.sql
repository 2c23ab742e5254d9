-- A column added to public.leads needs nothing more for the dashboard's search. Until now
-- search_leads (returning setof public.leads) read private.readable_leads, whose `l.*` Postgres
-- expanded into the columns leads had when the view was created, so after an `add column` every
-- search failed with "return type mismatch in function declared to return leads" until the view was
-- re-created.
--
-- The view of readable leads now carries each lead as one whole-row value of type public.leads,
-- which follows the table's columns by itself; search_leads expands it with `(r.lead).*` when it
-- runs (a SQL function's body is parsed at each call). The gate and its reason are those of
-- 20261122001000: the view reads with its owner's rights, so the trigram and order indexes serve a
-- search under row-level security, and the gate has no column in it. Once the planner has inlined
-- the function and flattened the view, `(r.lead).name` is the column `name` again, so every plan is
-- the one before (same indexes for search, filters, order, paging and counts, on PGlite and
-- PostgreSQL 15). appointment_rows reads the leads through the same view.
create view private.readable_lead_rows as
select l as lead
from public.leads as l
where (select private.reads_business_data());

revoke all on table private.readable_lead_rows from public, anon, authenticated, service_role;
grant select on table private.readable_lead_rows to authenticated, service_role;

create or replace function public.search_leads(term text default '')
returns setof public.leads
language sql
stable
as $$
  select (r.lead).*
  from private.readable_lead_rows as r
  where private.lead_search_text((r.lead).name, (r.lead).phone, (r.lead).email, (r.lead).city)
    ilike private.search_pattern(term) escape '\'
$$;

create or replace view public.appointment_rows
with (security_invoker = true)
as
select
  a.id,
  a.lead_id,
  a.slot_datetime,
  a.status,
  a.created_at,
  a.updated_at,
  (r.lead).name as lead_name,
  (r.lead).phone as lead_phone,
  (r.lead).email as lead_email,
  (r.lead).city as lead_city,
  (r.lead).occasion as lead_occasion,
  (r.lead).product_type as lead_product_type,
  (r.lead).budget_range as lead_budget_range
from private.readable_appointments as a
left join private.readable_lead_rows as r on (r.lead).id = a.lead_id;

drop view private.readable_leads;
