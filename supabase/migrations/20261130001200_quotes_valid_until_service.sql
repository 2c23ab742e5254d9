-- The service role (the server's secret key, never a browser's) may move a quote's valid-until date,
-- and nothing else of a quote: no screen can date a quote in the past, and the browser tests make a
-- shared quote expire this way to see what its link then says. Every other write stays with the
-- quote functions.
grant update (valid_until) on table public.quotes to service_role;
