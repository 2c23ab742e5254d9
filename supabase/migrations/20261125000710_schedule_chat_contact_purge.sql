-- Schedules the daily purge of unfinished chats' contacts (private.purge_chat_contacts(),
-- 20261122001700) with pg_cron, where the extension can be had: on hosted Supabase, whose postgres
-- role may create it. The job is named, and cron.schedule() updates a job of the same name rather
-- than adding one, so running this again, or scheduling by hand as the README once said, leaves one
-- job. 21:45 UTC is 03:15 in India. Where pg_cron is missing (PGlite, a plain PostgreSQL server) or
-- may not be created, nothing is scheduled and a notice says so and what to do; the local backend
-- runs the purge itself.

do $$
declare
  job constant text := 'purge-chat-contacts';
  daily constant text := '45 21 * * *';
  purge constant text := 'select private.purge_chat_contacts()';
  by_hand constant text := format(
    'On hosted Supabase, enable pg_cron (Database, Extensions) and run in the SQL editor: select cron.schedule(%L, %L, %L);',
    job, daily, purge);
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'The purge of unfinished chats'' contacts is NOT scheduled: pg_cron is not available on this server. %', by_hand;
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    execute format('grant usage on schema cron to %I', current_user);
    execute format('grant all privileges on all tables in schema cron to %I', current_user);
    execute 'select cron.schedule($1, $2, $3)' using job, daily, purge;
    raise notice 'The purge of unfinished chats'' contacts runs daily at 21:45 UTC (pg_cron job %).', job;
  exception
    when others then
      raise notice 'The purge of unfinished chats'' contacts is NOT scheduled (%: %). %', sqlstate, sqlerrm, by_hand;
  end;
end
$$;
