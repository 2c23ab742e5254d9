-- Visitors learn which slots are taken, never who took them: the start times of the active
-- appointments in the half-open range ["from", "to"), answered as a JSON array of timestamps.
-- The parameter names are what the scheduling api sends (rpc('taken_slots', { from, to })),
-- hence the quoted identifiers.
create function public.taken_slots("from" timestamptz, "to" timestamptz)
returns setof timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if "from" is null or "to" is null then
    raise exception 'taken_slots needs both "from" and "to"'
      using errcode = '22023';
  end if;
  if "to" < "from" then
    raise exception 'taken_slots: "to" (%) is before "from" (%)', "to", "from"
      using errcode = '22023';
  end if;
  if "to" - "from" > interval '62 days' then
    raise exception 'taken_slots covers at most 62 days, got %', "to" - "from"
      using errcode = '22023';
  end if;
  return query
    select a.slot_datetime
    from public.appointments as a
    where a.status in ('scheduled', 'confirmed')
      and a.slot_datetime >= "from"
      and a.slot_datetime < "to"
    order by a.slot_datetime;
end;
$$;

revoke all on function public.taken_slots(timestamptz, timestamptz) from public;
grant execute on function public.taken_slots(timestamptz, timestamptz) to anon, authenticated, service_role;
