-- The insights tab's figures for a period ["from", "to"): the funnel per step, the totals and the
-- sources of the sessions that started in it, and the unfinished chats to follow up. Admins only:
-- others get 42501, never zeros (signed-in non-admins listing unfinished chats get no rows). Whole
-- days of a period come from the counts of 20261122001500, the hours before the first and after the
-- last midnight from the rows.

-- 42501 for a caller row-level security would not let read the business data `figures` come from.
create function private.require_business_reader(figures text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.reads_business_data() then
    raise exception 'Only admins may read %', figures
      using errcode = '42501';
  end if;
end;
$$;

-- Checks a period and splits it at midnights (Asia/Kolkata): the whole days [first_day, end_day),
-- which span [days_from, days_to), and the rest, [from, days_from) and [days_to, to). Without a whole
-- day inside, days_from = days_to = to and first_day = end_day.
create function private.chat_period(
  "from" timestamptz,
  "to" timestamptz,
  out first_day date,
  out end_day date,
  out days_from timestamptz,
  out days_to timestamptz
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if "from" is null or "to" is null or not isfinite("from") or not isfinite("to") then
    raise exception 'An insights period needs finite "from" and "to"'
      using errcode = '22023';
  end if;
  if "to" <= "from" then
    raise exception 'An insights period ends after it starts: "to" (%) is not after "from" (%)', "to", "from"
      using errcode = '22023';
  end if;
  if "to" - "from" > interval '400 days' then
    raise exception 'An insights period covers at most 400 days, got %', "to" - "from"
      using errcode = '22023';
  end if;
  first_day := private.business_day("from");
  if first_day::timestamp at time zone 'Asia/Kolkata' < "from" then
    first_day := first_day + 1;
  end if;
  end_day := private.business_day("to");
  if end_day <= first_day then
    first_day := end_day;
    days_from := "to";
    days_to := "to";
  else
    days_from := first_day::timestamp at time zone 'Asia/Kolkata';
    days_to := end_day::timestamp at time zone 'Asia/Kolkata';
  end if;
end;
$$;

-- One row per step id shown to the period's sessions: sessions it was shown to (a step offered only
-- to some is measured against those), sessions that answered it, the share of the first that did not
-- answer (one decimal), and the median time from showing to answer in seconds (the mean of the two
-- middle values for an even count; two significant digits above 100 s). Step order and question
-- texts are the flow file's; ids it does not have are for the caller to leave out.
create function public.chat_funnel("from" timestamptz, "to" timestamptz)
returns table (step_id text, reached bigint, went_on bigint, drop_off_pct numeric, median_seconds numeric)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  period record;
begin
  perform private.require_business_reader('the chat funnel');
  select * into period from private.chat_period("from", "to");
  return query
  with edge_steps as (
    select s.step_id, s.shown_at, s.answered_at
    from public.chat_steps as s
    where (s.session_started_at >= "from" and s.session_started_at < period.days_from)
       or (s.session_started_at >= period.days_to and s.session_started_at < "to")
  ),
  counts as (
    select c.step_id, sum(c.reached)::bigint as reached, sum(c.went_on)::bigint as went_on
    from (
      select c.step_id, c.reached, c.went_on
      from private.chat_step_counts as c
      where c.day >= period.first_day and c.day < period.end_day
      union all
      select e.step_id, 1, (e.answered_at is not null)::int
      from edge_steps as e
    ) as c
    group by c.step_id
  ),
  durations as (
    select d.step_id, d.seconds, sum(d.answers)::bigint as answers
    from (
      select d.step_id, d.seconds, d.answers
      from private.chat_step_durations as d
      where d.day >= period.first_day and d.day < period.end_day
      union all
      select e.step_id, private.duration_bucket(e.answered_at - e.shown_at), 1
      from edge_steps as e
      where e.answered_at is not null
    ) as d
    group by d.step_id, d.seconds
  ),
  running as (
    select d.step_id, d.seconds,
      sum(d.answers) over (partition by d.step_id order by d.seconds)::bigint as up_to,
      sum(d.answers) over (partition by d.step_id)::bigint as answers
    from durations as d
    where d.answers > 0
  ),
  medians as (
    select r.step_id,
      round((min(r.seconds) filter (where r.up_to >= (r.answers + 1) / 2)
        + min(r.seconds) filter (where r.up_to >= r.answers / 2 + 1)) / 2.0, 1) as median_seconds
    from running as r
    group by r.step_id
  )
  select c.step_id, c.reached, c.went_on, round((c.reached - c.went_on) * 100.0 / c.reached, 1), m.median_seconds
  from counts as c
  left join medians as m on m.step_id = c.step_id
  where c.reached > 0
  order by c.reached desc, c.step_id;
end;
$$;

-- The period's sessions: started, name form submitted, became a lead, left for WhatsApp from the
-- budget question (chat first), their leads' appointments (any status), and leads per session
-- started as a percentage with one decimal (0 without sessions).
create function public.chat_totals(
  "from" timestamptz,
  "to" timestamptz,
  out chats_started bigint,
  out name_submitted bigint,
  out leads_saved bigint,
  out chat_first_exits bigint,
  out bookings bigint,
  out conversion_pct numeric
)
language plpgsql
stable
set search_path = ''
as $$
declare
  period record;
begin
  perform private.require_business_reader('the chat totals');
  select * into period from private.chat_period("from", "to");

  select
    coalesce(sum(t.started), 0),
    coalesce(sum(t.name_submitted), 0),
    coalesce(sum(t.leads_saved), 0),
    coalesce(sum(t.chat_first_exits), 0)
  into chats_started, name_submitted, leads_saved, chat_first_exits
  from (
    select c.started, c.name_submitted, c.leads_saved, c.chat_first_exits
    from private.chat_session_counts as c
    where c.day >= period.first_day and c.day < period.end_day
    union all
    select 1, (s.name_submitted_at is not null)::int, (s.completed_at is not null)::int, (s.chat_first_at is not null)::int
    from public.chat_sessions as s
    where (s.created_at >= "from" and s.created_at < period.days_from)
       or (s.created_at >= period.days_to and s.created_at < "to")
  ) as t;

  select count(*) into bookings
  from public.chat_sessions as s
  join public.appointments as a on a.lead_id = s.lead_id
  where s.lead_id is not null and s.created_at >= "from" and s.created_at < "to";

  conversion_pct := case when chats_started = 0 then 0 else round(leads_saved * 100.0 / chats_started, 1) end;
end;
$$;

-- The period's sessions and leads by source (private.chat_source), most leads first, then most
-- sessions, then by name.
create function public.chat_sources("from" timestamptz, "to" timestamptz)
returns table (source text, sessions bigint, leads bigint, conversion_pct numeric)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  period record;
begin
  perform private.require_business_reader('the chat sources');
  select * into period from private.chat_period("from", "to");
  return query
  select t.source, sum(t.sessions)::bigint, sum(t.leads)::bigint, round(sum(t.leads) * 100.0 / sum(t.sessions), 1)
  from (
    select c.source, c.started as sessions, c.leads_saved as leads
    from private.chat_session_counts as c
    where c.day >= period.first_day and c.day < period.end_day
    union all
    select private.chat_source(s.utm_source, s.referrer_host), 1, (s.completed_at is not null)::int
    from public.chat_sessions as s
    where (s.created_at >= "from" and s.created_at < period.days_from)
       or (s.created_at >= period.days_to and s.created_at < "to")
  ) as t
  group by t.source
  having sum(t.sessions) > 0
  order by 3 desc, 2 desc, 1;
end;
$$;

-- Chats whose name form was submitted, with no lead and no activity for 30 minutes, newest activity
-- first, with the step shown last. Followed-up ones only when asked for. Contacts cleared by the
-- retention job are gone from the list. Inlined by the planner like search_leads, so the order,
-- paging and count PostgREST adds (rpc('unfinished_chats', {}, { count: 'exact' }).range(0, 19))
-- run on chat_sessions_unfinished_idx; row-level security leaves non-admins an empty list.
create function public.unfinished_chats(include_followed_up boolean default false)
returns table (
  id uuid,
  name text,
  phone text,
  last_step_id text,
  last_activity_at timestamptz,
  created_at timestamptz,
  chat_first_at timestamptz,
  followed_up_at timestamptz
)
language sql
stable
as $$
  select
    s.id,
    s.name,
    s.phone,
    (
      select st.step_id
      from public.chat_steps as st
      where st.session_id = s.id
      order by st.shown_at desc, st.step_id desc
      limit 1
    ),
    s.last_activity_at,
    s.created_at,
    s.chat_first_at,
    s.followed_up_at
  from public.chat_sessions as s
  where s.name is not null
    and s.completed_at is null
    and s.last_activity_at <= now() - interval '30 minutes'
    and (include_followed_up or s.followed_up_at is null)
  order by s.last_activity_at desc, s.id
$$;

-- Marks an unfinished chat as followed up (now; an earlier mark stays) or, with false, not. Answers
-- the chat's followed_up_at.
create function public.mark_chat_followed_up(session_id uuid, followed_up boolean default true)
returns timestamptz
language plpgsql
set search_path = ''
as $$
declare
  marked timestamptz;
begin
  perform private.require_business_reader('chat sessions');
  if followed_up is null then
    raise exception 'mark_chat_followed_up needs followed_up true or false'
      using errcode = '22023';
  end if;
  update public.chat_sessions as s
  set followed_up_at = case when followed_up then coalesce(s.followed_up_at, now()) end
  where s.id = mark_chat_followed_up.session_id
  returning s.followed_up_at into marked;
  if not found then
    raise exception 'Unknown chat session'
      using errcode = '23503';
  end if;
  return marked;
end;
$$;

revoke all on function private.require_business_reader(text), private.chat_period(timestamptz, timestamptz) from public;
grant execute on function private.require_business_reader(text), private.chat_period(timestamptz, timestamptz)
  to authenticated, service_role;

revoke all on function
  public.chat_funnel(timestamptz, timestamptz),
  public.chat_totals(timestamptz, timestamptz),
  public.chat_sources(timestamptz, timestamptz),
  public.unfinished_chats(boolean),
  public.mark_chat_followed_up(uuid, boolean)
from public, anon;
grant execute on function
  public.chat_funnel(timestamptz, timestamptz),
  public.chat_totals(timestamptz, timestamptz),
  public.chat_sources(timestamptz, timestamptz),
  public.unfinished_chats(boolean),
  public.mark_chat_followed_up(uuid, boolean)
to authenticated, service_role;
