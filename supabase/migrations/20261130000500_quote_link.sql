-- The customer's link to a shared quote (<site>/quote#<token>), like the booking's manage link: the
-- token is 43 base64url characters and only its SHA-256 is stored. Three functions for anyone
-- holding a token: read the quote, approve it, ask for changes. Every call counts against the
-- caller's address ('quote_link'). Refusals: a malformed, unknown or tampered token 404
-- link_not_valid; a version replaced by a newer shared one 410 quote_superseded; a quote past its
-- valid-until date (India time) and not approved 410 quote_expired; approving or asking for changes
-- after approval 409 already_approved. Approval records the time and the customer's name and creates
-- the order in the same transaction; it is final for that version.

insert into private.rate_limits (action, max_requests, per) values ('quote_link', 30, interval '10 minutes');

-- The quote a token opens, locked for the change that follows, or null. Counts the call.
create function private.linked_quote(token text)
returns public.quotes
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_row public.quotes;
begin
  perform private.take_rate_limit('quote_link');
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    return null;
  end if;
  select q.* into found_row
  from public.quotes as q
  where q.share_token_hash = private.link_token_hash(token)
  for update;
  return found_row;
end;
$$;

-- Refuses a link that opens nothing, a superseded version, or (unless approved, when
-- `approved_is_final`) an expired one; answers the quote.
create function private.open_quote(token text, approved_is_final boolean)
returns public.quotes
language plpgsql
security definer
set search_path = ''
as $$
declare
  quote public.quotes := private.linked_quote(token);
begin
  if quote.id is null then
    perform private.refuse_request(404, 'link_not_valid', 'This link is not valid. Please check it, or ask us to send it again.');
  end if;
  if quote.status = 'superseded' then
    perform private.refuse_request(410, 'quote_superseded', 'This quote has been replaced by a newer one. Please use the latest link we sent you.');
  end if;
  if quote.status = 'approved' and approved_is_final then
    perform private.refuse_request(409, 'already_approved', 'You have already approved this quote.');
  end if;
  if quote.status <> 'approved' and quote.valid_until < private.ist_today() then
    perform private.refuse_request(410, 'quote_expired', 'This quote has expired. Please ask us for a new one.');
  end if;
  return quote;
end;
$$;

-- What the customer's page shows of a quote, and nothing else: never the phone, the staff or other
-- versions. Lines without how their rate was chosen.
create function private.customer_quote(quote public.quotes)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'version', quote.version,
    'status', quote.status,
    'valid_until', quote.valid_until,
    'language', l.language,
    'first_name', pg_catalog.split_part(private.trimmed(l.name), ' ', 1),
    'lines', (select coalesce(jsonb_agg(line - 'rate_overridden' - 'rate_date' order by place), '[]')
              from jsonb_array_elements(quote.lines) with ordinality as lines(line, place)),
    'subtotal_paise', quote.subtotal_paise,
    'discount_paise', quote.discount_paise,
    'taxable_paise', quote.subtotal_paise - quote.discount_paise,
    'gst_bps', quote.gst_bps,
    'gst_paise', quote.gst_paise,
    'total_paise', quote.total_paise,
    'customer_comment', quote.customer_comment,
    'approved_at', quote.approved_at,
    'approved_name', quote.approved_name,
    'reference_image', l.reference_image
  )
  from public.leads as l
  where l.id = quote.lead_id
$$;

revoke all on function private.linked_quote(text), private.open_quote(text, boolean), private.customer_quote(public.quotes) from public;

-- The quote the token opens, approved ones included (see private.customer_quote for the answer).
create function public.quote_for_customer(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.customer_quote(private.open_quote(token, false));
end;
$$;

-- The customer approves with their name (1 to 80 characters; 400 invalid_name): the version is
-- approved, with the time and the name, and its order is created. Answers the quote as
-- quote_for_customer does.
create function public.quote_approve(token text, name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  quote public.quotes := private.open_quote(token, true);
  cleaned constant text := private.trimmed(name);
  created_order public.orders;
begin
  if cleaned is null or char_length(cleaned) not between 1 and 80 or cleaned ~ '[[:cntrl:]]' then
    perform private.refuse_request(400, 'invalid_name', 'Please type your name (up to 80 characters).');
  end if;
  update public.quotes as q
  set status = 'approved', approved_at = now(), approved_name = cleaned, updated_at = now()
  where q.id = quote.id
  returning * into quote;
  insert into public.orders (quote_id, lead_id, total_paise)
  values (quote.id, quote.lead_id, quote.total_paise)
  returning * into created_order;
  perform private.record_lead_event(quote.lead_id, 'quote_approved',
    jsonb_build_object('quote_id', quote.id, 'version', quote.version, 'name', cleaned, 'order_id', created_order.id,
      'total_paise', quote.total_paise));
  return private.customer_quote(quote);
end;
$$;

-- The customer asks for changes with a comment (1 to 1,000 characters; 400 invalid_comment). Asking
-- again replaces the comment. Answers the quote as quote_for_customer does.
create function public.quote_request_changes(token text, comment text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  quote public.quotes := private.open_quote(token, true);
  cleaned constant text := private.trimmed(comment);
begin
  if cleaned is null or char_length(cleaned) not between 1 and 1000 or not private.is_plain_text(cleaned) then
    perform private.refuse_request(400, 'invalid_comment', 'Please write what you would like changed (up to 1,000 characters).');
  end if;
  update public.quotes as q
  set status = 'changes_requested', customer_comment = cleaned, changes_requested_at = now(), updated_at = now()
  where q.id = quote.id
  returning * into quote;
  perform private.record_lead_event(quote.lead_id, 'quote_changes_requested',
    jsonb_build_object('quote_id', quote.id, 'version', quote.version, 'comment', cleaned));
  return private.customer_quote(quote);
end;
$$;

revoke all on function public.quote_for_customer(text), public.quote_approve(text, text),
  public.quote_request_changes(text, text) from public;
grant execute on function public.quote_for_customer(text), public.quote_approve(text, text),
  public.quote_request_changes(text, text) to anon, authenticated, service_role;
