-- extract(hour | isodow) of infinity is NULL, so the slot CHECKs of 20261122000400 let
-- 'infinity' and '-infinity' through. A slot is a real instant, whoever writes it.
-- Adding the constraint validates the existing rows.
alter table public.appointments
  add constraint appointments_slot_finite_check check (isfinite(slot_datetime));
