-- Quotes: a lead's numbered versions, each priced by public.price_quote and stored with its answer
-- (the priced lines as jsonb, the totals and the GST rate used). A version is a 'draft' (members who
-- read the lead edit it), then 'shared' (frozen: a secret link shows it to the customer), then the
-- customer's 'changes_requested' or 'approved' (final); sharing a newer version makes the older shared
-- ones 'superseded'. A lead has at most one draft, always its newest version. Members read the
-- quotes of the leads they read; nobody writes the table but the functions below, and each step goes
-- into the lead's history.

create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  lead_id text not null references public.leads (id) on delete cascade,
  version integer not null constraint quotes_version_check check (version between 1 and 1000),
  status text not null default 'draft'
    constraint quotes_status_check check (status in ('draft', 'shared', 'changes_requested', 'approved', 'superseded')),
  valid_until date not null,
  gst_bps integer not null constraint quotes_gst_bps_check check (gst_bps between 0 and 2800),
  -- The lines as price_quote answers them.
  lines jsonb not null constraint quotes_lines_check check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) <= 50),
  subtotal_paise bigint not null constraint quotes_subtotal_check check (subtotal_paise between 0 and 10000000000),
  discount_paise bigint not null constraint quotes_discount_check check (discount_paise between 0 and subtotal_paise),
  gst_paise bigint not null constraint quotes_gst_check check (gst_paise >= 0),
  total_paise bigint not null
    constraint quotes_total_check check (total_paise = subtotal_paise - discount_paise + gst_paise and total_paise <= 10000000000),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  shared_at timestamptz,
  share_token_hash text constraint quotes_share_token_hash_check check (share_token_hash ~ '^[0-9a-f]{64}$'),
  customer_comment text constraint quotes_customer_comment_check check (char_length(customer_comment) between 1 and 1000),
  changes_requested_at timestamptz,
  approved_at timestamptz,
  approved_name text constraint quotes_approved_name_check check (char_length(approved_name) between 1 and 80),
  constraint quotes_lead_version_key unique (lead_id, version),
  constraint quotes_shared_check check ((status = 'draft') = (shared_at is null) and (shared_at is null) = (share_token_hash is null)),
  constraint quotes_approved_check check ((status = 'approved') = (approved_at is not null) and (approved_at is null) = (approved_name is null))
);

create unique index quotes_share_token_hash_key on public.quotes (share_token_hash);
create unique index quotes_one_draft_per_lead_key on public.quotes (lead_id) where status = 'draft';

alter table public.quotes enable row level security;

revoke all on table public.quotes from anon, authenticated, service_role;
grant select on table public.quotes to authenticated, service_role;

create policy quotes_member_select on public.quotes
  for select to authenticated
  using ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)));

insert into public.lead_event_kinds (kind) values
  ('quote_created'),
  ('quote_revised'),
  ('quote_shared'),
  ('quote_changes_requested'),
  ('quote_approved');

