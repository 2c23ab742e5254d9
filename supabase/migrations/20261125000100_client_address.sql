-- Where a request's client address comes from, for the per-address limits (20261125000200).
-- X-Forwarded-For is whatever the client wrote, followed by what each proxy on the way appended;
-- only the entries that proxies the project trusts appended can be believed. Hosted Supabase is
-- fronted by Cloudflare, which sets CF-Connecting-IP itself (a client's own is overwritten), so that
-- header is the default. One row, changed with an UPDATE in the SQL editor (no migration needed):
--   update private.client_address_source set header = 'x-forwarded-for', trusted_hops = 2;
--   update private.client_address_source set header = 'cf-connecting-ip', trusted_hops = null;
-- public.request_address_report() shows what a request's headers give under the current row.
create table private.client_address_source (
  singleton boolean primary key default true,
  -- A request header's name, lower-case as request.headers has it.
  header text not null default 'cf-connecting-ip',
  -- With header 'x-forwarded-for': how many entries, counted from the right, trusted proxies
  -- appended; the client's address is the left-most of them. Otherwise null: the whole header is it.
  trusted_hops integer,
  constraint client_address_source_singleton_check check (singleton),
  constraint client_address_source_header_check check (header ~ '^[a-z0-9-]{1,64}$'),
  constraint client_address_source_trusted_hops_check check (
    case when header = 'x-forwarded-for' then coalesce(trusted_hops between 1 and 10, false) else trusted_hops is null end
  )
);

insert into private.client_address_source default values;

revoke all on table private.client_address_source from public, anon, authenticated, service_role;

-- The address a text names, as the limits count it: an IPv4 address (also written IPv4-mapped), or
-- the /64 network of an IPv6 one (one subscriber's or one host's share, inside which a client picks
-- addresses at will). Null for anything else (empty, a range, a port, garbage).
create function private.normalised_address(candidate text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  parsed inet;
begin
  if candidate is null or btrim(candidate) !~ '^[0-9A-Fa-f:.]{2,45}$' then
    return null;
  end if;
  parsed := btrim(candidate)::inet;
  if parsed << inet '::ffff:0.0.0.0/96' then
    return private.normalised_address(substring(host(parsed) from '[0-9.]+$'));
  end if;
  if family(parsed) = 6 then
    return network(set_masklen(parsed, 64))::text;
  end if;
  return host(parsed);
exception
  when invalid_text_representation then
    return null;
end;
$$;

-- How this request's address is read under private.client_address_source: the header used and its
-- raw value, the X-Forwarded-For as received, and the address chosen ('unknown' when none can be
-- read: such requests share one count). request.headers is what PostgREST and Storage set.
create function private.client_address_reading(
  out header text,
  out trusted_hops integer,
  out header_value text,
  out forwarded_for text,
  out address text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  headers constant jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
  entries text[];
begin
  select s.header, s.trusted_hops into header, trusted_hops from private.client_address_source as s;
  if not found then
    header := 'cf-connecting-ip';
  end if;
  header_value := headers ->> header;
  forwarded_for := headers ->> 'x-forwarded-for';
  if trusted_hops is null then
    address := private.normalised_address(header_value);
  else
    entries := string_to_array(header_value, ',');
    if cardinality(entries) >= trusted_hops then
      address := private.normalised_address(entries[cardinality(entries) - trusted_hops + 1]);
    end if;
  end if;
  address := coalesce(address, 'unknown');
end;
$$;

create function private.client_address()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select r.address from private.client_address_reading() as r
$$;

revoke all on function
  private.normalised_address(text),
  private.client_address_reading(),
  private.client_address()
from public;

-- For the project's operator, to confirm over HTTP that the address read is theirs:
--   curl "$SUPABASE_URL/rest/v1/rpc/request_address_report" -H "apikey: $SERVICE_ROLE_KEY" -H "Authorization: Bearer $SERVICE_ROLE_KEY"
-- Service role only: it repeats request headers.
create function public.request_address_report()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'header', r.header,
    'trusted_hops', r.trusted_hops,
    'header_value', r.header_value,
    'x_forwarded_for', r.forwarded_for,
    'address', r.address
  )
  from private.client_address_reading() as r
$$;

revoke all on function public.request_address_report() from public, anon, authenticated;
grant execute on function public.request_address_report() to service_role;
