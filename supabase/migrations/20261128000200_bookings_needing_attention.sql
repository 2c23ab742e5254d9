-- Changing the settings never cancels or moves a booking by itself. Instead the admin sees the active
-- future appointments the current settings no longer offer (a closure, a closed day or date, a time
-- removed): reason 'not_offered'; or that exceed a lowered capacity (the latest booked of a slot past its
-- capacity): reason 'over_capacity'. Members, for the leads they read; at most 500, earliest first.
create function public.bookings_needing_attention()
returns table (appointment_id uuid, lead_id text, lead_name text, slot timestamptz, status text, reason text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  last_day date;
begin
  if not private.is_member() then
    raise exception 'Only team members read the bookings needing attention'
      using errcode = '42501';
  end if;
  select max(a.slot_datetime at time zone 'Asia/Kolkata')::date into last_day
  from public.appointments as a
  where a.status in ('scheduled', 'confirmed') and a.slot_datetime > now();
  return query
    select ranked.id, ranked.lead_id, l.name, ranked.slot_datetime, ranked.status,
      case when ranked.capacity is null then 'not_offered' else 'over_capacity' end
    from (
      select a.id, a.lead_id, a.slot_datetime, a.status, o.capacity,
        row_number() over (partition by a.slot_datetime order by a.created_at, a.id) as place
      from public.appointments as a
      left join private.offered_slots((now() at time zone 'Asia/Kolkata')::date, last_day) as o on o.slot = a.slot_datetime
      where a.status in ('scheduled', 'confirmed') and a.slot_datetime > now()
    ) as ranked
    join public.leads as l on l.id = ranked.lead_id
    where (ranked.capacity is null or ranked.place > ranked.capacity)
      and private.can_read_lead(ranked.lead_id)
    order by ranked.slot_datetime, ranked.place
    limit 500;
end;
$$;

revoke all on function public.bookings_needing_attention() from public, anon;
grant execute on function public.bookings_needing_attention() to authenticated;