-- Adds an event to a lead's history, by whoever makes the request.
create function private.record_lead_event(lead_id text, kind text, data jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
begin
  select * into actor from private.request_actor();
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  values (record_lead_event.lead_id, actor.actor_id, actor.actor_name, record_lead_event.kind, record_lead_event.data);
end;
$$;

revoke all on function private.record_lead_event(text, text, jsonb) from public;

-- A valid-until date: today (India time) or later, within a year; none means a week from today.
-- 400 valid_until_out_of_range.
create function private.checked_valid_until(valid_until date)
returns date
language plpgsql
stable
set search_path = ''
as $$
begin
  if valid_until is null then
    return private.ist_today() + 7;
  end if;
  if valid_until < private.ist_today() or valid_until > private.ist_today() + 365 then
    perform private.refuse_request(400, 'valid_until_out_of_range', 'A quote is valid until a date from today to a year ahead.');
  end if;
  return valid_until;
end;
$$;

-- The quote `id`, locked until the caller commits, if the caller may read its lead; else 404
-- quote_not_found (42501 for callers outside the team).
create function private.locked_quote(id uuid)
returns public.quotes
language plpgsql
set search_path = ''
as $$
declare
  found_row public.quotes;
begin
  perform private.require_member();
  select * into found_row from public.quotes as q where q.id = locked_quote.id for update;
  if not found or not private.can_read_lead(found_row.lead_id) then
    perform private.refuse_request(404, 'quote_not_found', 'No such quote, or not one you may read.');
  end if;
  return found_row;
end;
$$;

-- A new draft version of a lead's quote priced from `draft`; 409 draft_exists while the lead has one.
-- Versions of one lead are numbered one after another (a lock on the lead).
create function private.add_draft(lead_id text, draft jsonb, valid_until date)
returns public.quotes
language plpgsql
security definer
set search_path = ''
as $$
declare
  priced jsonb;
  added public.quotes;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.quotes.lead_id:' || lead_id, 0));
  if exists (select 1 from public.quotes as q where q.lead_id = add_draft.lead_id and q.status = 'draft') then
    perform private.refuse_request(409, 'draft_exists', 'This lead already has a draft quote: edit it instead.');
  end if;
  priced := public.price_quote(draft);
  insert into public.quotes (lead_id, version, valid_until, gst_bps, lines, subtotal_paise, discount_paise, gst_paise,
    total_paise, created_by)
  values (add_draft.lead_id,
    coalesce((select max(q.version) from public.quotes as q where q.lead_id = add_draft.lead_id), 0) + 1,
    private.checked_valid_until(valid_until), (priced ->> 'gst_bps')::integer, priced -> 'lines',
    (priced ->> 'subtotal_paise')::bigint, (priced ->> 'discount_paise')::bigint, (priced ->> 'gst_paise')::bigint,
    (priced ->> 'total_paise')::bigint, auth.uid())
  returning * into added;
  return added;
end;
$$;

revoke all on function private.checked_valid_until(date), private.locked_quote(uuid),
  private.add_draft(text, jsonb, date) from public;

-- A lead's first quote, or a new one: a draft version priced from `draft` (price_quote's codes),
-- valid until the given date (400 valid_until_out_of_range; a week by default). 404 lead_not_found
-- for a lead the caller does not read, 409 draft_exists. Answers the row.
create function public.quote_create(lead_id text, draft jsonb, valid_until date default null)
returns public.quotes
language plpgsql
security definer
set search_path = ''
as $$
declare
  added public.quotes;
begin
  perform private.require_readable_lead(lead_id);
  added := private.add_draft(lead_id, draft, valid_until);
  perform private.record_lead_event(added.lead_id, 'quote_created',
    jsonb_build_object('quote_id', added.id, 'version', added.version, 'total_paise', added.total_paise));
  return added;
end;
$$;

-- A draft's lines re-priced from `draft`, and its valid-until date when given. 409 quote_not_editable
-- for any version but a draft (revise it instead). Answers the row.
create function public.quote_update(quote_id uuid, draft jsonb, valid_until date default null)
returns public.quotes
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.quotes := private.locked_quote(quote_id);
  priced jsonb;
begin
  if changed.status <> 'draft' then
    perform private.refuse_request(409, 'quote_not_editable', 'This version was shared and cannot change: revise it instead.');
  end if;
  priced := public.price_quote(draft);
  update public.quotes as q
  set lines = priced -> 'lines',
    gst_bps = (priced ->> 'gst_bps')::integer,
    subtotal_paise = (priced ->> 'subtotal_paise')::bigint,
    discount_paise = (priced ->> 'discount_paise')::bigint,
    gst_paise = (priced ->> 'gst_paise')::bigint,
    total_paise = (priced ->> 'total_paise')::bigint,
    valid_until = case when quote_update.valid_until is null then q.valid_until else private.checked_valid_until(quote_update.valid_until) end,
    updated_at = now()
  where q.id = quote_update.quote_id
  returning * into changed;
  return changed;
