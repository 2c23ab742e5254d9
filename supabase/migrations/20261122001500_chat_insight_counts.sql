-- Per-day counts of chat sessions and steps, kept by triggers as 20261122001200 keeps the dashboard's,
-- so the insights of a 90-day period add up a few thousand rows instead of reading every session and
-- step. A session and its steps count on the day (Asia/Kolkata) the session started.

create function private.business_day(at timestamptz)
returns date
language sql
immutable
as $$
  select (at at time zone 'Asia/Kolkata')::date
$$;

-- Where a chat came from: its utm_source, else the referrer's host, else 'direct'.
create function private.chat_source(utm_source text, referrer_host text)
returns text
language sql
immutable
as $$
  select coalesce(utm_source, referrer_host, 'direct')
$$;

-- A count of seconds rounded down to two significant digits (exact below 100).
create function private.two_significant_digits(n bigint)
returns bigint
language sql
immutable
as $$
  select case when n < 100 then n else n - n % (10 ^ (pg_catalog.length(n::text) - 2))::bigint end
$$;

-- Time on a step in whole seconds, two significant digits, so a day holds a few dozen distinct values
-- per step and medians still come from counts. Both functions are plain expressions the planner
-- inlines: the insights read them per row at a period's edges.
create function private.duration_bucket(duration interval)
returns bigint
language sql
immutable
as $$
  select private.two_significant_digits(floor(greatest(extract(epoch from duration), 0))::bigint)
$$;

create table private.chat_session_counts (
  day date not null,
  source text not null,
  started bigint not null,
  name_submitted bigint not null,
  leads_saved bigint not null,
  chat_first_exits bigint not null,
  primary key (day, source)
);

create table private.chat_step_counts (
  day date not null,
  step_id text not null,
  reached bigint not null,
  went_on bigint not null,
  primary key (day, step_id)
);

create table private.chat_step_durations (
  day date not null,
  step_id text not null,
  seconds bigint not null,
  answers bigint not null,
  primary key (day, step_id, seconds)
);

revoke all on table private.chat_session_counts, private.chat_step_counts, private.chat_step_durations
  from public, anon, authenticated, service_role;
grant select on table private.chat_session_counts, private.chat_step_counts, private.chat_step_durations
  to authenticated, service_role;

alter table private.chat_session_counts enable row level security;
alter table private.chat_step_counts enable row level security;
alter table private.chat_step_durations enable row level security;

create policy chat_session_counts_admin_select on private.chat_session_counts
  for select to authenticated
  using ((select private.is_admin()));

create policy chat_step_counts_admin_select on private.chat_step_counts
  for select to authenticated
  using ((select private.is_admin()));

create policy chat_step_durations_admin_select on private.chat_step_durations
  for select to authenticated
  using ((select private.is_admin()));

-- The rows a statement changed as a query over the trigger's transition tables: new rows count +1,
-- old rows -1 (an update is both), in column "sign".
create function private.changed_rows(operation text)
returns text
language sql
immutable
as $$
  select case operation
    when 'INSERT' then 'select n.*, 1 as sign from new_rows as n'
    when 'DELETE' then 'select o.*, -1 as sign from old_rows as o'
    else 'select n.*, 1 as sign from new_rows as n union all select o.*, -1 from old_rows as o'
  end
$$;

