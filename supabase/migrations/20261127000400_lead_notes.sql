-- Notes on a lead: what was said, by whom. Members add notes on the leads they read, as themselves;
-- the author alone edits or deletes a note, and only in its first 15 minutes. Every addition, edit
-- and deletion goes into the lead's history, so what a note said stays there.

-- Text a person wrote: no control characters but newlines and tabs.
create function private.is_plain_text(value text)
returns boolean
language sql
immutable
as $$
  select pg_catalog.translate(value, E'\n\t', '') !~ '[[:cntrl:]]'
$$;

revoke all on function private.is_plain_text(text) from public;
grant execute on function private.is_plain_text(text) to authenticated, service_role;

create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  lead_id text not null references public.leads (id) on delete cascade,
  -- No foreign key: a removed member's notes stay, under the name they had.
  author_id uuid not null default auth.uid(),
  author_name text not null default '',
  body text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lead_notes_body_check check (
    char_length(body) between 1 and 2000 and body = private.trimmed(body) and private.is_plain_text(body)
  )
);

create index lead_notes_lead_created_idx on public.lead_notes (lead_id, created_at desc, id desc);

alter table public.lead_notes enable row level security;

revoke all on table public.lead_notes from anon, authenticated, service_role;
grant select, delete on table public.lead_notes to authenticated;
grant insert (id, lead_id, body), update (body) on table public.lead_notes to authenticated;
grant select, insert, update, delete on table public.lead_notes to service_role;

create policy lead_notes_member_select on public.lead_notes
  for select to authenticated
  using ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)));

create policy lead_notes_member_insert on public.lead_notes
  for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)))
  );

create policy lead_notes_author_update on public.lead_notes
  for update to authenticated
  using (author_id = (select auth.uid()) and (select private.is_member()) and private.can_read_lead(lead_id))
  with check (author_id = (select auth.uid()));

create policy lead_notes_author_delete on public.lead_notes
  for delete to authenticated
  using (author_id = (select auth.uid()) and (select private.is_member()) and private.can_read_lead(lead_id));

-- The body is stored trimmed, under the author's display name; after 15 minutes a note is kept as
-- written (403 note_locked), for its author too. The service role arranges data freely.
create function private.prepare_lead_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' and auth.role() = 'authenticated' and old.created_at < now() - interval '15 minutes' then
    perform private.refuse_request(403, 'note_locked', 'Notes can be changed only in their first 15 minutes');
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  new.body := private.trimmed(new.body);
  if tg_op = 'INSERT' then
    new.author_name := coalesce(private.member_name(new.author_id), new.author_name);
  else
    new.updated_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.prepare_lead_note() from public;

create trigger lead_notes_prepare
  before insert or update or delete on public.lead_notes
  for each row execute function private.prepare_lead_note();

-- note_added, note_edited (before and after), note_deleted (what it said). A note removed with its
-- lead leaves no event: the lead's history goes with it.
create function private.record_note_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
begin
  select * into actor from private.request_actor();
  if tg_op = 'INSERT' then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
    values (new.lead_id, actor.actor_id, actor.actor_name, 'note_added', jsonb_build_object('note_id', new.id, 'body', new.body));
  elsif tg_op = 'UPDATE' then
    if new.body is distinct from old.body then
      insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
      values (new.lead_id, actor.actor_id, actor.actor_name, 'note_edited',
        jsonb_build_object('note_id', new.id, 'before', old.body, 'after', new.body));
    end if;
  elsif exists (select 1 from public.leads as l where l.id = old.lead_id) then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
    values (old.lead_id, actor.actor_id, actor.actor_name, 'note_deleted', jsonb_build_object('note_id', old.id, 'body', old.body));
  end if;
  return null;
end;
$$;

revoke all on function private.record_note_change() from public;

create trigger lead_notes_record_change
  after insert or update or delete on public.lead_notes
  for each row execute function private.record_note_change();
