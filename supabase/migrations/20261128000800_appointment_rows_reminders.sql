-- The appointments tab reads who sent each appointment's reminder and when with the row itself.
-- private.readable_appointments expanded `a.*` into the columns appointments had when it was last
-- re-created, before manage_token_hash, reminded_at and reminded_by; re-created unchanged otherwise,
-- it carries them at its end. appointment_rows appends the two reminder columns and stays
-- security_invoker over the same gated views, so a member sees them only on rows they may read.
create or replace view private.readable_appointments as
select a.*
from public.appointments as a
where (select private.reads_business_data())
   or ((select private.is_staff()) and exists (select 1 from private.readable_lead_rows as r where (r.lead).id = a.lead_id));

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
  (r.lead).budget_range as lead_budget_range,
  a.reminded_at,
  a.reminded_by
from private.readable_appointments as a
left join private.readable_lead_rows as r on (r.lead).id = a.lead_id;
