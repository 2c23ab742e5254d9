-- The leads tab filters by product type too. Like the status, occasion and budget filters, it gets an
-- index in the order the table opens in (newest first), so the first page of one product is read in
-- order from the index and its count from the index alone, however rare the product is, instead of
-- walking the newest leads until enough of that product turn up. (leads_requirements_order_idx starts
-- with product_type too, but its occasion comes before created_at, so it serves only the sort.)
create index leads_product_type_order_idx on public.leads (product_type, created_at desc, id desc);
