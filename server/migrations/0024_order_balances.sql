-- The order lists' balance filters at a million orders (issue #17): paid (payments less refunds) and the
-- number of unbalanced invoices are kept on each order, so the filters read a column an index serves
-- instead of summing payments and refunds for every order they pass (1.2-6.8 s). Like the settlements
-- (0013), they are derived by the database, never written by the application: statement triggers on
-- payments, refunds and invoice_settlements apply each change as a delta in the writer's transaction
-- (deltas, so two clerks paying one order at once both count: the UPDATE waits for the other's row lock
-- and adds to what it committed). lib/integrity.ts checks both against fresh sums.
ALTER TABLE orders
  ADD COLUMN paid_minor bigint NOT NULL DEFAULT 0,
  -- Invoices of the order whose total differs from what was paid on them (the "not balanced" flag).
  ADD COLUMN unbalanced_invoices integer NOT NULL DEFAULT 0;

-- The settlement row carries its invoice's order, location and list, so the invoice lists' paid and balance
-- sorts walk one index (location, list, figure) instead of sorting every settlement of the list.
ALTER TABLE invoice_settlements
  ADD COLUMN order_id bigint,
  ADD COLUMN location_id integer,
  ADD COLUMN list text;
UPDATE invoice_settlements s SET order_id = i.order_id, location_id = i.location_id, list = i.list
FROM invoices i WHERE i.id = s.invoice_id;
ALTER TABLE invoice_settlements ALTER COLUMN location_id SET NOT NULL, ALTER COLUMN list SET NOT NULL;
CREATE INDEX invoice_settlements_list_paid_idx ON invoice_settlements (location_id, list, paid_minor, invoice_id);
CREATE INDEX invoice_settlements_list_balance_idx
  ON invoice_settlements (location_id, list, (total_minor + credited_minor - paid_minor), invoice_id);

CREATE OR REPLACE FUNCTION invoice_settlements_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_settlements (invoice_id, total_minor, credited_minor, order_id, location_id, list)
      SELECT id, total_minor, CASE WHEN refund_id IS NULL THEN 0 ELSE -total_minor END, order_id, location_id, list
      FROM new_rows;
    UPDATE invoice_settlements s SET credited_minor = s.credited_minor + c.total
    FROM (SELECT credits_invoice_id AS id, sum(total_minor) AS total FROM new_rows
          WHERE credits_invoice_id IS NOT NULL GROUP BY 1) c
    WHERE s.invoice_id = c.id;
  ELSE
    UPDATE invoice_settlements s
    SET total_minor = n.total_minor, order_id = n.order_id, location_id = n.location_id, list = n.list
    FROM new_rows n WHERE s.invoice_id = n.id
      AND (s.total_minor, s.order_id, s.location_id, s.list) IS DISTINCT FROM (n.total_minor, n.order_id, n.location_id, n.list);
  END IF;
  RETURN NULL;
END $$;

-- Adds each order's delta to its paid amount.
CREATE FUNCTION orders_paid_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o SET paid_minor = o.paid_minor + d.delta
  FROM (
    SELECT (e->>'order_id')::bigint AS order_id, sum((e->>'delta')::bigint) AS delta
    FROM jsonb_array_elements(deltas) e
    WHERE e->>'order_id' IS NOT NULL
    GROUP BY 1
  ) d
  WHERE o.id = d.order_id AND d.delta <> 0;
$$;

CREATE FUNCTION orders_paid_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', order_id, 'delta', amount_minor))
      FROM new_rows WHERE order_id IS NOT NULL), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', order_id, 'delta', -amount_minor))
      FROM old_rows WHERE order_id IS NOT NULL), '[]');
  END IF;
  -- A payment moved to another order carries its refunds with it.
  IF TG_OP = 'UPDATE' THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', x.order_id, 'delta', x.delta))
      FROM (
        SELECT o.order_id, sum(r.amount_minor) AS delta FROM old_rows o JOIN refunds r ON r.payment_id = o.id
        WHERE o.order_id IS NOT NULL GROUP BY o.order_id
        UNION ALL
        SELECT n.order_id, -sum(r.amount_minor) FROM new_rows n JOIN refunds r ON r.payment_id = n.id
        WHERE n.order_id IS NOT NULL GROUP BY n.order_id
      ) x), '[]');
  END IF;
  PERFORM orders_paid_add(deltas);
  RETURN NULL;
END $$;
CREATE TRIGGER orders_paid_on_payment_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_paid_payments();
CREATE TRIGGER orders_paid_on_payment_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION orders_paid_payments();
CREATE TRIGGER orders_paid_on_payment_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_paid_payments();

CREATE FUNCTION orders_paid_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', p.order_id, 'delta', -n.amount_minor))
      FROM new_rows n JOIN payments p ON p.id = n.payment_id WHERE p.order_id IS NOT NULL), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', p.order_id, 'delta', o.amount_minor))
      FROM old_rows o JOIN payments p ON p.id = o.payment_id WHERE p.order_id IS NOT NULL), '[]');
  END IF;
  PERFORM orders_paid_add(deltas);
  RETURN NULL;
END $$;
CREATE TRIGGER orders_paid_on_refund_insert AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_paid_refunds();
CREATE TRIGGER orders_paid_on_refund_update AFTER UPDATE ON refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION orders_paid_refunds();
CREATE TRIGGER orders_paid_on_refund_delete AFTER DELETE ON refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_paid_refunds();

