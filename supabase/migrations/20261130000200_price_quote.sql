-- Pricing a quote, in one place: public.price_quote(draft) reads a draft's lines and answers every
-- line's amount and the totals, in integer paise. The builder's live totals call it, and saving a
-- quote stores its answer. Each line's amount is rounded once to the paisa (half away from zero);
-- the subtotal is the sum of the rounded lines, the taxable value the subtotal less the discounts,
-- GST is rounded once on the taxable value, and the total is taxable + GST.
--
-- A draft: {"lines": [line, ...]} with at most 50 lines, each an object with a "kind":
--   metal     {metal, weight_mg (1 to 1,000,000), rate_overridden (default false),
--              rate_paise_per_gram (only when overridden; 100 to 10,000,000)}: today's rate unless
--              overridden; amount = round(weight_mg × rate / 1000)
--   making    {basis: "per_gram", paise_per_gram}: × the metal lines' weight in grams
--             {basis: "percent", percent_bps (0 to 10,000)}: of the metal lines' amount
--             {basis: "flat", amount_paise}
--   stone     {stone_type (1 to 40 characters), count (1 to 500), carat_mct (milli-carats per stone,
--              1 to 100,000; optional), price_each_paise, certificate (up to 60; optional)};
--              amount = count × price_each_paise
--   other     {label (1 to 60), amount_paise (0 or more)}
--   discount  {amount_paise (more than 0)}; all discounts together at most the subtotal
-- Any amount, line or total, is at most ₹10 crore (10,000,000,000 paise).

