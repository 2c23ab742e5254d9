-- No screen calls taken_slots any more: the schedulers read bookable_slots.
drop function public.taken_slots(timestamptz, timestamptz);
