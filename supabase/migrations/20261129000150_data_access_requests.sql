-- What visitors ask of their data, for the team's Requests list: an access code (staff send it on
-- WhatsApp), erasure, withdrawal. Each has a deadline (3 days for a code, 30 for the others) and
-- is open until handled. The phone and the visitor's comment are the only personal fields; an
-- erasure of that phone clears them and keeps the row. Rows are written by the functions of
-- 20261129000400 only. Admins read every request, staff the code requests.
create table public.data_access_requests (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint data_access_requests_kind_check check (kind in ('access_code', 'erasure', 'withdrawal')),
  phone text constraint data_access_requests_phone_check check (phone ~ '^[0-9]{10}$'),
  comment text constraint data_access_requests_comment_check check (char_length(comment) <= 1000),
  created_at timestamptz not null default now(),
  deadline timestamptz not null,
  status text not null default 'open' constraint data_access_requests_status_check check (status in ('open', 'done', 'rejected')),
  reason text constraint data_access_requests_reason_check check (char_length(reason) between 1 and 500),
  handled_by uuid,
  handled_at timestamptz,
  constraint data_access_requests_rejected_reason_check check ((status = 'rejected') = (reason is not null))
);

create index data_access_requests_open_idx on public.data_access_requests (deadline) where status = 'open';
create index data_access_requests_phone_idx on public.data_access_requests (phone);

alter table public.data_access_requests enable row level security;
revoke all on table public.data_access_requests from public, anon, authenticated, service_role;
grant select on table public.data_access_requests to authenticated, service_role;

create policy data_access_requests_member_select on public.data_access_requests
  for select to authenticated
  using ((select private.is_admin()) or (kind = 'access_code' and (select private.is_staff())));
