-- One row per completed visitor consultation (spec section 3). The CHECKs mirror the
-- contact form rules of spec section 5 so a client that skips the form cannot store a bad lead.
create table public.leads (
  id text primary key default gen_random_uuid()::text,
  name text not null,
  phone text not null,
  email text not null default '',
  city text not null default '',
  occasion text not null default '',
  product_type text not null default '',
  budget_range text not null default '',
  design_preference text not null default '',
  metal_choice text not null default '',
  gold_carat text not null default '',
  stone_type text not null default '',
  diamond_shape text not null default '',
  timeline text not null default '',
  reference_image text,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leads_id_check check (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  constraint leads_name_check check (
    char_length(name) <= 50
    and char_length(btrim(name)) >= 3
    and btrim(name) ~ '^[A-Za-z ]+$'
  ),
  constraint leads_phone_check check (phone ~ '^[0-9]{10}$'),
  constraint leads_email_check check (
    email = ''
    or (char_length(email) <= 255 and btrim(email) ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')
  ),
  constraint leads_city_check check (
    city = ''
    or (char_length(city) <= 50 and char_length(btrim(city)) >= 2 and btrim(city) ~ '^[A-Za-z ]+$')
  ),
  constraint leads_occasion_check check (char_length(occasion) <= 200),
  constraint leads_product_type_check check (char_length(product_type) <= 200),
  constraint leads_budget_range_check check (char_length(budget_range) <= 200),
  constraint leads_design_preference_check check (char_length(design_preference) <= 200),
  constraint leads_metal_choice_check check (char_length(metal_choice) <= 200),
  constraint leads_gold_carat_check check (char_length(gold_carat) <= 200),
  constraint leads_stone_type_check check (char_length(stone_type) <= 200),
  constraint leads_diamond_shape_check check (char_length(diamond_shape) <= 200),
  constraint leads_timeline_check check (char_length(timeline) <= 200),
  constraint leads_reference_image_check check (char_length(reference_image) <= 300),
  constraint leads_status_check check (status in ('pending', 'contacted', 'closed'))
);

create index leads_created_at_idx on public.leads (created_at desc);

create trigger leads_touch_updated_at
  before update on public.leads
  for each row execute function private.touch_updated_at();

alter table public.leads enable row level security;

-- Visitors may only add leads (without choosing created_at/updated_at); admins may read
-- them and change the status. Hosted default privileges are narrowed to exactly that.
revoke all on table public.leads from anon, authenticated;
grant insert (
  id, name, phone, email, city, occasion, product_type, budget_range, design_preference,
  metal_choice, gold_carat, stone_type, diamond_shape, timeline, reference_image, status
) on table public.leads to anon;
grant select on table public.leads to authenticated;
grant update (status, updated_at) on table public.leads to authenticated;
grant all on table public.leads to service_role;

create policy leads_anon_insert_pending on public.leads
  for insert to anon
  with check (status = 'pending');

create policy leads_admin_select on public.leads
  for select to authenticated
  using ((select private.is_admin()));

create policy leads_admin_update on public.leads
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
