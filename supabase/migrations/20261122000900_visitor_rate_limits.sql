-- Anonymous writes per client address, checked by PostgREST's pre-request function before each
-- request. These rows are the only place the numbers live: change them with an UPDATE in the
-- SQL editor, no migration needed. A path without a row is not limited.
create table private.rate_limits (
  path text primary key,
  max_requests integer not null,
  per interval not null,
  constraint rate_limits_path_check check (path ~ '^/[A-Za-z0-9_/]+$'),
  constraint rate_limits_max_requests_check check (max_requests > 0),
  constraint rate_limits_per_check check (per > interval '0')
);

insert into private.rate_limits (path, max_requests, per) values
  ('/leads', 10, interval '10 minutes'),
  ('/appointments', 10, interval '10 minutes');

-- One row per counted request. Only requests that commit leave a row: a refused one rolls back
-- with its transaction.
create table private.rate_limit_hits (
  id bigint generated always as identity primary key,
  address text not null,
  path text not null references private.rate_limits (path) on update cascade on delete cascade,
  at timestamptz not null default now()
);

create index rate_limit_hits_address_path_at_idx on private.rate_limit_hits (address, path, at);
create index rate_limit_hits_at_idx on private.rate_limit_hits (at);

revoke all on table private.rate_limits, private.rate_limit_hits from public, anon, authenticated, service_role;

-- PostgREST calls this before every request, as the request's role, with request.method,
-- request.path ('/leads') and request.headers set. Security definer so it can keep the private
-- log; the role PostgREST switched to is then the "role" setting, not current_user.
-- A refusal is PostgREST's custom error: HTTP 429 with Retry-After.
create function public.limit_anonymous_writes()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_path constant text := current_setting('request.path', true);
  client_address text;
  rule private.rate_limits;
  recent integer;
  frees_up_at timestamptz;
  retry_after integer;
begin
  if current_setting('request.method', true) is distinct from 'POST'
    or current_setting('role', true) is distinct from 'anon' then
    return;
  end if;
  select * into rule from private.rate_limits where path = request_path;
  if not found then
    return;
  end if;

  client_address := left(coalesce(nullif(btrim(split_part(
    nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ',', 1)), ''), 'unknown'), 100);
  -- Requests from one address wait for each other, so two cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('public.limit_anonymous_writes:' || client_address, 0));

  -- Expired rows of any address go a few at a time, so visitors who never return leave nothing behind.
  delete from private.rate_limit_hits
  where id in (
    select h.id from private.rate_limit_hits as h
    where h.at <= now() - (select max(r.per) from private.rate_limits as r)
    order by h.at
    limit 20
    for update skip locked
  );

  select count(*) into recent
  from private.rate_limit_hits as h
  where h.address = client_address and h.path = request_path and h.at > now() - rule.per;

  if recent >= rule.max_requests then
    select h.at + rule.per into frees_up_at
    from private.rate_limit_hits as h
    where h.address = client_address and h.path = request_path and h.at > now() - rule.per
    order by h.at
    offset recent - rule.max_requests
    limit 1;
    retry_after := greatest(1, ceil(extract(epoch from frees_up_at - now()))::integer);
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'over_request_rate_limit',
        'message', format('Too many requests from this address. Try again in %s seconds.', retry_after),
        'details', null,
        'hint', null
      )::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', retry_after::text))::text;
  end if;

  insert into private.rate_limit_hits (address, path) values (client_address, request_path);
end;
$$;

-- PostgREST calls it as anon, authenticated or service_role; as an RPC it does nothing.
revoke all on function public.limit_anonymous_writes() from public, anon, authenticated, service_role;
grant execute on function public.limit_anonymous_writes() to anon, authenticated, service_role;

-- Switch it on for PostgREST. Where the migration role may not change PostgREST's settings, the
-- migration still succeeds and says how to do it by hand.
do $$
begin
  alter role authenticator set pgrst.db_pre_request to 'public.limit_anonymous_writes';
  notify pgrst, 'reload config';
exception
  when insufficient_privilege or undefined_object then
    raise notice 'Per-address limits are NOT switched on (%: %). As a superuser or in the SQL editor, run: alter role authenticator set pgrst.db_pre_request to ''public.limit_anonymous_writes''; notify pgrst, ''reload config'';',
      sqlstate, sqlerrm;
end
$$;
