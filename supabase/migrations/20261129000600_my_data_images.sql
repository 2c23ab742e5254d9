-- The visitor's reference images on My data. Storage signs a URL only for a caller its SELECT
-- policies let see the object, and never runs PostgREST's pre-request function; but it sets
-- `request.headers` in the transaction where it checks the policies. So My data's client sends its
-- session token in a header, `x-my-data-token`, and this policy lets that caller (anon or signed in)
-- see exactly the images of the leads of the session's phone, while the session lives.

-- The images the session named by the request's x-my-data-token header may read: the reference
-- images of every lead with its phone; none for a missing, wrong or expired token.
create function private.my_data_image_names()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct l.reference_image), '{}')
  from private.my_data_sessions as s
  join public.leads as l on l.phone = s.phone
  where s.token_hash = private.sha256_hex(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-my-data-token')
    and s.expires_at > now()
    and l.reference_image is not null
$$;

revoke all on function private.my_data_image_names() from public;
grant execute on function private.my_data_image_names() to anon, authenticated;

-- The subquery runs once per statement, so a listing does not look the session up per object.
create policy reference_images_my_data_select on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'reference-images' and name = any ((select private.my_data_image_names())::text[]));
