-- Password guessing per account, decided by Supabase Auth's password verification hook (below).
-- An address that has signed in to an account before is known to it: failures from there are
-- limited per address, so a guesser elsewhere cannot lock the owner out. Failures from every other
-- address share one small budget per account, however many addresses a guesser spreads them over.
-- This row holds the numbers; change them with an UPDATE in the SQL editor, no migration needed:
--   update private.sign_in_limits set new_address_failures = 3;
create table private.sign_in_limits (
  id boolean primary key default true,
  new_address_failures integer not null default 5,
  new_address_window interval not null default interval '1 hour',
  known_address_failures integer not null default 10,
  known_address_window interval not null default interval '15 minutes',
  known_addresses_kept integer not null default 10,
  constraint sign_in_limits_one_row_check check (id),
  constraint sign_in_limits_counts_check check (new_address_failures > 0 and known_address_failures > 0 and known_addresses_kept > 0),
  constraint sign_in_limits_windows_check check (new_address_window > interval '0' and known_address_window > interval '0')
);

insert into private.sign_in_limits default values;

-- The addresses each account last signed in from (at most known_addresses_kept each).
create table private.sign_in_known_addresses (
  user_id uuid not null references auth.users (id) on delete cascade,
  address text not null,
  last_sign_in_at timestamptz not null default now(),
  primary key (user_id, address)
);

-- One row per wrong password the hook let through; refused attempts leave none.
create table private.sign_in_failures (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  address text not null,
  at timestamptz not null default now()
);

create index sign_in_failures_user_id_at_idx on private.sign_in_failures (user_id, at);
create index sign_in_failures_at_idx on private.sign_in_failures (at);

revoke all on table private.sign_in_limits, private.sign_in_known_addresses, private.sign_in_failures
  from public, anon, authenticated, service_role;

-- Supabase Auth calls this, as supabase_auth_admin, after checking a password of an existing user:
-- event {user_id, valid, metadata: {ip_address, ...}} (ip_address since Auth v2.187.0). "reject"
-- answers HTTP 400 invalid_credentials with the message, whether or not the password was right, so a
-- guess past the limit learns nothing. Until the hook is enabled (hosted: Authentication > Hooks),
-- nothing calls it; the local backend always does.
create function public.hook_password_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  attempted constant uuid := (event ->> 'user_id')::uuid;
  valid constant boolean := coalesce((event ->> 'valid')::boolean, false);
  client_address constant text := left(coalesce(nullif(btrim(event -> 'metadata' ->> 'ip_address'), ''), 'unknown'), 100);
  limits private.sign_in_limits;
  known boolean;
  allowed integer;
  per interval;
  recent timestamptz[];
  minutes integer;
begin
  select * into limits from private.sign_in_limits;
  -- Attempts at one account wait for each other, so two cannot both take the last try.
  perform pg_advisory_xact_lock(hashtextextended('public.hook_password_verification_attempt:' || attempted::text, 0));

  -- Expired failures of any account go a few at a time.
  delete from private.sign_in_failures
  where id in (
    select f.id from private.sign_in_failures as f
    where f.at <= now() - greatest(limits.new_address_window, limits.known_address_window)
    order by f.at
    limit 20
    for update skip locked
  );

  known := exists (
    select 1 from private.sign_in_known_addresses as k
    where k.user_id = attempted and k.address = client_address
  );
  if known then
    allowed := limits.known_address_failures;
    per := limits.known_address_window;
    select coalesce(array_agg(f.at order by f.at), '{}') into recent
    from private.sign_in_failures as f
    where f.user_id = attempted and f.address = client_address and f.at > now() - per;
  else
    allowed := limits.new_address_failures;
    per := limits.new_address_window;
    select coalesce(array_agg(f.at order by f.at), '{}') into recent
    from private.sign_in_failures as f
    where f.user_id = attempted and f.at > now() - per
      and not exists (
        select 1 from private.sign_in_known_addresses as k
        where k.user_id = f.user_id and k.address = f.address
      );
  end if;

  if cardinality(recent) >= allowed then
    -- Until the oldest failure that keeps the count at the limit leaves the window.
    minutes := greatest(1, ceil(extract(epoch from recent[cardinality(recent) - allowed + 1] + per - now()) / 60))::integer;
    return jsonb_build_object(
      'decision', 'reject',
      'message', format(
        case when known
          then 'Too many failed sign-ins from this address. Try again in %s.'
          else 'Too many failed sign-ins to this account from new addresses. Try again in %s, or from where you signed in before.'
        end,
        case when minutes = 1 then '1 minute' else minutes || ' minutes' end
      )
    );
  end if;

  if not valid then
    insert into private.sign_in_failures (user_id, address) values (attempted, client_address);
  elsif client_address <> 'unknown' then
    insert into private.sign_in_known_addresses (user_id, address) values (attempted, client_address)
    on conflict (user_id, address) do update set last_sign_in_at = now();
    delete from private.sign_in_failures as f where f.user_id = attempted and f.address = client_address;
    delete from private.sign_in_known_addresses as k
    where k.user_id = attempted
      and k.address not in (
        select kept.address from private.sign_in_known_addresses as kept
        where kept.user_id = attempted
        order by kept.last_sign_in_at desc
        limit limits.known_addresses_kept
      );
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;

-- Only Supabase Auth calls it; as an RPC it is refused.
revoke all on function public.hook_password_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant usage on schema public to supabase_auth_admin;
grant execute on function public.hook_password_verification_attempt(jsonb) to supabase_auth_admin;
