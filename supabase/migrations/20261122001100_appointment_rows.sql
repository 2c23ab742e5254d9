-- The appointments tab and calendar read appointments with the lead fields they show, joined in
-- Postgres, and search them by the lead's name, phone or email.

-- The appointments the caller may read, as appointments_admin_select decides, read with the view
-- owner's rights for the reason private.readable_leads gives. A migration that adds a column to
-- appointments re-creates this view.
create view private.readable_appointments as
select a.*
from public.appointments as a
where (select private.reads_business_data());

revoke all on table private.readable_appointments from public, anon, authenticated, service_role;
grant select on table private.readable_appointments to authenticated, service_role;

create view public.appointment_rows
with (security_invoker = true)
as
select
  a.id,
  a.lead_id,
  a.slot_datetime,
  a.status,
  a.created_at,
  a.updated_at,
  l.name as lead_name,
  l.phone as lead_phone,
  l.email as lead_email,
  l.city as lead_city,
  l.occasion as lead_occasion,
  l.product_type as lead_product_type,
  l.budget_range as lead_budget_range
from private.readable_appointments as a
left join private.readable_leads as l on l.id = a.lead_id;

revoke all on table public.appointment_rows from anon, authenticated, service_role;
grant select on table public.appointment_rows to authenticated, service_role;

-- Appointments whose lead's name, phone or email contains the term (case-insensitive, literally,
-- as search_leads matches); a blank term matches all. The lead's whole search text narrows the
-- rows through its trigram index, then matches on the city alone are dropped. Inlined by the
-- planner like search_leads, and like it without a shortcut for a blank term: without a term,
-- read appointment_rows itself.
create function public.search_appointments(term text default '')
returns setof public.appointment_rows
language sql
stable
as $$
  select r.*
  from public.appointment_rows as r
  where private.lead_search_text(r.lead_name, r.lead_phone, r.lead_email, r.lead_city) ilike private.search_pattern(term) escape '\'
    and (
      r.lead_name ilike private.search_pattern(term) escape '\'
      or r.lead_phone ilike private.search_pattern(term) escape '\'
      or r.lead_email ilike private.search_pattern(term) escape '\'
    )
$$;

revoke all on function public.search_appointments(text) from public, anon;
grant execute on function public.search_appointments(text) to authenticated, service_role;
