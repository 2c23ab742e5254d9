-- The insights lists never answer more rows than a fixed bound, so no row cap (hosted PostgREST's
-- db-max-rows, 1,000) can cut them silently. Visitors choose their sources (utm_source, referrer) and
-- the step ids their chat records, so both lists could otherwise grow without end:
-- - chat_sources answers at most 25 rows: the 24 sources with the most leads (then sessions, then
--   name) and one row for all the others (source null, other_sources how many), with their summed
--   counts, so the rows still add up to the period's totals;
-- - chat_funnel answers only the step ids the caller asks for (the flow's steps), at most 100.
-- Both replace the functions of 20261122001600 (a new column, a new parameter); grants as before.

drop function public.chat_sources(timestamptz, timestamptz);
drop function public.chat_funnel(timestamptz, timestamptz);

create function public.chat_sources("from" timestamptz, "to" timestamptz)
returns table (source text, sessions bigint, leads bigint, conversion_pct numeric, other_sources bigint)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  period record;
  named_rows constant integer := 24;
begin
  perform private.require_business_reader('the chat sources');
  select * into period from private.chat_period("from", "to");
  return query
  with by_source as (
    select t.source, sum(t.sessions)::bigint as sessions, sum(t.leads)::bigint as leads
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
  ),
  ranked as (
    select b.source, b.sessions, b.leads,
      row_number() over (order by b.leads desc, b.sessions desc, b.source) as place,
      count(*) over () as sources
    from by_source as b
  ),
  -- With more than 25 sources, the 25th and later share one row, placed last.
  placed as (
    select r.sessions, r.leads,
      case when r.sources <= named_rows + 1 or r.place <= named_rows then r.source end as source,
      least(r.place, named_rows + 1) as place
    from ranked as r
  )
  select p.source, sum(p.sessions)::bigint, sum(p.leads)::bigint, round(sum(p.leads) * 100.0 / sum(p.sessions), 1),
    case when p.source is null then count(*) else 0 end
  from placed as p
  group by p.place, p.source
  order by p.place;
end;
$$;

-- As 20261122001600's, for the steps named in step_ids only (ids no chat reached have no row).
create function public.chat_funnel("from" timestamptz, "to" timestamptz, step_ids text[])
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
  if step_ids is null then
    raise exception 'chat_funnel needs step_ids, the steps to count'
      using errcode = '22023';
  end if;
  if cardinality(step_ids) > 100 then
    raise exception 'chat_funnel counts at most 100 steps, got %', cardinality(step_ids)
      using errcode = '22023';
  end if;
  select * into period from private.chat_period("from", "to");
  return query
  with edge_steps as (
    select s.step_id, s.shown_at, s.answered_at
    from public.chat_steps as s
    where ((s.session_started_at >= "from" and s.session_started_at < period.days_from)
       or (s.session_started_at >= period.days_to and s.session_started_at < "to"))
      and s.step_id = any (step_ids)
  ),
  counts as (
    select c.step_id, sum(c.reached)::bigint as reached, sum(c.went_on)::bigint as went_on
    from (
      select c.step_id, c.reached, c.went_on
      from private.chat_step_counts as c
      where c.day >= period.first_day and c.day < period.end_day and c.step_id = any (step_ids)
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
      where d.day >= period.first_day and d.day < period.end_day and d.step_id = any (step_ids)
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

revoke all on function public.chat_sources(timestamptz, timestamptz), public.chat_funnel(timestamptz, timestamptz, text[])
  from public, anon;
grant execute on function public.chat_sources(timestamptz, timestamptz), public.chat_funnel(timestamptz, timestamptz, text[])
  to authenticated, service_role;
