-- Lists at a million orders (issue #17). Every list pages its keys first through an index that serves its
-- filter and sort (lib/paging.ts `byKey`), so a page costs its rows plus one index entry per skipped row.

-- Customer search whatever the case and accents: "garcia" finds "García". The column is normalised like the
-- catalogue's (migration 0021), and searches normalise their pattern the same way (customer-search.ts).
ALTER TABLE customers ALTER COLUMN search_text SET EXPRESSION AS (
  search_normalize(first_name || ' ' || last_name || ' ' || coalesce(email::text, '') || ' ' || coalesce(phone, ''))
);

-- Sorting orders by customer joined every order of the location to its customer before the first row
-- (719 ms at 220,000 rent orders). The order keeps its customer's last name, so an index serves the sort.
ALTER TABLE orders ADD COLUMN customer_last_name text;
UPDATE orders o SET customer_last_name = c.last_name FROM customers c WHERE c.id = o.customer_id;

-- FOR SHARE waits for a rename in flight and reads its result; the rename's own update of the orders then
-- sees this order once it commits, so neither order of the two leaves a stale name.
CREATE FUNCTION orders_customer_last_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.customer_last_name := (SELECT last_name FROM customers WHERE id = NEW.customer_id FOR SHARE);
  RETURN NEW;
END $$;
CREATE TRIGGER orders_customer_last_name BEFORE INSERT OR UPDATE OF customer_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_customer_last_name();

CREATE FUNCTION customers_last_name_to_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET customer_last_name = NEW.last_name
  WHERE customer_id = NEW.id AND customer_last_name IS DISTINCT FROM NEW.last_name;
  RETURN NULL;
END $$;
CREATE TRIGGER customers_last_name_to_orders AFTER UPDATE OF last_name ON customers
  FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION customers_last_name_to_orders();

-- A bulk load runs as a replica (no row triggers): the rebuild fills the column too. Otherwise as in 0022.
CREATE OR REPLACE FUNCTION rebuild_derived_tables() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_totals;
  INSERT INTO product_totals (product_id, rent_count, rent_minutes, revenue_minor)
    SELECT product_id, sum(order_item_rent_count(oi)), sum(order_item_rent_minutes(oi)), sum(order_item_revenue(oi))
    FROM order_items oi GROUP BY product_id;
  DELETE FROM item_totals;
  INSERT INTO item_totals (item_id, revenue_minor)
    SELECT item_id, sum(order_item_revenue(oi)) FROM order_items oi WHERE item_id IS NOT NULL GROUP BY item_id;

  DELETE FROM invoice_settlements;
  INSERT INTO invoice_settlements (invoice_id, total_minor, paid_minor, credited_minor)
    SELECT i.id, i.total_minor, coalesce(p.paid, 0),
           coalesce(c.credited, 0) + CASE WHEN i.refund_id IS NULL THEN 0 ELSE -i.total_minor END
    FROM invoices i
    LEFT JOIN (
      SELECT pay.invoice_id, sum(pay.amount_minor - coalesce(r.refunded, 0)) AS paid
      FROM payments pay
      LEFT JOIN (SELECT payment_id, sum(amount_minor) AS refunded FROM refunds GROUP BY payment_id) r
        ON r.payment_id = pay.id
      WHERE pay.invoice_id IS NOT NULL
      GROUP BY pay.invoice_id
    ) p ON p.invoice_id = i.id
    LEFT JOIN (
      SELECT credits_invoice_id, sum(total_minor) AS credited FROM invoices
      WHERE credits_invoice_id IS NOT NULL GROUP BY credits_invoice_id
    ) c ON c.credits_invoice_id = i.id;

  UPDATE orders o SET customer_last_name = c.last_name FROM customers c
  WHERE c.id = o.customer_id AND o.customer_last_name IS DISTINCT FROM c.last_name;

  SELECT booked_days_rebuild(id) FROM locations;
$$;

-- The order lists' other sorts, each ending with id like the list's ORDER BY. Never-null columns take one
-- index for both directions; nullable ones are sorted nulls last both ways, so each direction has its own.
CREATE INDEX orders_rent_status_finish_idx ON orders (location_id, status, planned_finish, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_total_idx ON orders (location_id, total_minor, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_status_idx ON orders (location_id, status, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_customer_idx ON orders (location_id, customer_last_name, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_customer_desc_idx ON orders (location_id, customer_last_name DESC NULLS LAST, id DESC)
  WHERE type <> 'sale';
CREATE INDEX orders_rent_actual_start_idx ON orders (location_id, actual_start, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_actual_start_desc_idx ON orders (location_id, actual_start DESC NULLS LAST, id DESC)
  WHERE type <> 'sale';
CREATE INDEX orders_rent_actual_finish_idx ON orders (location_id, actual_finish, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_actual_finish_desc_idx ON orders (location_id, actual_finish DESC NULLS LAST, id DESC)
  WHERE type <> 'sale';
CREATE INDEX orders_rent_closed_idx ON orders (location_id, closed_at, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_closed_desc_idx ON orders (location_id, closed_at DESC NULLS LAST, id DESC)
  WHERE type <> 'sale';
CREATE INDEX orders_rent_cancelled_idx ON orders (location_id, cancelled_at, id) WHERE type <> 'sale';
CREATE INDEX orders_rent_cancelled_desc_idx ON orders (location_id, cancelled_at DESC NULLS LAST, id DESC)
  WHERE type <> 'sale';

CREATE INDEX orders_sale_total_idx ON orders (location_id, total_minor, id) WHERE type = 'sale';
CREATE INDEX orders_sale_status_idx ON orders (location_id, status, id) WHERE type = 'sale';
CREATE INDEX orders_sale_customer_idx ON orders (location_id, customer_last_name, id) WHERE type = 'sale';
CREATE INDEX orders_sale_customer_desc_idx ON orders (location_id, customer_last_name DESC NULLS LAST, id DESC)
  WHERE type = 'sale';
CREATE INDEX orders_sale_closed_idx ON orders (location_id, closed_at, id) WHERE type = 'sale';
CREATE INDEX orders_sale_closed_desc_idx ON orders (location_id, closed_at DESC NULLS LAST, id DESC)
  WHERE type = 'sale';
CREATE INDEX orders_sale_cancelled_idx ON orders (location_id, cancelled_at, id) WHERE type = 'sale';
CREATE INDEX orders_sale_cancelled_desc_idx ON orders (location_id, cancelled_at DESC NULLS LAST, id DESC)
  WHERE type = 'sale';

-- A sale has no planned or actual times of its own, but the list offers those sorts too.
CREATE INDEX orders_sale_start_idx ON orders (location_id, planned_start, id) WHERE type = 'sale';
CREATE INDEX orders_sale_finish_idx ON orders (location_id, planned_finish, id) WHERE type = 'sale';
CREATE INDEX orders_sale_actual_start_idx ON orders (location_id, actual_start, id) WHERE type = 'sale';
CREATE INDEX orders_sale_actual_start_desc_idx ON orders (location_id, actual_start DESC NULLS LAST, id DESC)
  WHERE type = 'sale';
CREATE INDEX orders_sale_actual_finish_idx ON orders (location_id, actual_finish, id) WHERE type = 'sale';
CREATE INDEX orders_sale_actual_finish_desc_idx ON orders (location_id, actual_finish DESC NULLS LAST, id DESC)
  WHERE type = 'sale';

-- The number sort pages its ids from the index alone (0003's number indexes hold no id).
CREATE INDEX orders_rent_number_id_idx ON orders (location_id, number, id) WHERE type <> 'sale';
CREATE INDEX orders_sale_number_id_idx ON orders (location_id, number, id) WHERE type = 'sale';
DROP INDEX orders_rent_number_idx;
DROP INDEX orders_sale_number_idx;

-- A search's orders by their customers (an array of the few matching ones), counted from the index alone.
CREATE INDEX orders_rent_customer_location_idx ON orders (customer_id, location_id, id) WHERE type <> 'sale';
CREATE INDEX orders_sale_customer_location_idx ON orders (customer_id, location_id, id) WHERE type = 'sale';

-- The counter's status groups (departures, arrivals, overdue: several statuses each) by their usual sorts;
-- the overdue test reads planned_finish from the index too.
CREATE INDEX orders_rent_out_created_idx ON orders (location_id, created_at, id) INCLUDE (planned_finish)
  WHERE type <> 'sale' AND status IN ('delivered', 'partially-delivered', 'partially-returned');
CREATE INDEX orders_rent_out_finish_idx ON orders (location_id, planned_finish, id)
  WHERE type <> 'sale' AND status IN ('delivered', 'partially-delivered', 'partially-returned');
CREATE INDEX orders_rent_departure_created_idx ON orders (location_id, created_at, id)
  WHERE type <> 'sale' AND status IN ('pending', 'confirmed');
CREATE INDEX orders_rent_departure_start_idx ON orders (location_id, planned_start, id)
  WHERE type <> 'sale' AND status IN ('pending', 'confirmed');

-- The invoice lists' other sorts (paid and balance live in invoice_settlements, sorted after a join).
CREATE INDEX invoices_loc_list_type_idx ON invoices (location_id, list, type, id);
CREATE INDEX invoices_loc_list_in_progress_idx ON invoices (location_id, list, in_progress_at, id);
CREATE INDEX invoices_loc_list_subtotal_idx ON invoices (location_id, list, subtotal_minor, id);
CREATE INDEX invoices_loc_list_discount_idx ON invoices (location_id, list, discount_minor, id);
CREATE INDEX invoices_loc_list_tax_idx ON invoices (location_id, list, tax_minor, id);
CREATE INDEX invoices_loc_list_total_idx ON invoices (location_id, list, total_minor, id);
CREATE INDEX invoices_loc_list_posted_idx ON invoices (location_id, list, posted_at, id);
CREATE INDEX invoices_loc_list_posted_desc_idx ON invoices (location_id, list, posted_at DESC NULLS LAST, id DESC);
CREATE INDEX invoices_loc_list_billing_from_idx ON invoices (location_id, list, billing_from, id);
CREATE INDEX invoices_loc_list_billing_from_desc_idx
  ON invoices (location_id, list, billing_from DESC NULLS LAST, id DESC);
CREATE INDEX invoices_loc_list_billing_to_idx ON invoices (location_id, list, billing_to, id);
CREATE INDEX invoices_loc_list_billing_to_desc_idx
  ON invoices (location_id, list, billing_to DESC NULLS LAST, id DESC);

-- The customer list's sorts, ending with id; the e-mail sorts as text (the list's output column).
CREATE INDEX customers_list_name_idx ON customers (last_name, first_name, id) WHERE NOT is_anonymous;
CREATE INDEX customers_list_created_idx ON customers (created_at, id) WHERE NOT is_anonymous;
CREATE INDEX customers_list_email_idx ON customers ((email::text), id) WHERE NOT is_anonymous;
CREATE INDEX customers_list_email_desc_idx ON customers ((email::text) DESC NULLS LAST, id DESC)
  WHERE NOT is_anonymous;
