-- A lead whose phone an earlier lead already gave is marked returning; the dashboard links the
-- earlier leads. Nothing is merged. The database sets the mark (visitors' inserts name the columns
-- they may set, and this is not one of them). `returning` is an SQL keyword: SQL quotes it; PostgREST
-- and supabase-js take it as it is (`select('id, returning')`).

alter table public.leads add column "returning" boolean not null default false;

create index leads_phone_order_idx on public.leads (phone, created_at desc, id desc);

create function private.mark_returning_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new."returning" := exists (select 1 from public.leads as l where l.phone = new.phone and l.id <> new.id);
  return new;
end;
$$;

revoke all on function private.mark_returning_lead() from public;

create trigger leads_mark_returning
  before insert on public.leads
  for each row execute function private.mark_returning_lead();

-- Leads saved so far: every lead but the first of its phone. Their updated_at stays as it was.
alter table public.leads disable trigger leads_touch_updated_at;
update public.leads as l
set "returning" = true
where exists (
  select 1 from public.leads as e
  where e.phone = l.phone and (e.created_at, e.id) < (l.created_at, l.id)
);
alter table public.leads enable trigger leads_touch_updated_at;

-- The earlier leads with the lead's phone that the caller may read (row-level security decides,
-- for the lead itself too), newest first; at most 50.
create function public.earlier_leads(lead_id text)
returns table (id text, name text, created_at timestamptz, status text, product_type text)
language sql
stable
set search_path = ''
as $$
  select e.id, e.name, e.created_at, e.status, e.product_type
  from public.leads as l
  join public.leads as e on e.phone = l.phone and (e.created_at, e.id) < (l.created_at, l.id)
  where l.id = earlier_leads.lead_id
  order by e.created_at desc, e.id desc
  limit 50
$$;

revoke all on function public.earlier_leads(text) from public, anon;
grant execute on function public.earlier_leads(text) to authenticated;
