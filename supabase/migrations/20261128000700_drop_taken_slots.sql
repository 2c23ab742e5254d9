-- No screen calls taken_slots any more: the schedulers read bookable_slots. private.visitor_booking_days
-- served only it (the booking rule and bookable_slots read the horizon from private.booking_numbers).
drop function public.taken_slots(timestamptz, timestamptz);
drop function private.visitor_booking_days();
