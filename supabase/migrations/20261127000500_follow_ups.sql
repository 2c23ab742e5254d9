-- Follow-ups: a callback due at a time, with a short text, for a member (the one who set it). Members
-- set, complete and re-schedule them through the functions below on the leads they read; nobody
-- writes the table directly. Each change goes into the lead's history.

create table public.follow_ups (
  id uuid primary key default gen_random_uuid(),
  lead_id text not null references public.leads (id) on delete cascade,
  -- No foreign keys to users: a removed member's follow-ups stay, still readable on the lead.
  assignee_id uuid not null,
  created_by uuid not null,
  due_at timestamptz not null,
  text text not null,
  done_at timestamptz,
  done_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint follow_ups_text_check check (
    char_length(text) between 1 and 200 and text = private.trimmed(text) and private.is_plain_text(text)
  ),
  constraint follow_ups_done_check check ((done_at is null) = (done_by is null))
);

create index follow_ups_lead_due_idx on public.follow_ups (lead_id, due_at);
-- The Today queue and the overdue count: open follow-ups by due time, everyone's or one member's.
create index follow_ups_open_due_idx on public.follow_ups (due_at) where done_at is null;
create index follow_ups_open_assignee_due_idx on public.follow_ups (assignee_id, due_at) where done_at is null;

alter table public.follow_ups enable row level security;

revoke all on table public.follow_ups from anon, authenticated, service_role;
grant select on table public.follow_ups to authenticated;
grant select, insert, update, delete on table public.follow_ups to service_role;

create policy follow_ups_member_select on public.follow_ups
  for select to authenticated
  using ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)));

create trigger follow_ups_touch_updated_at
  before update on public.follow_ups
  for each row execute function private.touch_updated_at();

-- A follow-up's text: trimmed, 1 to 200 characters, no control characters but newlines and tabs;
-- 400 invalid_follow_up_text.
create function private.checked_follow_up_text(value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  cleaned constant text := private.trimmed(value);
begin
  if cleaned is null or char_length(cleaned) not between 1 and 200 or not private.is_plain_text(cleaned) then
    perform private.refuse_request(400, 'invalid_follow_up_text', 'A follow-up is 1 to 200 characters of text.');
  end if;
  return cleaned;
end;
$$;

-- A due time: within five years from now, and not in the past unless the caller confirmed it (it is
-- then overdue at once); 400 invalid_due_at, follow_up_in_past.
create function private.check_due_at(due_at timestamptz, allow_past boolean)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if due_at is null or due_at > now() + interval '5 years' or due_at < now() - interval '5 years' then
    perform private.refuse_request(400, 'invalid_due_at', 'A follow-up is due within five years.');
  end if;
  if due_at < now() and not coalesce(allow_past, false) then
    perform private.refuse_request(400, 'follow_up_in_past', 'That time has passed: confirm to add it as overdue.');
  end if;
end;
$$;

-- The follow-up `id`, locked until the caller commits, if the caller may read its lead; else 404
-- follow_up_not_found (42501 for callers outside the team).
create function private.locked_follow_up(id uuid)
returns public.follow_ups
language plpgsql
set search_path = ''
as $$
declare
  found_row public.follow_ups;
begin
  if not private.is_member() then
    raise exception 'Only team members may work on leads'
      using errcode = '42501';
  end if;
  select * into found_row from public.follow_ups as f where f.id = locked_follow_up.id for update;
  if not found or not private.can_read_lead(found_row.lead_id) then
    perform private.refuse_request(404, 'follow_up_not_found', 'No such follow-up, or not one you may read.');
  end if;
  return found_row;
end;
$$;

revoke all on function private.checked_follow_up_text(text), private.check_due_at(timestamptz, boolean),
  private.locked_follow_up(uuid) from public;

-- Sets a follow-up on a lead the caller reads, for the caller. Answers the new row.
create function public.follow_up_add(lead_id text, due_at timestamptz, text text, allow_past boolean default false)
returns public.follow_ups
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
  added public.follow_ups;
begin
  perform private.require_readable_lead(lead_id);
  perform private.check_due_at(due_at, allow_past);
  select * into actor from private.request_actor();
  insert into public.follow_ups (lead_id, assignee_id, created_by, due_at, text)
  values (follow_up_add.lead_id, actor.actor_id, actor.actor_id, follow_up_add.due_at, private.checked_follow_up_text(follow_up_add.text))
  returning * into added;
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  values (added.lead_id, actor.actor_id, actor.actor_name, 'follow_up_set',
    jsonb_build_object('follow_up_id', added.id, 'due_at', added.due_at, 'text', added.text));
  return added;
end;
$$;

-- Marks a follow-up done (once: doing it again changes nothing). Answers the row.
create function public.follow_up_done(id uuid)
returns public.follow_ups
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
  changed public.follow_ups := private.locked_follow_up(id);
begin
  if changed.done_at is not null then
    return changed;
  end if;
  select * into actor from private.request_actor();
  update public.follow_ups as f set done_at = now(), done_by = actor.actor_id where f.id = follow_up_done.id returning * into changed;
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  values (changed.lead_id, actor.actor_id, actor.actor_name, 'follow_up_done', jsonb_build_object('follow_up_id', changed.id));
  return changed;
end;
$$;

-- Moves an open follow-up to another time (409 follow_up_already_done for a done one). Answers the row.
create function public.follow_up_reschedule(id uuid, due_at timestamptz, allow_past boolean default false)
returns public.follow_ups
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor record;
  before_row public.follow_ups := private.locked_follow_up(id);
  changed public.follow_ups;
begin
  if before_row.done_at is not null then
    perform private.refuse_request(409, 'follow_up_already_done', 'That follow-up is already done.');
  end if;
  perform private.check_due_at(due_at, allow_past);
  select * into actor from private.request_actor();
  update public.follow_ups as f set due_at = follow_up_reschedule.due_at where f.id = follow_up_reschedule.id returning * into changed;
  insert into public.lead_events (lead_id, actor_id, actor_name, kind, data)
  values (changed.lead_id, actor.actor_id, actor.actor_name, 'follow_up_rescheduled',
    jsonb_build_object('follow_up_id', changed.id, 'from_due_at', before_row.due_at, 'to_due_at', changed.due_at));
  return changed;
end;
$$;

revoke all on function public.follow_up_add(text, timestamptz, text, boolean), public.follow_up_done(uuid),
  public.follow_up_reschedule(uuid, timestamptz, boolean) from public, anon;
grant execute on function public.follow_up_add(text, timestamptz, text, boolean), public.follow_up_done(uuid),
  public.follow_up_reschedule(uuid, timestamptz, boolean) to authenticated;
