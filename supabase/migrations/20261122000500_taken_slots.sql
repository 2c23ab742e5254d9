-- Visitors learn which slots are taken, never who took them.
-- from_date and to_date are calendar days in Asia/Kolkata, both included.
create function public.taken_slots(from_date date, to_date date)
returns table (slot_datetime timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if from_date is null or to_date is null then
    raise exception 'taken_slots needs both from_date and to_date'
      using errcode = '22023';
  end if;
  if to_date < from_date then
    raise exception 'taken_slots: to_date % is before from_date %', to_date, from_date
      using errcode = '22023';
  end if;
  if to_date - from_date + 1 > 62 then
    raise exception 'taken_slots covers at most 62 days, got % days', to_date - from_date + 1
      using errcode = '22023';
  end if;
  return query
    select a.slot_datetime
    from public.appointments as a
    where a.status in ('scheduled', 'confirmed')
      and a.slot_datetime >= (from_date::timestamp at time zone 'Asia/Kolkata')
      and a.slot_datetime < ((to_date + 1)::timestamp at time zone 'Asia/Kolkata')
    order by a.slot_datetime;
end;
$$;

revoke all on function public.taken_slots(date, date) from public;
grant execute on function public.taken_slots(date, date) to anon, authenticated, service_role;
