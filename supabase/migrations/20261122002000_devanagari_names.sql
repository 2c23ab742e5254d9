-- The chat speaks Hindi: a name or city written in Devanagari letters, vowel signs and marks
-- (U+0900–U+0963, U+0971–U+097F) is letters too. Same lengths as before; the danda, Devanagari digits
-- (U+0964–U+0970), other digits, punctuation and other scripts stay refused. The form's rule (src/features/intake/forms/contact-form.schema.ts) is the same.
alter table public.leads drop constraint leads_name_check;
alter table public.leads add constraint leads_name_check check (
  char_length(name) <= 50
  and char_length(btrim(name)) >= 3
  and btrim(name) ~ '^[A-Za-z\u0900-\u0963\u0971-\u097F ]+$'
);

alter table public.leads drop constraint leads_city_check;
alter table public.leads add constraint leads_city_check check (
  city = ''
  or (char_length(city) <= 50 and char_length(btrim(city)) >= 2 and btrim(city) ~ '^[A-Za-z\u0900-\u0963\u0971-\u097F ]+$')
);

alter table public.chat_sessions drop constraint chat_sessions_name_check;
alter table public.chat_sessions add constraint chat_sessions_name_check check (
  char_length(name) <= 50
  and char_length(btrim(name)) >= 3
  and btrim(name) ~ '^[A-Za-z\u0900-\u0963\u0971-\u097F ]+$'
);
