-- The language the visitor's chat spoke (issue 15): the code of the flow's language, 'en', or of a
-- translation beside it (flows/consultation.<code>.yaml, e.g. 'hi'). Answers stay in English
-- whatever the language, so the dashboard's filters and the CSV export are unchanged; the CSV
-- has no column for it. Leads saved before this column existed were English chats.
--
-- The check is the format flow:check accepts for a translation's code (a 2- or 3-letter language,
-- optionally a region: 'hi', 'ta', 'pt-BR'), not a list of today's languages, so an editor who
-- adds a translation file needs no migration. The anchored pattern also bounds the length (6).
alter table public.leads
  add column language text not null default 'en'
    constraint leads_language_check check (language ~ '^[a-z]{2,3}(-[A-Z]{2})?$');

-- Visitors may send it with the lead (the grant of 20261122000300 lists the columns they may set).
grant insert (language) on table public.leads to anon;

-- The view's `l.*` was expanded when it was created; re-created, it carries the new column, which
-- search_leads (returning setof public.leads) needs.
create or replace view private.readable_leads as
select l.*
from public.leads as l
where (select private.reads_business_data());
