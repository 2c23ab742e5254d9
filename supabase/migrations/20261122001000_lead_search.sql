-- The leads tab asks Postgres for one page at a time: search, filters, sorting and counts run here,
-- never over every lead in the browser.

create extension if not exists pg_trgm with schema extensions;

grant usage on schema private to service_role;

-- The searched fields of a lead as one text, newline-separated. No field can hold a newline (the
-- CHECKs of 20261122000300) and search terms lose their control characters, so a match never
-- spans two fields. One trigram index over it answers a substring search with one index scan.
-- Changing this function means rebuilding leads_search_text_trgm_idx.
create function private.lead_search_text(name text, phone text, email text, city text)
returns text
language sql
immutable
as $$
  select name || E'\n' || phone || E'\n' || email || E'\n' || city
$$;

create index leads_search_text_trgm_idx on public.leads
  using gin (private.lead_search_text(name, phone, email, city) extensions.gin_trgm_ops);

-- One index per sort order the table offers, so a page is read in order instead of sorting every
-- match. Sorted by a column, ties go newest first (then created_at desc, id desc) in both
-- directions, as the table showed them before, so the few-valued columns need an index per
-- direction; name descending is a backward scan plus an incremental sort of its tiny ties. Sorted
-- by created_at, id breaks ties in the same direction, so one index serves both.
drop index public.leads_created_at_idx;
create index leads_created_at_id_idx on public.leads (created_at desc, id desc);
create index leads_name_order_idx on public.leads (name, created_at desc, id desc);
create index leads_status_order_idx on public.leads (status, created_at desc, id desc);
create index leads_status_desc_order_idx on public.leads (status desc, created_at desc, id desc);
create index leads_budget_order_idx on public.leads (budget_range, created_at desc, id desc);
create index leads_budget_desc_order_idx on public.leads (budget_range desc, created_at desc, id desc);
create index leads_requirements_order_idx on public.leads (product_type, occasion, created_at desc, id desc);
create index leads_requirements_desc_order_idx on public.leads (product_type desc, occasion desc, created_at desc, id desc);
create index leads_occasion_order_idx on public.leads (occasion, created_at desc, id desc);

-- A search term as typed: control characters dropped, surrounding spaces trimmed, NULL as ''.
-- This and the other helpers are single SQL expressions without SET clauses, so the planner
-- inlines them into the query (and folds them when the term is a constant); names are
-- schema-qualified instead of a search_path setting.
create function private.search_term(term text)
returns text
language sql
immutable
as $$
  select pg_catalog.btrim(pg_catalog.regexp_replace(coalesce(term, ''), '[[:cntrl:]]', '', 'g'))
$$;

-- An ILIKE pattern (escape character '\') matching the cleaned term literally anywhere: '\', '%'
-- and '_' lose their pattern meaning. No searched field holds more than 255 characters, so a
-- longer term matches nothing: NULL, which ILIKE never matches.
create function private.search_pattern(term text)
returns text
language sql
immutable
as $$
  select case
    when pg_catalog.char_length(private.search_term(term)) <= 255 then
      '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
        private.search_term(term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;

-- Whom row-level security lets read leads and appointments: admins, and roles that bypass it.
create function private.reads_business_data()
returns boolean
language sql
stable
as $$
  select private.is_admin()
    or coalesce((select r.rolbypassrls from pg_catalog.pg_roles as r where r.rolname = current_user), false)
$$;

grant execute on function private.is_admin() to service_role;
revoke all on function private.lead_search_text(text, text, text, text), private.search_term(text),
  private.search_pattern(text), private.reads_business_data() from public;
grant execute on function private.lead_search_text(text, text, text, text), private.search_term(text),
  private.search_pattern(text), private.reads_business_data() to authenticated, service_role;
-- Every insert evaluates the index expression as the inserting role, visitors included.
grant execute on function private.lead_search_text(text, text, text, text) to anon;

-- The leads the caller may read, as the leads_admin_select policy decides, but read with the view
-- owner's rights: under row-level security Postgres will not use an index for ILIKE (it is not
-- leakproof), so a search would read every lead. The gate has no column in it, so it runs once,
-- before any row is read. A migration that adds a column to leads re-creates this view.
create view private.readable_leads as
select l.*
from public.leads as l
where (select private.reads_business_data());

revoke all on table private.readable_leads from public, anon, authenticated, service_role;
grant select on table private.readable_leads to authenticated, service_role;

-- Leads whose name, phone, email or city contains the term (case-insensitive, literally); a blank
-- term matches every lead. Admins only, like the table. The planner inlines it, so the filters,
-- order, limit and count PostgREST adds (rpc('search_leads', { term }).eq('status', 'pending')
-- .order(...).range(...)) run against the indexes above. There is deliberately no shortcut for a
-- blank term: PostgREST passes a POST's arguments through json_to_record, so the term is not a
-- constant when the query is planned, and an `OR term = ''` would keep the planner off the trigram
-- index for every search. Without a term, read the leads table itself.
create function public.search_leads(term text default '')
returns setof public.leads
language sql
stable
as $$
  select l.*
  from private.readable_leads as l
  where private.lead_search_text(l.name, l.phone, l.email, l.city) ilike private.search_pattern(term) escape '\'
$$;

revoke all on function public.search_leads(text) from public, anon;
grant execute on function public.search_leads(text) to authenticated, service_role;
