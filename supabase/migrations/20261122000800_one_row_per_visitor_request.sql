-- A visitor's request adds one row per table: an array of two leads (or ten thousand) is
-- refused and nothing is written. PostgREST runs each request in its own transaction, so a
-- transaction-local counter per table counts the request's rows; a row trigger stops at the
-- second row, where a statement trigger would pay for inserting them all first.
create function private.one_row_per_visitor_request()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  counter constant text := 'private.visitor_rows_' || tg_table_name;
  rows_so_far constant integer := coalesce(nullif(current_setting(counter, true), ''), '0')::integer;
begin
  if current_user <> 'anon' then
    return new;
  end if;
  if rows_so_far >= 1 then
    raise exception 'Visitors may add one % per request', tg_argv[0]
      using errcode = '22023',
            detail = format('The request adds more than one row to %I.%I.', tg_table_schema, tg_table_name),
            hint = format('Send each %s in its own request.', tg_argv[0]);
  end if;
  perform set_config(counter, (rows_so_far + 1)::text, true);
  return new;
end;
$$;

revoke all on function private.one_row_per_visitor_request() from public;

create trigger leads_one_row_per_visitor_request
  before insert on public.leads
  for each row execute function private.one_row_per_visitor_request('lead');

create trigger appointments_one_row_per_visitor_request
  before insert on public.appointments
  for each row execute function private.one_row_per_visitor_request('appointment');