-- An invoice is unbalanced while its total differs from what was paid on it (credit notes aside, as the list
-- always read it). Every change of a settlement row (an invoice added, paid, refunded, its total changed)
-- moves the count of its order's unbalanced invoices.
CREATE FUNCTION orders_unbalanced_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o SET unbalanced_invoices = o.unbalanced_invoices + d.delta
  FROM (
    SELECT (e->>'order_id')::bigint AS order_id, sum((e->>'delta')::int) AS delta
    FROM jsonb_array_elements(deltas) e
    WHERE e->>'order_id' IS NOT NULL
    GROUP BY 1
  ) d
  WHERE o.id = d.order_id AND d.delta <> 0;
$$;

CREATE FUNCTION orders_unbalanced_settlements() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', order_id, 'delta', 1))
      FROM new_rows WHERE order_id IS NOT NULL AND total_minor <> paid_minor), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', order_id, 'delta', -1))
      FROM old_rows WHERE order_id IS NOT NULL AND total_minor <> paid_minor), '[]');
  END IF;
  PERFORM orders_unbalanced_add(deltas);
  RETURN NULL;
END $$;
CREATE TRIGGER orders_unbalanced_on_settlement_insert AFTER INSERT ON invoice_settlements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_unbalanced_settlements();
CREATE TRIGGER orders_unbalanced_on_settlement_update AFTER UPDATE ON invoice_settlements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION orders_unbalanced_settlements();
CREATE TRIGGER orders_unbalanced_on_settlement_delete AFTER DELETE ON invoice_settlements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_unbalanced_settlements();

-- The one fresh count of both, for the backfill below and the bulk-load rebuild.
CREATE FUNCTION orders_balances_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE orders o SET paid_minor = f.paid, unbalanced_invoices = f.unbalanced
  FROM (
    SELECT o.id, coalesce(p.paid, 0) AS paid, coalesce(u.n, 0) AS unbalanced
    FROM orders o
    LEFT JOIN (
      SELECT pay.order_id, sum(pay.amount_minor - coalesce(r.refunded, 0)) AS paid
      FROM payments pay
      LEFT JOIN (SELECT payment_id, sum(amount_minor) AS refunded FROM refunds GROUP BY payment_id) r
        ON r.payment_id = pay.id
      WHERE pay.order_id IS NOT NULL
      GROUP BY pay.order_id
    ) p ON p.order_id = o.id
    LEFT JOIN (
      SELECT order_id, count(*) AS n FROM invoice_settlements
      WHERE order_id IS NOT NULL AND total_minor <> paid_minor GROUP BY order_id
    ) u ON u.order_id = o.id
  ) f
  WHERE o.id = f.id AND (o.paid_minor, o.unbalanced_invoices) IS DISTINCT FROM (f.paid, f.unbalanced);
$$;
SELECT orders_balances_rebuild();

-- A bulk load runs as a replica (no triggers): the rebuild fills the new columns too. Otherwise as in 0023.
CREATE OR REPLACE FUNCTION rebuild_derived_tables() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_totals;
  INSERT INTO product_totals (product_id, rent_count, rent_minutes, revenue_minor)
    SELECT product_id, sum(order_item_rent_count(oi)), sum(order_item_rent_minutes(oi)), sum(order_item_revenue(oi))
    FROM order_items oi GROUP BY product_id;
  DELETE FROM item_totals;
  INSERT INTO item_totals (item_id, revenue_minor)
    SELECT item_id, sum(order_item_revenue(oi)) FROM order_items oi WHERE item_id IS NOT NULL GROUP BY item_id;

  DELETE FROM invoice_settlements;
  INSERT INTO invoice_settlements (invoice_id, total_minor, paid_minor, credited_minor, order_id, location_id, list)
    SELECT i.id, i.total_minor, coalesce(p.paid, 0),
           coalesce(c.credited, 0) + CASE WHEN i.refund_id IS NULL THEN 0 ELSE -i.total_minor END,
           i.order_id, i.location_id, i.list
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

  SELECT orders_balances_rebuild();

  UPDATE orders o SET customer_last_name = c.last_name FROM customers c
  WHERE c.id = o.customer_id AND o.customer_last_name IS DISTINCT FROM c.last_name;

  SELECT booked_days_rebuild(id) FROM locations;
$$;

-- The balance filters of the order lists, by status and the default sort (newest first); a filter's other
-- sorts read its few orders from here and sort them. Each predicate is the list's own clause, word for word
-- (order-list.ts), so the planner can prove it. Paid orders are most of a list: its sort indexes serve them.
CREATE INDEX orders_rent_partially_paid_idx ON orders (location_id, status, created_at, id)
  WHERE type <> 'sale' AND paid_minor > 0 AND paid_minor < total_minor;
CREATE INDEX orders_rent_unpaid_idx ON orders (location_id, status, created_at, id)
  WHERE type <> 'sale' AND total_minor > 0 AND paid_minor <= 0;
CREATE INDEX orders_rent_unbalanced_idx ON orders (location_id, status, created_at, id)
  WHERE type <> 'sale' AND unbalanced_invoices > 0;
CREATE INDEX orders_sale_partially_paid_idx ON orders (location_id, status, created_at, id)
  WHERE type = 'sale' AND paid_minor > 0 AND paid_minor < total_minor;
CREATE INDEX orders_sale_unpaid_idx ON orders (location_id, status, created_at, id)
  WHERE type = 'sale' AND total_minor > 0 AND paid_minor <= 0;
CREATE INDEX orders_sale_unbalanced_idx ON orders (location_id, status, created_at, id)
  WHERE type = 'sale' AND unbalanced_invoices > 0;
