-- A role row for a user that does not exist is refused as the foreign key to auth.users refuses it
-- (23503, HTTP 409), not with the not-null error of the email it could not copy (20261127000100's
-- trigger runs before the key is checked).
create or replace function private.fill_member_identity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select u.email into new.email from auth.users as u where u.id = new.user_id;
  if not found then
    raise exception 'insert or update on table "user_roles" violates foreign key constraint "user_roles_user_id_fkey"'
      using errcode = 'foreign_key_violation', detail = format('Key (user_id)=(%s) is not present in table "users".', new.user_id);
  end if;
  new.display_name := coalesce(nullif(private.trimmed(new.display_name), ''), private.default_display_name(new.email));
  return new;
end;
$$;
