-- taken_slots of 20261125000300 read its longest range from the visitor's horizon, which admins now
-- set (1 to 365 days): a horizon of 1 would refuse the scheduler's 62-day call. While anything calls
-- it, it covers at most 92 days, as bookable_slots does.
create or replace function public.taken_slots("from" timestamptz, "to" timestamptz)
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
  if "to" - "from" > interval '92 days' then
    raise exception 'taken_slots covers at most 92 days, got %', "to" - "from"
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
