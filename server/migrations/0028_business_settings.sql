-- Business settings screen (issue #18).
--
-- 1. The sale order default customer becomes a real customer: a quick sale without a customer is made for
--    it; NULL keeps the anonymous walk-in customer. The old text column stays for older readers.
-- 2. A tax is picked by name on products and on screens, so two taxes cannot share one.
-- 3. A tax named by a product or an invoice line, and a general ledger code with ledger rows, are kept for
--    the record: these indexes answer "is it used?" without reading the whole table.
ALTER TABLE business_info
  ADD COLUMN sale_default_customer_id integer REFERENCES customers(id) ON DELETE SET NULL;

-- Names that differ only in case or spaces read the same on a receipt: any such pair already there is
-- renamed apart first, so the rule can be added to every shop's database.
UPDATE taxes t SET name = t.name || ' (' || t.id || ')'
WHERE EXISTS (SELECT 1 FROM taxes o WHERE lower(btrim(o.name)) = lower(btrim(t.name)) AND o.id < t.id);
CREATE UNIQUE INDEX taxes_name_key ON taxes (lower(btrim(name)));

CREATE INDEX products_tax_idx ON products (tax_id) WHERE tax_id IS NOT NULL;
CREATE INDEX invoice_lines_tax_idx ON invoice_lines (tax_id) WHERE tax_id IS NOT NULL;
CREATE INDEX ledger_entries_gl_code_idx ON ledger_entries (gl_code);