end;
$$;

-- A new draft version with the lines of the lead's latest version, re-priced: metal lines take
-- today's rate unless their rate was overridden. Valid for a week. 409 draft_exists while the lead
-- has a draft (which is its latest version). Answers the new row.
create function public.quote_revise(quote_id uuid)
returns public.quotes
language plpgsql
security definer
set search_path = ''
as $$
declare
  given constant public.quotes := private.locked_quote(quote_id);
  latest public.quotes;
  added public.quotes;
begin
  select * into latest from public.quotes as q where q.lead_id = given.lead_id order by q.version desc limit 1;
  if latest.status = 'draft' then
    perform private.refuse_request(409, 'draft_exists', 'This lead already has a draft quote: edit it instead.');
  end if;
  added := private.add_draft(given.lead_id, jsonb_build_object('lines', latest.lines), null);
  perform private.record_lead_event(added.lead_id, 'quote_revised',
    jsonb_build_object('quote_id', added.id, 'version', added.version, 'from_version', latest.version, 'total_paise', added.total_paise));
  return added;
end;
$$;

-- A new secret link: 32 random bytes (from gen_random_uuid's strong random source: the SHA-256 of
-- three version-4 UUIDs' 366 random bits), base64url without padding, 43 characters.
create function private.new_link_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
    gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'base64'), '+/', '-_'), '=')
$$;

create function private.link_token_hash(token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8')), 'hex')
$$;

revoke all on function private.new_link_token(), private.link_token_hash(text) from public;

-- Shares a version with the customer: a draft becomes 'shared' (frozen) and the lead's older
-- versions still open to the customer ('shared', 'changes_requested') become 'superseded'. Sharing a
-- shared version again gives a new link; the earlier one stops working. Answers the link's token
-- (only here: the database keeps its SHA-256), the lead's language and the row:
-- {"token", "language", "quote"}. 409 quote_not_shareable (changes requested, approved, superseded),
-- quote_empty (no lines), quote_expired (valid until a past date: change it first).
create function public.share_quote(quote_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  shared public.quotes := private.locked_quote(quote_id);
  token constant text := private.new_link_token();
begin
  if shared.status not in ('draft', 'shared') then
    perform private.refuse_request(409, 'quote_not_shareable', 'Only a draft or a shared version can be shared: revise this one instead.');
  end if;
  if jsonb_array_length(shared.lines) = 0 then
    perform private.refuse_request(409, 'quote_empty', 'Add a line before sharing the quote.');
  end if;
  if shared.valid_until < private.ist_today() then
    perform private.refuse_request(409, 'quote_expired', 'This quote''s valid-until date has passed: change it before sharing.');
  end if;
  update public.quotes as q
  set status = 'superseded', updated_at = now()
  where q.lead_id = shared.lead_id and q.version < shared.version and q.status in ('shared', 'changes_requested');
  update public.quotes as q
  set status = 'shared', shared_at = now(), share_token_hash = private.link_token_hash(token), updated_at = now()
  where q.id = shared.id
  returning * into shared;
  perform private.record_lead_event(shared.lead_id, 'quote_shared',
    jsonb_build_object('quote_id', shared.id, 'version', shared.version, 'total_paise', shared.total_paise));
  return jsonb_build_object(
    'token', token,
    'language', (select l.language from public.leads as l where l.id = shared.lead_id),
    'quote', to_jsonb(shared) - 'share_token_hash'
  );
end;
$$;

revoke all on function public.quote_create(text, jsonb, date), public.quote_update(uuid, jsonb, date),
  public.quote_revise(uuid), public.share_quote(uuid) from public, anon;
grant execute on function public.quote_create(text, jsonb, date), public.quote_update(uuid, jsonb, date),
  public.quote_revise(uuid), public.share_quote(uuid) to authenticated;
