-- A visitor's booking carries the hash of its manage token (the chat sends one with every booking),
-- so every booking a visitor makes can be changed or cancelled through its link. Missing, empty or
-- not 64 lower-case hex digits: 400 manage_token_required, before the booking rule runs. The service
-- role books without one (no visitor holds such a booking's link); members do not insert bookings.
create function private.require_manage_token()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_visitor() and (new.manage_token_hash is null or new.manage_token_hash !~ '^[0-9a-f]{64}$') then
    perform private.refuse_request(400, 'manage_token_required',
      'A booking needs the SHA-256 of its manage link''s token, as 64 lower-case hex digits.');
  end if;
  return new;
end;
$$;

revoke all on function private.require_manage_token() from public;

-- Named to fire before appointments_validate_booking (triggers of one event fire in name order).
create trigger appointments_require_manage_token
  before insert on public.appointments
  for each row execute function private.require_manage_token();
