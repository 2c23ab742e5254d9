-- The leads tab filters by product type too. Like the status, occasion and budget filters, it gets an
-- index in the order the table opens in (newest first), so any page of one product is read in order
-- from the index. leads_requirements_order_idx starts with product_type as well, but its occasion
-- comes before created_at: through it a page means sorting all of that product's leads, or else the
-- planner walks the newest leads until enough of the product turn up.
create index leads_product_type_order_idx on public.leads (product_type, created_at desc, id desc);
