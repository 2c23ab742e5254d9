-- The day's metal rates and the GST rate quotes are priced with. The metals are rows of
-- public.metal_kinds (the dashboard reads the list from there). Rates are kept as a history: admins
-- add a rate per metal and date with set_metal_rate, no API role changes or removes one; the rate of a
-- metal today is its latest rate dated on or before today (India time). Members read both. Money is
-- integer paise; the GST rate is in basis points (300 = 3%).

create table public.metal_kinds (
  key text primary key constraint metal_kinds_key_check check (key ~ '^[a-z][a-z0-9_]{0,29}$'),
  label text not null constraint metal_kinds_label_check check (char_length(label) between 1 and 40),
  -- Parts per thousand (22K gold: 916).
  purity integer not null constraint metal_kinds_purity_check check (purity between 1 and 1000),
  sort integer not null unique
);

insert into public.metal_kinds (key, label, purity, sort) values
  ('gold_24k', 'Gold 24K', 999, 1),
  ('gold_22k', 'Gold 22K', 916, 2),
  ('gold_18k', 'Gold 18K', 750, 3),
  ('gold_14k', 'Gold 14K', 585, 4),
  ('platinum', 'Platinum', 950, 5),
  ('silver', 'Silver', 925, 6);

create table public.metal_rates (
  id bigint generated always as identity primary key,
  metal text not null references public.metal_kinds (key),
  -- ₹1 to ₹1,00,000 per gram.
  rate_paise_per_gram bigint not null
    constraint metal_rates_rate_check check (rate_paise_per_gram between 100 and 10000000),
  rate_date date not null,
  set_by uuid,
  set_at timestamptz not null default now()
);

create index metal_rates_metal_date_idx on public.metal_rates (metal, rate_date desc, set_at desc, id desc);

alter table public.metal_kinds enable row level security;
alter table public.metal_rates enable row level security;

revoke all on table public.metal_kinds, public.metal_rates from anon, authenticated, service_role;
grant select on table public.metal_kinds, public.metal_rates to authenticated, service_role;

create policy metal_kinds_member_select on public.metal_kinds
  for select to authenticated
  using ((select private.is_member()));

create policy metal_rates_member_select on public.metal_rates
  for select to authenticated
  using ((select private.is_member()));

-- Today's date in India.
create function private.ist_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'Asia/Kolkata')::date
$$;

revoke all on function private.ist_today() from public;
grant execute on function private.ist_today() to anon, authenticated, service_role;

-- 403 not_admin unless the caller is an admin; `action` finishes the sentence "Only an admin can ...".
create function private.refuse_unless_admin(action text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    perform private.refuse_request(403, 'not_admin', format('Only an admin can %s.', action));
  end if;
end;
$$;

-- 42501 (HTTP 401/403) unless the caller is in the team.
create function private.require_member()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce(private.is_member(), false) then
    raise exception 'Only team members may work on quotes and orders'
      using errcode = '42501';
  end if;
end;
$$;

revoke all on function private.refuse_unless_admin(text), private.require_member() from public;
grant execute on function private.refuse_unless_admin(text), private.require_member() to authenticated, service_role;

-- Adds a metal's rate for a date (default today, India time; not in the future, at most a year back).
-- Admins only (403 not_admin). 400 unknown_metal, rate_out_of_range (₹1 to ₹1,00,000 per gram,
-- given in paise), rate_date_out_of_range. Answers the new row.
create function public.set_metal_rate(metal text, rate_paise_per_gram bigint, rate_date date default null)
returns public.metal_rates
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
  on_date constant date := coalesce(set_metal_rate.rate_date, private.ist_today());
  added public.metal_rates;
begin
  perform private.refuse_unless_admin('set metal rates');
  if not exists (select 1 from public.metal_kinds as k where k.key = set_metal_rate.metal) then
    perform private.refuse_request(400, 'unknown_metal', 'No such metal.');
  end if;
  if rate_paise_per_gram is null or rate_paise_per_gram not between 100 and 10000000 then
    perform private.refuse_request(400, 'rate_out_of_range', 'A rate is ₹1 to ₹1,00,000 per gram.');
  end if;
  if on_date > private.ist_today() or on_date < private.ist_today() - 366 then
    perform private.refuse_request(400, 'rate_date_out_of_range', 'A rate''s date is today or within the last year.');
  end if;
  select * into actor from private.request_actor();
  insert into public.metal_rates (metal, rate_paise_per_gram, rate_date, set_by)
  values (set_metal_rate.metal, set_metal_rate.rate_paise_per_gram, on_date, actor.actor_id)
  returning * into added;
  return added;
end;
$$;

-- Every metal in the list's order with its rate today: the latest dated on or before today (India
-- time), with that date and whether it is today's; null rate and date for a metal never rated.
create function public.todays_rates()
returns table (metal text, label text, purity integer, rate_paise_per_gram bigint, rate_date date, is_today boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_member();
  return query
  select k.key, k.label, k.purity, r.rate_paise_per_gram, r.rate_date, r.rate_date = private.ist_today()
  from public.metal_kinds as k
  left join lateral (
    select m.rate_paise_per_gram, m.rate_date
    from public.metal_rates as m
    where m.metal = k.key and m.rate_date <= private.ist_today()
    order by m.rate_date desc, m.set_at desc, m.id desc
    limit 1
  ) as r on true
  order by k.sort;
end;
$$;

-- Quote settings: one row. The GST rate in basis points, 0 to 2,800 (28%); 300 by default (3% on
-- the whole value of jewellery sold, making charges included).
create table private.quote_settings (
  only_row boolean primary key default true constraint quote_settings_only_row_check check (only_row),
  gst_bps integer not null default 300 constraint quote_settings_gst_bps_check check (gst_bps between 0 and 2800)
);

insert into private.quote_settings default values;

create trigger quote_settings_audit after update on private.quote_settings
  for each row execute function private.audit_settings_row_change('quote', 'only_row');

-- Members read the settings: {"gst_bps"}.
create function public.quote_settings()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_member();
  return (select jsonb_build_object('gst_bps', s.gst_bps) from private.quote_settings as s);
end;
$$;

-- Admins set the GST rate (403 not_admin; 400 gst_out_of_range outside 0 to 2,800). Answers the settings.
create function public.set_gst_rate(gst_bps integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refuse_unless_admin('change the GST rate');
  if set_gst_rate.gst_bps is null or set_gst_rate.gst_bps not between 0 and 2800 then
    perform private.refuse_request(400, 'gst_out_of_range', 'The GST rate is 0% to 28%.');
  end if;
  update private.quote_settings as s set gst_bps = set_gst_rate.gst_bps;
  return public.quote_settings();
end;
$$;

revoke all on function public.set_metal_rate(text, bigint, date), public.todays_rates(), public.quote_settings(),
  public.set_gst_rate(integer) from public, anon;
grant execute on function public.set_metal_rate(text, bigint, date), public.todays_rates(), public.quote_settings(),
  public.set_gst_rate(integer) to authenticated;