-- Statement-level with transition tables, like private.count_leads: one adjustment per (day, key)
-- in key order; an update that changes nothing counted (most of them: activity times) writes nothing.
-- Security definer: the visitor functions' writes must count too.
create function private.count_chat_sessions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute format($sql$
    insert into private.chat_session_counts as c (day, source, started, name_submitted, leads_saved, chat_first_exits)
    select d.day, d.source, sum(d.started), sum(d.name_submitted), sum(d.leads_saved), sum(d.chat_first_exits)
    from (
      select
        private.business_day(r.created_at) as day,
        private.chat_source(r.utm_source, r.referrer_host) as source,
        r.sign as started,
        r.sign * (r.name_submitted_at is not null)::int as name_submitted,
        r.sign * (r.completed_at is not null)::int as leads_saved,
        r.sign * (r.chat_first_at is not null)::int as chat_first_exits
      from (%s) as r
    ) as d
    group by d.day, d.source
    having (sum(d.started), sum(d.name_submitted), sum(d.leads_saved), sum(d.chat_first_exits)) <> (0, 0, 0, 0)
    order by d.day, d.source
    on conflict (day, source) do update set
      started = c.started + excluded.started,
      name_submitted = c.name_submitted + excluded.name_submitted,
      leads_saved = c.leads_saved + excluded.leads_saved,
      chat_first_exits = c.chat_first_exits + excluded.chat_first_exits
  $sql$, private.changed_rows(tg_op));
  return null;
end;
$$;

create function private.count_chat_steps()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute format($sql$
    insert into private.chat_step_counts as c (day, step_id, reached, went_on)
    select d.day, d.step_id, sum(d.reached), sum(d.went_on)
    from (
      select private.business_day(r.session_started_at) as day, r.step_id, r.sign as reached,
        r.sign * (r.answered_at is not null)::int as went_on
      from (%s) as r
    ) as d
    group by d.day, d.step_id
    having (sum(d.reached), sum(d.went_on)) <> (0, 0)
    order by d.day, d.step_id
    on conflict (day, step_id) do update set reached = c.reached + excluded.reached, went_on = c.went_on + excluded.went_on
  $sql$, private.changed_rows(tg_op));
  execute format($sql$
    insert into private.chat_step_durations as c (day, step_id, seconds, answers)
    select private.business_day(r.session_started_at), r.step_id, private.duration_bucket(r.answered_at - r.shown_at), sum(r.sign)
    from (%s) as r
    where r.answered_at is not null
    group by 1, 2, 3
    having sum(r.sign) <> 0
    order by 1, 2, 3
    on conflict (day, step_id, seconds) do update set answers = c.answers + excluded.answers
  $sql$, private.changed_rows(tg_op));
  return null;
end;
$$;

-- TRUNCATE empties the counts with the table.
create function private.forget_chat_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'chat_sessions' then
    delete from private.chat_session_counts;
  else
    delete from private.chat_step_counts;
    delete from private.chat_step_durations;
  end if;
  return null;
end;
$$;

revoke all on function private.business_day(timestamptz), private.chat_source(text, text), private.two_significant_digits(bigint),
  private.duration_bucket(interval),
  private.changed_rows(text), private.count_chat_sessions(), private.count_chat_steps(), private.forget_chat_counts()
  from public;
grant execute on function private.business_day(timestamptz), private.chat_source(text, text), private.two_significant_digits(bigint),
  private.duration_bucket(interval)
  to authenticated, service_role;

create trigger chat_sessions_count_inserts after insert on public.chat_sessions
  referencing new table as new_rows
  for each statement execute function private.count_chat_sessions();
create trigger chat_sessions_count_updates after update on public.chat_sessions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_chat_sessions();
create trigger chat_sessions_count_deletes after delete on public.chat_sessions
  referencing old table as old_rows
  for each statement execute function private.count_chat_sessions();
create trigger chat_sessions_forget_counts after truncate on public.chat_sessions
  for each statement execute function private.forget_chat_counts();

create trigger chat_steps_count_inserts after insert on public.chat_steps
  referencing new table as new_rows
  for each statement execute function private.count_chat_steps();
create trigger chat_steps_count_updates after update on public.chat_steps
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_chat_steps();
create trigger chat_steps_count_deletes after delete on public.chat_steps
  referencing old table as old_rows
  for each statement execute function private.count_chat_steps();
create trigger chat_steps_forget_counts after truncate on public.chat_steps
  for each statement execute function private.forget_chat_counts();
