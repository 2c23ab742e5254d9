-- Reference images are visitors' photos: the bucket becomes private, so nobody reads an object by its
-- public URL any more; admins read them by short-lived signed URLs, which Storage hands out only to
-- callers the SELECT policy admits (reference_images_admin_select). Hosted Storage's own migrations
-- grant postgres all privileges on storage.buckets, and postgres bypasses row-level security there,
-- so this UPDATE runs on hosted as it does locally.
update storage.buckets set public = false where id = 'reference-images';

-- The names the app gives reference images: 128 random bits as 32 lowercase hex digits, then the
-- extension of the image's type. Unguessable, so an object's name is no way in even to a bucket
-- made public by mistake. Names of the earlier `<timestamp>.<extension>` form stay where they are.
create function private.is_reference_image_name(name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select name ~ '^[0-9a-f]{32}\.(jpg|png|webp|gif|heic|heif)$'
$$;

-- Policies and CHECK constraints run it as the writing role.
revoke all on function private.is_reference_image_name(text) from public;
grant execute on function private.is_reference_image_name(text) to anon, authenticated, service_role;

-- How many objects visitors (anonymous callers) may add to a bucket per period, across all visitors:
-- a cap on what a flood can store, far above what the business's visitors upload. Hosted Storage never
-- runs PostgREST's pre-request function, so the limit lives in the bucket's upload policy. Operators
-- change it in the SQL editor, no migration needed; deleting the row removes the limit:
--   update private.upload_limits set max_anonymous_uploads = 40 where bucket_id = 'reference-images';
create table private.upload_limits (
  bucket_id text primary key,
  max_anonymous_uploads integer not null,
  per interval not null,
  constraint upload_limits_max_anonymous_uploads_check check (max_anonymous_uploads > 0),
  constraint upload_limits_per_check check (per > interval '0' and per <= interval '1 day')
);

insert into private.upload_limits (bucket_id, max_anonymous_uploads, per)
values ('reference-images', 20, interval '1 minute');

revoke all on table private.upload_limits from public, anon, authenticated, service_role;

-- True while fewer than the bucket's limit of anonymous objects arrived within its period; past it,
-- raises 42501 with a message Storage passes on (HTTP 403 in Storage's error shape, on hosted and
-- locally). Security definer: the caller may not read storage.objects (row-level security hides
-- every row from anon), its owner does. Uploads wait for each other here, so two cannot both take the
-- last place where the row is written in the same transaction (locally). Hosted Storage checks the
-- policy with a trial insert before it receives the file and writes the row once it has, so there
-- uploads still in progress are not yet counted: the limit holds up to those.
create function private.check_anonymous_upload_rate(bucket text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  rule private.upload_limits;
  recent integer;
begin
  select * into rule from private.upload_limits as l where l.bucket_id = bucket;
  if not found then
    return true;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('private.check_anonymous_upload_rate:' || bucket, 0));
  select count(*) into recent
  from (
    select 1
    from storage.objects as o
    where o.bucket_id = bucket
      and o.owner is null
      and o.created_at > now() - rule.per
    limit rule.max_anonymous_uploads
  ) as arrived;
  if recent >= rule.max_anonymous_uploads then
    raise exception 'Too many uploads: visitors may add at most % files per % seconds. Please try again shortly.',
      rule.max_anonymous_uploads, extract(epoch from rule.per)::integer
      using errcode = '42501',
            hint = 'The number is the row of private.upload_limits for this bucket.';
  end if;
  return true;
end;
$$;

revoke all on function private.check_anonymous_upload_rate(text) from public;
grant execute on function private.check_anonymous_upload_rate(text) to anon;

-- Visitors and admins upload under names of the new form only; visitors within the limit.
alter policy reference_images_anon_upload on storage.objects
  with check (
    bucket_id = 'reference-images'
    and private.is_reference_image_name(name)
    and private.check_anonymous_upload_rate(bucket_id)
  );

alter policy reference_images_admin_upload on storage.objects
  with check (
    bucket_id = 'reference-images'
    and (select private.is_admin())
    and private.is_reference_image_name(name)
  );
