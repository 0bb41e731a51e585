-- The order view asks for every line whether it is invoiced yet (add to invoice): one index probe per line.
CREATE INDEX invoice_lines_order_item_idx ON invoice_lines (order_item_id);
