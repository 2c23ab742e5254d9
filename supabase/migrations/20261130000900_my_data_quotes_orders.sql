-- A person's access to their data (20261129000400's my_data_get) includes their quotes (every
-- version, its lines and totals, the customer's comment and approval, the design image names) and
-- their orders (stage, totals, advance, cancel reason).

-- As 20261129000400, with "quotes" and "orders".
create or replace function public.my_data_get(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person constant text := private.my_data_phone(token);
  lead_ids text[];
begin
  select coalesce(array_agg(l.id), '{}') into lead_ids from public.leads as l where l.phone = person;
  return jsonb_build_object(
    'phone', person,
    'leads', (select coalesce(jsonb_agg(to_jsonb(l) - 'owner_id' order by l.created_at), '[]') from public.leads as l where l.id = any(lead_ids)),
    'appointments', (
      select coalesce(jsonb_agg(jsonb_build_object('lead_id', a.lead_id, 'slot_datetime', a.slot_datetime, 'status', a.status, 'created_at', a.created_at)
        order by a.slot_datetime), '[]')
      from public.appointments as a where a.lead_id = any(lead_ids)
    ),
    'notes', (
      select coalesce(jsonb_agg(jsonb_build_object('lead_id', n.lead_id, 'body', n.body, 'created_at', n.created_at) order by n.created_at), '[]')
      from public.lead_notes as n where n.lead_id = any(lead_ids)
    ),
    'follow_ups', (
      select coalesce(jsonb_agg(jsonb_build_object('lead_id', f.lead_id, 'due_at', f.due_at) order by f.due_at), '[]')
      from public.follow_ups as f where f.lead_id = any(lead_ids)
    ),
    'chat_sessions', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'created_at', s.created_at, 'name', s.name, 'phone', s.phone, 'device', s.device, 'utm_source', s.utm_source,
        'referrer_host', s.referrer_host, 'notice_version', s.notice_version, 'notice_language', s.notice_language,
        'notice_seen_at', s.notice_seen_at, 'whatsapp_marketing', s.whatsapp_marketing, 'lead_id', s.lead_id,
        'steps', (select coalesce(jsonb_agg(st.step_id order by st.shown_at), '[]') from public.chat_steps as st where st.session_id = s.id)
      ) order by s.created_at), '[]')
      from public.chat_sessions as s where s.phone = person or s.lead_id = any(lead_ids)
    ),
    'reference_images', (
      select coalesce(jsonb_agg(distinct l.reference_image), '[]') from public.leads as l
      where l.id = any(lead_ids) and l.reference_image is not null
    ),
    'quotes', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'lead_id', q.lead_id, 'version', q.version, 'status', q.status, 'valid_until', q.valid_until, 'lines', q.lines,
        'subtotal_paise', q.subtotal_paise, 'discount_paise', q.discount_paise, 'gst_bps', q.gst_bps, 'gst_paise', q.gst_paise,
        'total_paise', q.total_paise, 'created_at', q.created_at, 'shared_at', q.shared_at, 'customer_comment', q.customer_comment,
        'approved_at', q.approved_at, 'approved_name', q.approved_name, 'design_images', private.design_images_of(q.id)
      ) order by q.lead_id, q.version), '[]')
      from public.quotes as q where q.lead_id = any(lead_ids)
    ),
    'orders', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'lead_id', o.lead_id, 'version', q.version, 'stage', o.stage, 'total_paise', o.total_paise,
        'advance_paise', o.advance_paise, 'advance_mode', o.advance_mode, 'advance_date', o.advance_date,
        'cancel_reason', o.cancel_reason, 'created_at', o.created_at, 'stage_changed_at', o.stage_changed_at
      ) order by o.created_at), '[]')
      from public.orders as o join public.quotes as q on q.id = o.quote_id where o.lead_id = any(lead_ids)
    )
  );
end;
$$;
