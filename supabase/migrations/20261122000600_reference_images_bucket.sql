-- Public bucket for visitors' reference images: anyone reads by public URL,
-- visitors and admins upload. The file name is "<timestamp>.<extension>" at the top level,
-- the extension one of the usual names of the allowed image types.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'reference-images',
  'reference-images',
  true,
  10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif']
)
on conflict (id) do nothing;

create policy reference_images_anon_upload on storage.objects
  for insert to anon
  with check (
    bucket_id = 'reference-images'
    and name ~* '^[A-Za-z0-9_-]{1,100}\.(jpg|jpeg|jpe|jfif|pjpeg|pjp|png|webp|gif|heic|heif)$'
  );

create policy reference_images_admin_upload on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'reference-images'
    and (select private.is_admin())
    and name ~* '^[A-Za-z0-9_-]{1,100}\.(jpg|jpeg|jpe|jfif|pjpeg|pjp|png|webp|gif|heic|heif)$'
  );

create policy reference_images_admin_select on storage.objects
  for select to authenticated
  using (bucket_id = 'reference-images' and (select private.is_admin()));
