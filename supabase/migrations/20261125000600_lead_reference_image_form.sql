-- A lead's reference_image is the name of an object in the reference-images bucket, of the form the
-- upload policy admits (private.is_reference_image_name), or null: the dashboard turns it into a
-- signed URL, so no other text may get there. Leads created before this migration keep whatever they
-- hold (the earlier `<timestamp>.<extension>` names, or anything a client sent while the column took
-- any text) and stay updatable: the CHECK admits them by created_at, which only the server sets
-- (visitors' insert grant leaves it out, admins may update only status and updated_at).
--
-- The moment is read once the table is locked, so every lead already written is older than it.
lock table public.leads in access exclusive mode;

do $$
begin
  execute format(
    'alter table public.leads add constraint leads_reference_image_form_check check (
       reference_image is null
       or private.is_reference_image_name(reference_image)
       or created_at < %L::timestamptz
     )',
    clock_timestamp()
  );
end;
$$;
