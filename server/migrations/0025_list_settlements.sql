-- Lists at a million orders, second pass (issue #17).
--
-- 1. The invoice lists' balance filter ("partially paid", "unpaid"...) counted by joining every invoice of the
--    list to its settlement (47 ms at 150,000 invoices, on every request) and paged newest first by probing the
--    settlement of each invoice it passed. The settlement row now carries its invoice's creation time too, so
--    one index (location, list, state, created) answers both from the settlements alone.
-- 2. The dashboard read every refund to find the day's.
-- 3. The two delta functions of 0024 become one, which also locks the orders it moves in id order: two
--    statements moving the same orders in opposite orders would otherwise deadlock.
ALTER TABLE invoice_settlements ADD COLUMN created_at timestamptz;
UPDATE invoice_settlements s SET created_at = i.created_at FROM invoices i WHERE i.id = s.invoice_id;
ALTER TABLE invoice_settlements ALTER COLUMN created_at SET NOT NULL;
CREATE INDEX invoice_settlements_list_state_created_idx
  ON invoice_settlements (location_id, list, state, created_at, invoice_id);

-- The dashboard's takings of the day subtract the day's refunds: without this it read every refund (11 ms at
-- 70,000 refunds, on every dashboard load).
CREATE INDEX refunds_created_idx ON refunds (created_at);

CREATE OR REPLACE FUNCTION invoice_settlements_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_settlements (invoice_id, total_minor, credited_minor, order_id, location_id, list, created_at)
      SELECT id, total_minor, CASE WHEN refund_id IS NULL THEN 0 ELSE -total_minor END, order_id, location_id, list,
             created_at
      FROM new_rows;
    UPDATE invoice_settlements s SET credited_minor = s.credited_minor + c.total
    FROM (SELECT credits_invoice_id AS id, sum(total_minor) AS total FROM new_rows
          WHERE credits_invoice_id IS NOT NULL GROUP BY 1) c
    WHERE s.invoice_id = c.id;
  ELSE
    UPDATE invoice_settlements s
    SET total_minor = n.total_minor, order_id = n.order_id, location_id = n.location_id, list = n.list,
        created_at = n.created_at
    FROM new_rows n WHERE s.invoice_id = n.id
      AND (s.total_minor, s.order_id, s.location_id, s.list, s.created_at)
        IS DISTINCT FROM (n.total_minor, n.order_id, n.location_id, n.list, n.created_at);
  END IF;
  RETURN NULL;
END $$;

-- A bulk load runs as a replica (no triggers): the rebuild copies the creation time too. Otherwise as in 0024.
CREATE OR REPLACE FUNCTION rebuild_derived_tables() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_totals;
  INSERT INTO product_totals (product_id, rent_count, rent_minutes, revenue_minor)
    SELECT product_id, sum(order_item_rent_count(oi)), sum(order_item_rent_minutes(oi)), sum(order_item_revenue(oi))
    FROM order_items oi GROUP BY product_id;
  DELETE FROM item_totals;
  INSERT INTO item_totals (item_id, revenue_minor)
    SELECT item_id, sum(order_item_revenue(oi)) FROM order_items oi WHERE item_id IS NOT NULL GROUP BY item_id;

  DELETE FROM invoice_settlements;
  INSERT INTO invoice_settlements (invoice_id, total_minor, paid_minor, credited_minor, order_id, location_id, list,
                                   created_at)
    SELECT i.id, i.total_minor, coalesce(p.paid, 0),
           coalesce(c.credited, 0) + CASE WHEN i.refund_id IS NULL THEN 0 ELSE -i.total_minor END,
           i.order_id, i.location_id, i.list, i.created_at
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

-- Adds each order's deltas to its paid amount and its count of unbalanced invoices (either may be null),
-- after locking those orders in id order.
CREATE FUNCTION orders_balances_add(paid_deltas jsonb, unbalanced_deltas jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT count(*) FROM (
    SELECT 1 FROM orders o
    WHERE o.id IN (SELECT (e->>'order_id')::bigint
                   FROM jsonb_array_elements(coalesce(paid_deltas, '[]') || coalesce(unbalanced_deltas, '[]')) e)
    ORDER BY o.id FOR NO KEY UPDATE
  ) locked;
  UPDATE orders o SET paid_minor = o.paid_minor + t.paid, unbalanced_invoices = o.unbalanced_invoices + t.unbalanced
  FROM (
    SELECT order_id, sum(paid)::bigint AS paid, sum(unbalanced)::int AS unbalanced
    FROM (
      SELECT (e->>'order_id')::bigint AS order_id, (e->>'delta')::bigint AS paid, 0 AS unbalanced
      FROM jsonb_array_elements(coalesce(paid_deltas, '[]')) e
      UNION ALL
      SELECT (e->>'order_id')::bigint, 0, (e->>'delta')::int FROM jsonb_array_elements(coalesce(unbalanced_deltas, '[]')) e
    ) d
    WHERE order_id IS NOT NULL
    GROUP BY order_id
    HAVING sum(paid) <> 0 OR sum(unbalanced) <> 0
  ) t
  WHERE o.id = t.order_id;
$$;

CREATE OR REPLACE FUNCTION orders_paid_payments() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM orders_balances_add(deltas, NULL);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION orders_paid_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM orders_balances_add(deltas, NULL);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION orders_unbalanced_settlements() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM orders_balances_add(NULL, deltas);
  RETURN NULL;
END $$;

DROP FUNCTION orders_paid_add(jsonb);
DROP FUNCTION orders_unbalanced_add(jsonb);
