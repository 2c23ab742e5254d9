-- The leads tab's WhatsApp marketing filter reads its first page and count from an index, as the
-- other filters do.
create index leads_whatsapp_marketing_order_idx on public.leads (whatsapp_marketing, created_at desc, id desc);
