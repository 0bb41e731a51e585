-- A delivery's fee is charged (issue #18): it is billed as an invoice line of its own, tied to the delivery,
-- once. Credit notes reverse such a line without the tie (as they may for order items), so the index is
-- over the billing lines only and a refused second billing is a unique violation, even between two invoices
-- made at once.
ALTER TABLE invoice_lines
  ADD COLUMN delivery_id bigint REFERENCES deliveries(id),
  ADD CONSTRAINT invoice_lines_one_source CHECK (order_item_id IS NULL OR delivery_id IS NULL);
CREATE UNIQUE INDEX invoice_lines_delivery_key ON invoice_lines (delivery_id) WHERE delivery_id IS NOT NULL;
