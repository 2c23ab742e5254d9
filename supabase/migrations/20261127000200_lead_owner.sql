-- Each lead has an owner: a member of the team, or nobody (the Unassigned pool). Admins read and
-- change everything; staff read the leads they own and the unassigned ones, and with them those
-- leads' appointments and reference images. Existing leads start unassigned.

alter table public.leads add column owner_id uuid references auth.users (id) on delete set null;

-- "My leads" and "Unassigned" pages in the table's first order, newest first; counts by owner.
create index leads_owner_order_idx on public.leads (owner_id, created_at desc, id desc);

grant update (owner_id) on table public.leads to authenticated;

-- Who may set an owner. Staff take an unassigned lead (nobody -> themselves) or release their own
-- (themselves -> nobody); admins assign any member or nobody. The new owner must be in the team:
-- 400 owner_not_member, also for the service role. Anything else a signed-in user tries is 403
-- owner_change_not_allowed. Writes outside a signed-in user's request (the service role, the owner's
-- SQL, the foreign key clearing a deleted user's leads) are not held to the staff rules.
create function private.check_owner_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller constant uuid := auth.uid();
begin
  if tg_op = 'UPDATE' and new.owner_id is not distinct from old.owner_id then
    return new;
  end if;
  if new.owner_id is not null then
    -- Waits for a removal of that member in progress, so a lead is never given to someone just removed.
    perform 1 from public.user_roles as r where r.user_id = new.owner_id for key share;
    if not found then
      perform private.refuse_request(400, 'owner_not_member', 'That person is no longer in the team');
    end if;
  end if;
  if tg_op = 'INSERT' or auth.role() is distinct from 'authenticated' or private.is_admin() then
    return new;
  end if;
  if private.is_staff()
    and ((old.owner_id is null and new.owner_id = caller) or (old.owner_id = caller and new.owner_id is null)) then
    return new;
  end if;
  perform private.refuse_request(403, 'owner_change_not_allowed',
    'Staff may take unassigned leads and release their own; only admins give a lead to someone else.');
  return null;
end;
$$;

revoke all on function private.check_owner_change() from public;

create trigger leads_check_owner_change
  before insert or update of owner_id on public.leads
  for each row execute function private.check_owner_change();

-- Staff's rule is written out in these policies, in private.readable_lead_rows and in
-- private.can_read_lead below, and nowhere else: a function call per row would cost every count and
-- page, and the three must say the same (supabase/tests/team-leads.test.ts reads through each).
drop policy leads_admin_select on public.leads;
drop policy leads_admin_update on public.leads;

create policy leads_member_select on public.leads
  for select to authenticated
  using (
    (select private.is_admin())
    or ((select private.is_staff()) and (owner_id = (select auth.uid()) or owner_id is null))
  );

-- Members change status and owner of the leads they read (the grants name those columns).
create policy leads_member_update on public.leads
  for update to authenticated
  using (
    (select private.is_admin())
    or ((select private.is_staff()) and (owner_id = (select auth.uid()) or owner_id is null))
  )
  with check (
    (select private.is_admin())
    or ((select private.is_staff()) and (owner_id = (select auth.uid()) or owner_id is null))
  );

-- The leads the caller may read, as leads_member_select decides, read with the view owner's rights so
-- the indexes serve search under row-level security (20261122001000). For admins (and roles that bypass
-- row-level security) the first gate holds once for the whole query; for staff each row's owner decides.
create or replace view private.readable_lead_rows as
select l as lead
from public.leads as l
where (select private.reads_business_data())
   or ((select private.is_staff()) and (l.owner_id = (select auth.uid()) or l.owner_id is null));

-- Whether the caller may read the lead, as leads_member_select decides, for one lead: what policies
-- and functions of the lead's appointments, notes, follow-ups and history ask. Security definer, and
-- so it names the roles rather than asking private.reads_business_data(): inside it the current user
-- is its owner, whose role may bypass row-level security.
create function private.can_read_lead(lead_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.leads as l
    where l.id = can_read_lead.lead_id
      and (private.is_admin() or (private.is_staff() and (l.owner_id = auth.uid() or l.owner_id is null)))
  )
$$;

revoke all on function private.can_read_lead(text) from public;
grant execute on function private.can_read_lead(text) to authenticated, service_role;

-- Appointments: admins all, staff those of the leads they read.
create or replace view private.readable_appointments as
select a.*
from public.appointments as a
where (select private.reads_business_data())
   or ((select private.is_staff()) and exists (select 1 from private.readable_lead_rows as r where (r.lead).id = a.lead_id));

drop policy appointments_admin_select on public.appointments;
drop policy appointments_admin_update on public.appointments;

create policy appointments_member_select on public.appointments
  for select to authenticated
  using ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)));

create policy appointments_member_update on public.appointments
  for update to authenticated
  using ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)))
  with check ((select private.is_admin()) or ((select private.is_staff()) and private.can_read_lead(lead_id)));

-- Reference images: staff sign URLs for the images of the leads they read. The subquery reads leads
-- under the caller's own row-level security, so it finds only those leads.
create index leads_reference_image_idx on public.leads (reference_image) where reference_image is not null;

create policy reference_images_staff_select on storage.objects
  for select to authenticated
  using (
    bucket_id = 'reference-images'
    and (select private.is_staff())
    and exists (select 1 from public.leads as l where l.reference_image = objects.name)
  );
