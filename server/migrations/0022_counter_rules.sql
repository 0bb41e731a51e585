-- The counter day adds up: closing an order with its money settled, cash only into an open register, and a
-- refund on a closed order as a price reduction that the order, its invoice and the ledger all show.

-- What closing an order does while a deposit is still held or a balance is still due (applyEvent, CLOSE):
-- 'warn' asks the clerk to acknowledge it (1205), 'deny' refuses (1254), 'allow' lets it pass.
ALTER TABLE activity_settings
  ADD COLUMN close_with_deposit_held text NOT NULL DEFAULT 'deny'
    CHECK (close_with_deposit_held IN ('warn', 'deny')),
  ADD COLUMN close_with_balance_due text NOT NULL DEFAULT 'warn'
    CHECK (close_with_balance_due IN ('allow', 'warn', 'deny'));

-- Cash refunds and cash deposit movements land in a register session like cash payments do, so the drawer's
-- expected cash is float + cash taken − cash refunded + deposits held − deposits returned + cash in − cash out.
ALTER TABLE refunds
  ADD COLUMN cash_register_id integer REFERENCES cash_registers(id),
  ADD COLUMN register_session_id bigint REFERENCES register_sessions(id);
ALTER TABLE deposit_movements
  ADD COLUMN cash_register_id integer REFERENCES cash_registers(id),
  ADD COLUMN register_session_id bigint REFERENCES register_sessions(id);
CREATE INDEX refunds_register_session_idx ON refunds (register_session_id) WHERE register_session_id IS NOT NULL;
CREATE INDEX deposit_movements_register_session_idx ON deposit_movements (register_session_id)
  WHERE register_session_id IS NOT NULL;
CREATE INDEX payments_register_session_idx ON payments (register_session_id) WHERE register_session_id IS NOT NULL;
-- Until now a cash refund counted against the session its payment was taken in, when made while it was open.
UPDATE refunds r SET cash_register_id = p.cash_register_id, register_session_id = s.id
FROM payments p JOIN register_sessions s ON s.id = p.register_session_id
WHERE p.id = r.payment_id AND p.method = 'cash' AND r.created_at >= s.opened_at
  AND (s.closed_at IS NULL OR r.created_at <= s.closed_at);

-- A refund on a closed order lowers its price: a partial credit note, made with the refund (refund_id), credits
-- the posted invoice. Several may credit one invoice; the full credit note (refund_id NULL) stays one per invoice.
ALTER TABLE invoices ADD COLUMN refund_id bigint REFERENCES refunds(id);
ALTER TABLE invoices ADD CONSTRAINT invoices_refund_credit_note
  CHECK (refund_id IS NULL OR (type = 'credit_note' AND credits_invoice_id IS NOT NULL));
DROP INDEX invoices_one_credit_note;
CREATE UNIQUE INDEX invoices_one_credit_note ON invoices (credits_invoice_id)
  WHERE credits_invoice_id IS NOT NULL AND refund_id IS NULL;
-- What credit notes took off an invoice is read by its id (the invoice view, the next refund's credit note).
CREATE INDEX invoices_credits_idx ON invoices (credits_invoice_id) WHERE credits_invoice_id IS NOT NULL;

-- An invoice's balance counts what credit notes took off it: total + credited − paid. A credit note made with
-- a refund was settled by that refund, so it carries its own total back and shows no balance either.
ALTER TABLE invoice_settlements ADD COLUMN credited_minor bigint NOT NULL DEFAULT 0;
UPDATE invoice_settlements s SET credited_minor = c.total
FROM (SELECT credits_invoice_id AS id, sum(total_minor) AS total FROM invoices
      WHERE credits_invoice_id IS NOT NULL GROUP BY 1) c
WHERE s.invoice_id = c.id;
ALTER TABLE invoice_settlements DROP COLUMN state;
ALTER TABLE invoice_settlements ADD COLUMN state text GENERATED ALWAYS AS (
  CASE WHEN total_minor + credited_minor <= 0 THEN 'none'
       WHEN paid_minor <= 0 THEN 'unpaid'
       WHEN paid_minor < total_minor + credited_minor THEN 'partially_paid'
       ELSE 'paid' END) STORED;
CREATE INDEX invoice_settlements_state_idx ON invoice_settlements (state, invoice_id);

CREATE OR REPLACE FUNCTION invoice_settlements_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_settlements (invoice_id, total_minor, credited_minor)
      SELECT id, total_minor, CASE WHEN refund_id IS NULL THEN 0 ELSE -total_minor END FROM new_rows;
    UPDATE invoice_settlements s SET credited_minor = s.credited_minor + c.total
    FROM (SELECT credits_invoice_id AS id, sum(total_minor) AS total FROM new_rows
          WHERE credits_invoice_id IS NOT NULL GROUP BY 1) c
    WHERE s.invoice_id = c.id;
  ELSE
    UPDATE invoice_settlements s SET total_minor = n.total_minor
    FROM new_rows n WHERE s.invoice_id = n.id AND s.total_minor <> n.total_minor;
  END IF;
  RETURN NULL;
END $$;

-- The bulk-load rebuild (0018) counts the credited amounts too; the other parts are unchanged.
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

  SELECT booked_days_rebuild(id) FROM locations;
$$;
