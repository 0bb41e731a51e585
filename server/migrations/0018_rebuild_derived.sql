-- Tables the database derives from others (rent totals, paid per invoice, booked units per day) are kept by
-- triggers. A bulk load that skips triggers (the demo seed runs as a replica for speed) must count them
-- afresh afterwards: this is the one place that knows how. Each part is the same sum its migration
-- (0009, 0013, 0016) backfilled with.
CREATE FUNCTION rebuild_derived_tables() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_totals;
  INSERT INTO product_totals (product_id, rent_count, rent_minutes, revenue_minor)
    SELECT product_id, sum(order_item_rent_count(oi)), sum(order_item_rent_minutes(oi)), sum(order_item_revenue(oi))
    FROM order_items oi GROUP BY product_id;
  DELETE FROM item_totals;
  INSERT INTO item_totals (item_id, revenue_minor)
    SELECT item_id, sum(order_item_revenue(oi)) FROM order_items oi WHERE item_id IS NOT NULL GROUP BY item_id;

  DELETE FROM invoice_settlements;
  INSERT INTO invoice_settlements (invoice_id, total_minor, paid_minor)
    SELECT i.id, i.total_minor, coalesce(p.paid, 0)
    FROM invoices i
    LEFT JOIN (
      SELECT pay.invoice_id, sum(pay.amount_minor - coalesce(r.refunded, 0)) AS paid
      FROM payments pay
      LEFT JOIN (SELECT payment_id, sum(amount_minor) AS refunded FROM refunds GROUP BY payment_id) r
        ON r.payment_id = pay.id
      WHERE pay.invoice_id IS NOT NULL
      GROUP BY pay.invoice_id
    ) p ON p.invoice_id = i.id;

  SELECT booked_days_rebuild(id) FROM locations;
$$;

-- Databases seeded before this migration hold empty derived tables: count them now.
SELECT rebuild_derived_tables();
