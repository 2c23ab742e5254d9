-- Design images (CAD renders, photos) staff attach to a quote version for the customer: a private
-- bucket, images only (JPEG, PNG, WebP), at most 5 MB each, at most 5 per version. An object's name
-- is "<quote id>/<32 hex digits>.<jpg|png|webp>". Members who read the quote's lead read its images
-- (signed URLs) and, while the version is a draft, add and remove them; admins read and remove any,
-- also those of an erased quote (an erasure's files). The customer signs URLs of their quote's images with the link's token in the
-- x-quote-token header: Storage runs these policies with the request's headers in request.headers.
-- The same header lets the customer sign the URL of the lead's reference image.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('design-images', 'design-images', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- The quote a design image's name belongs to, or null for a name not of the design images' form.
create function private.design_image_quote(name text)
returns public.quotes
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_row public.quotes;
begin
  if name is null or name !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{32}\.(jpg|png|webp)$' then
    return null;
  end if;
  select q.* into found_row from public.quotes as q where q.id = split_part(name, '/', 1)::uuid;
  return found_row;
end;
$$;

-- Whether the caller, a member, reads the lead of the image's quote.
create function private.may_read_design_image(name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  quote constant public.quotes := private.design_image_quote(name);
begin
  return quote.id is not null and private.is_member() and private.can_read_lead(quote.lead_id);
end;
$$;

-- Whether the caller may add or remove the image now: the quote is a draft of a lead they read.
create function private.may_change_design_image(name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  quote constant public.quotes := private.design_image_quote(name);
begin
  return quote.status = 'draft' and private.is_member() and private.can_read_lead(quote.lead_id);
end;
$$;

-- Whether the version has room for another image (at most 5). Uploads to one version wait for each
-- other here, so two cannot both take the last place.
create function private.design_image_room(name text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  folder constant text := split_part(name, '/', 1) || '/';
begin
  perform pg_advisory_xact_lock(hashtextextended('design-images:' || folder, 0));
  if (select count(*) from storage.objects as o where o.bucket_id = 'design-images' and o.name like folder || '%') >= 5 then
    raise exception 'A quote version has at most 5 design images.'
      using errcode = '42501';
  end if;
  return true;
end;
$$;

-- Whether the request carries, in x-quote-token, the link of the image's quote, and the customer may
-- still see that quote (as quote_for_customer: not superseded, not expired unless approved).
create function private.quote_link_opens_design_image(name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  quote constant public.quotes := private.design_image_quote(name);
begin
  return quote.id is not null and quote.id = (private.header_quote()).id;
end;
$$;

-- The quote the request's x-quote-token opens for the customer (as quote_for_customer: not
-- superseded, not expired unless approved), or null.
create function private.header_quote()
returns public.quotes
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  token constant text := coalesce(current_setting('request.headers', true), '{}')::jsonb ->> 'x-quote-token';
  found_row public.quotes;
begin
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    return null;
  end if;
  select q.* into found_row
  from public.quotes as q
  where q.share_token_hash = private.link_token_hash(token)
    and (q.status = 'approved' or (q.status in ('shared', 'changes_requested') and q.valid_until >= private.ist_today()));
  return found_row;
end;
$$;

-- Whether the reference image `name` is that of the lead whose quote the request's token opens.
create function private.quote_link_opens_reference_image(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.leads as l
    where l.id = (private.header_quote()).lead_id and l.reference_image = quote_link_opens_reference_image.name
  )
$$;

revoke all on function private.design_image_quote(text), private.may_read_design_image(text),
  private.may_change_design_image(text), private.design_image_room(text), private.quote_link_opens_design_image(text),
  private.header_quote(), private.quote_link_opens_reference_image(text) from public;
grant execute on function private.may_read_design_image(text), private.may_change_design_image(text),
  private.design_image_room(text) to authenticated;
grant execute on function private.quote_link_opens_design_image(text), private.quote_link_opens_reference_image(text) to anon;

create policy design_images_member_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'design-images' and private.may_change_design_image(name) and private.design_image_room(name));

create policy design_images_member_select on storage.objects
  for select to authenticated
  using (bucket_id = 'design-images' and ((select private.is_admin()) or private.may_read_design_image(name)));

create policy design_images_member_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'design-images' and ((select private.is_admin()) or private.may_change_design_image(name)));

create policy design_images_customer_select on storage.objects
  for select to anon
  using (bucket_id = 'design-images' and private.quote_link_opens_design_image(name));

create policy reference_images_customer_select on storage.objects
  for select to anon
  using (bucket_id = 'reference-images' and private.quote_link_opens_reference_image(name));

-- The names of a quote version's design images, in the order they were added.
create function private.design_images_of(quote_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(o.name order by o.created_at, o.name), '[]')
  from storage.objects as o
  where o.bucket_id = 'design-images' and o.name like quote_id::text || '/%'
$$;

revoke all on function private.design_images_of(uuid) from public;

-- As 20261130000500, with the names of the version's design images (design_images), which the
-- customer's page signs with the token in x-quote-token.
create or replace function private.customer_quote(quote public.quotes)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'version', quote.version,
    'status', quote.status,
    'valid_until', quote.valid_until,
    'language', l.language,
    'first_name', pg_catalog.split_part(private.trimmed(l.name), ' ', 1),
    'lines', (select coalesce(jsonb_agg(line - 'rate_overridden' - 'rate_date' order by place), '[]')
              from jsonb_array_elements(quote.lines) with ordinality as lines(line, place)),
    'subtotal_paise', quote.subtotal_paise,
    'discount_paise', quote.discount_paise,
    'taxable_paise', quote.subtotal_paise - quote.discount_paise,
    'gst_bps', quote.gst_bps,
    'gst_paise', quote.gst_paise,
    'total_paise', quote.total_paise,
    'customer_comment', quote.customer_comment,
    'approved_at', quote.approved_at,
    'approved_name', quote.approved_name,
    'reference_image', l.reference_image,
    'design_images', private.design_images_of(quote.id)
  )
  from public.leads as l
  where l.id = quote.lead_id
$$;