-- A refusal naming the line (1-based) it is about.
create function private.refuse_line(line_number integer, status integer, code text, message text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_request(status, code, format('Line %s: %s', line_number, message));
end;
$$;

-- The whole number under `key` of a draft line, or null when absent and not required. 400
-- invalid_line for anything but a whole JSON number; `range_code` when outside low to high.
create function private.line_integer(
  line jsonb, line_number integer, key text, required boolean, low bigint, high bigint, range_code text, range_message text)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
declare
  value constant jsonb := line -> key;
begin
  if value is null or value = 'null'::jsonb then
    if required then
      perform private.refuse_line(line_number, 400, 'invalid_line', format('%s is missing.', key));
    end if;
    return null;
  end if;
  if jsonb_typeof(value) <> 'number' or value::text !~ '^-?[0-9]+$' then
    perform private.refuse_line(line_number, 400, 'invalid_line', format('%s must be a whole number.', key));
  end if;
  if value::text::numeric not between low and high then
    perform private.refuse_line(line_number, 400, range_code, range_message);
  end if;
  return value::text::bigint;
end;
$$;

-- The text under `key` of a draft line, trimmed: 1 to max_length characters without control
-- characters, or null when absent (or empty) and not required; else 400 invalid_line.
create function private.line_text(line jsonb, line_number integer, key text, required boolean, max_length integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  value constant jsonb := line -> key;
  cleaned text;
begin
  if value is not null and value <> 'null'::jsonb and jsonb_typeof(value) <> 'string' then
    perform private.refuse_line(line_number, 400, 'invalid_line', format('%s must be text.', key));
  end if;
  cleaned := nullif(private.trimmed(value #>> '{}'), '');
  if cleaned is null then
    if required then
      perform private.refuse_line(line_number, 400, 'invalid_line', format('%s is missing.', key));
    end if;
    return null;
  end if;
  if char_length(cleaned) > max_length or cleaned ~ '[[:cntrl:]]' then
    perform private.refuse_line(line_number, 400, 'invalid_line',
      format('%s is at most %s characters, without control characters.', key, max_length));
  end if;
  return cleaned;
end;
$$;

-- 400 amount_out_of_range when an amount is over ₹10 crore; answers the amount.
create function private.bounded_amount(amount numeric, what text)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
begin
  if amount > 10000000000 then
    perform private.refuse_request(400, 'amount_out_of_range', format('%s is over ₹10 crore.', what));
  end if;
  return amount::bigint;
end;
$$;

-- Today's rate of a metal in paise per gram and its date, or 409 rate_not_set.
create function private.todays_rate(metal text, out rate_paise_per_gram bigint, out rate_date date)
language plpgsql
stable
set search_path = ''
as $$
begin
  select m.rate_paise_per_gram, m.rate_date into rate_paise_per_gram, rate_date
  from public.metal_rates as m
  where m.metal = todays_rate.metal and m.rate_date <= private.ist_today()
  order by m.rate_date desc, m.set_at desc, m.id desc
  limit 1;
  if not found then
    perform private.refuse_request(409, 'rate_not_set', format('No rate is set for %s yet: set it, or override the rate on the line.', metal));
  end if;
end;
$$;

-- A metal line priced: {kind, metal, label, weight_mg, rate_paise_per_gram, rate_date (null when
-- overridden), rate_overridden, amount_paise}.
create function private.priced_metal_line(line jsonb, line_number integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  metal constant text := private.line_text(line, line_number, 'metal', true, 30);
  label text;
  weight_mg bigint;
  overridden boolean;
  rate bigint;
  rate_date date;
begin
  select k.label into label from public.metal_kinds as k where k.key = metal;
  if label is null then
    perform private.refuse_line(line_number, 400, 'unknown_metal', 'no such metal.');
  end if;
  weight_mg := private.line_integer(line, line_number, 'weight_mg', true, 1, 1000000,
    'weight_out_of_range', 'a weight is more than 0 and at most 1 kg.');
  if line ? 'rate_overridden' and jsonb_typeof(line -> 'rate_overridden') <> 'boolean' then
    perform private.refuse_line(line_number, 400, 'invalid_line', 'rate_overridden must be true or false.');
  end if;
  overridden := coalesce((line ->> 'rate_overridden')::boolean, false);
  if overridden then
    rate := private.line_integer(line, line_number, 'rate_paise_per_gram', true, 100, 10000000,
      'rate_out_of_range', 'a rate is ₹1 to ₹1,00,000 per gram.');
  else
    select r.rate_paise_per_gram, r.rate_date into rate, rate_date from private.todays_rate(metal) as r;
  end if;
  return jsonb_build_object('kind', 'metal', 'metal', metal, 'label', label, 'weight_mg', weight_mg,
    'rate_paise_per_gram', rate, 'rate_date', rate_date, 'rate_overridden', overridden,
    'amount_paise', private.bounded_amount(round(weight_mg::numeric * rate / 1000), format('Line %s', line_number)));
end;
$$;

-- A making line priced, given the metal lines' total weight and amount.
create function private.priced_making_line(line jsonb, line_number integer, metal_weight_mg bigint, metal_amount bigint)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  basis constant text := line ->> 'basis';
  what constant text := format('Line %s', line_number);
  value bigint;
begin
  if basis = 'per_gram' then
    value := private.line_integer(line, line_number, 'paise_per_gram', true, 0, 10000000,
      'amount_out_of_range', 'making per gram is ₹0 to ₹1,00,000.');
    return jsonb_build_object('kind', 'making', 'basis', basis, 'paise_per_gram', value,
      'amount_paise', private.bounded_amount(round(metal_weight_mg::numeric * value / 1000), what));
  elsif basis = 'percent' then
    value := private.line_integer(line, line_number, 'percent_bps', true, 0, 10000,
      'percent_out_of_range', 'a making percentage is 0% to 100%.');
    return jsonb_build_object('kind', 'making', 'basis', basis, 'percent_bps', value,
      'amount_paise', private.bounded_amount(round(metal_amount::numeric * value / 10000), what));
  elsif basis = 'flat' then
    value := private.line_integer(line, line_number, 'amount_paise', true, 0, 10000000000,
      'amount_out_of_range', 'an amount is ₹0 to ₹10 crore.');
    return jsonb_build_object('kind', 'making', 'basis', basis, 'amount_paise', value);
  end if;
  perform private.refuse_line(line_number, 400, 'invalid_line', 'basis is per_gram, percent or flat.');
  return null;
end;
$$;

create function private.priced_stone_line(line jsonb, line_number integer)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  stone_type constant text := private.line_text(line, line_number, 'stone_type', true, 40);
  stone_count constant bigint := private.line_integer(line, line_number, 'count', true, 1, 500,
    'count_out_of_range', 'a count is 1 to 500.');
  carat_mct constant bigint := private.line_integer(line, line_number, 'carat_mct', false, 1, 100000,
    'carat_out_of_range', 'a stone weighs 0.001 to 100 carats.');
  price_each constant bigint := private.line_integer(line, line_number, 'price_each_paise', true, 0, 10000000000,
    'amount_out_of_range', 'an amount is ₹0 to ₹10 crore.');
  certificate constant text := private.line_text(line, line_number, 'certificate', false, 60);
begin
  return jsonb_build_object('kind', 'stone', 'stone_type', stone_type, 'count', stone_count, 'carat_mct', carat_mct,
    'price_each_paise', price_each, 'certificate', certificate,
    'amount_paise', private.bounded_amount(stone_count::numeric * price_each, format('Line %s', line_number)));
end;
$$;

create function public.price_quote(draft jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  line jsonb;
  line_number integer := 0;
  kind text;
  priced jsonb;
  priced_lines jsonb := '[]';
  metal_weight_mg bigint := 0;
  metal_amount bigint := 0;
  subtotal numeric := 0;
  discount numeric := 0;
  taxable bigint;
  gst_bps constant integer := (select s.gst_bps from private.quote_settings as s);
  gst bigint;
begin
  perform private.require_member();
  if draft is null or jsonb_typeof(draft) <> 'object' or jsonb_typeof(draft -> 'lines') is distinct from 'array' then
    perform private.refuse_request(400, 'invalid_draft', 'A quote is an object with a list of lines.');
  end if;
  if jsonb_array_length(draft -> 'lines') > 50 then
    perform private.refuse_request(400, 'too_many_lines', 'A quote has at most 50 lines.');
  end if;
  for line in select value from jsonb_array_elements(draft -> 'lines') loop
    line_number := line_number + 1;
    if jsonb_typeof(line) <> 'object' then
      perform private.refuse_line(line_number, 400, 'invalid_line', 'a line is an object with a kind.');
    end if;
    if line ->> 'kind' = 'metal' then
      priced := private.priced_metal_line(line, line_number);
      metal_weight_mg := metal_weight_mg + (priced ->> 'weight_mg')::bigint;
      metal_amount := metal_amount + (priced ->> 'amount_paise')::bigint;
    end if;
  end loop;

  line_number := 0;
  for line in select value from jsonb_array_elements(draft -> 'lines') loop
    line_number := line_number + 1;
    kind := line ->> 'kind';
    if kind = 'metal' then
      priced := private.priced_metal_line(line, line_number);
    elsif kind = 'making' then
      priced := private.priced_making_line(line, line_number, metal_weight_mg, metal_amount);
    elsif kind = 'stone' then
      priced := private.priced_stone_line(line, line_number);
    elsif kind = 'other' then
      priced := jsonb_build_object('kind', 'other', 'label', private.line_text(line, line_number, 'label', true, 60),
        'amount_paise', private.line_integer(line, line_number, 'amount_paise', true, 0, 10000000000,
          'amount_out_of_range', 'an amount is ₹0 to ₹10 crore.'));
    elsif kind = 'discount' then
      priced := jsonb_build_object('kind', 'discount',
        'amount_paise', private.line_integer(line, line_number, 'amount_paise', true, 1, 10000000000,
          'amount_out_of_range', 'a discount is more than ₹0 and at most ₹10 crore.'));
    else
      perform private.refuse_line(line_number, 400, 'invalid_line', 'kind is metal, making, stone, other or discount.');
    end if;
    if kind = 'discount' then
      discount := discount + (priced ->> 'amount_paise')::bigint;
    else
      subtotal := subtotal + (priced ->> 'amount_paise')::bigint;
    end if;
    priced_lines := priced_lines || jsonb_build_array(priced);
  end loop;

  perform private.bounded_amount(subtotal, 'The subtotal');
  if discount > subtotal then
    perform private.refuse_request(400, 'discount_too_large', 'A discount is at most the subtotal.');
  end if;
  taxable := (subtotal - discount)::bigint;
  gst := round(taxable::numeric * gst_bps / 10000)::bigint;
  return jsonb_build_object(
    'lines', priced_lines,
    'subtotal_paise', subtotal::bigint,
    'discount_paise', discount::bigint,
    'taxable_paise', taxable,
    'gst_bps', gst_bps,
    'gst_paise', gst,
    'total_paise', private.bounded_amount(taxable + gst, 'The total')
  );
end;
$$;

revoke all on function private.refuse_line(integer, integer, text, text),
  private.line_integer(jsonb, integer, text, boolean, bigint, bigint, text, text),
  private.line_text(jsonb, integer, text, boolean, integer), private.bounded_amount(numeric, text),
  private.todays_rate(text), private.priced_metal_line(jsonb, integer),
  private.priced_making_line(jsonb, integer, bigint, bigint), private.priced_stone_line(jsonb, integer) from public;
revoke all on function public.price_quote(jsonb) from public, anon;
grant execute on function public.price_quote(jsonb) to authenticated;
