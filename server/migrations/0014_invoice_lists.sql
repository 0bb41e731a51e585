-- Invoice lists (invoices/rents, invoices/sale) and credit notes.
-- A credit note or an ad-hoc charge belongs to the list of its order, so the row says whether that order
-- is a sale (set when modules/money creates one); `list` then puts each list in one index range by date.
ALTER TABLE invoices ADD COLUMN of_sale_order boolean NOT NULL DEFAULT false;
UPDATE invoices SET of_sale_order = true
  WHERE type IN ('adhoc', 'credit_note') AND order_id IN (SELECT id FROM orders WHERE type = 'sale');
ALTER TABLE invoices ADD COLUMN list text
  GENERATED ALWAYS AS (CASE WHEN type = 'sale' OR of_sale_order THEN 'sale' ELSE 'rents' END) STORED;
CREATE INDEX invoices_loc_list_created_idx ON invoices (location_id, list, created_at, id);
CREATE INDEX invoices_loc_list_number_idx ON invoices (location_id, list, number);

-- A posted invoice is corrected by one credit note: at most one per invoice.
CREATE UNIQUE INDEX invoices_one_credit_note ON invoices (credits_invoice_id) WHERE credits_invoice_id IS NOT NULL;
