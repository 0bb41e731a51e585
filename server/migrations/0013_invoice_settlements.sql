-- What is paid on each invoice, for the invoice lists' balance filters and sorts at any size. It is derived
-- by the database, never written by the application: statement triggers on invoices, payments and refunds
-- apply each change as a delta in the same transaction (deltas, so two clerks paying one invoice at once
-- both count: the row lock orders them). server/test/invoices.test.ts checks it against a fresh sum.
CREATE TABLE invoice_settlements (
  invoice_id  bigint PRIMARY KEY REFERENCES invoices(id) ON DELETE CASCADE,
  total_minor bigint NOT NULL,
  paid_minor  bigint NOT NULL DEFAULT 0,
  -- The same meanings as the lists' balance_status filter; zero and negative totals are none of them.
  state text GENERATED ALWAYS AS (
    CASE WHEN total_minor <= 0 THEN 'none'
         WHEN paid_minor <= 0 THEN 'unpaid'
         WHEN paid_minor < total_minor THEN 'partially_paid'
         ELSE 'paid' END) STORED
);
CREATE INDEX invoice_settlements_state_idx ON invoice_settlements (state, invoice_id);

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

CREATE FUNCTION invoice_settlements_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE invoice_settlements s SET paid_minor = s.paid_minor + d.delta
  FROM (
    SELECT (e->>'invoice_id')::bigint AS invoice_id, sum((e->>'delta')::bigint) AS delta
    FROM jsonb_array_elements(deltas) e
    WHERE e->>'invoice_id' IS NOT NULL
    GROUP BY 1
  ) d
  WHERE s.invoice_id = d.invoice_id AND d.delta <> 0;
$$;

CREATE FUNCTION invoice_settlements_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_settlements (invoice_id, total_minor) SELECT id, total_minor FROM new_rows;
  ELSE
    UPDATE invoice_settlements s SET total_minor = n.total_minor
    FROM new_rows n WHERE s.invoice_id = n.id AND s.total_minor <> n.total_minor;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER invoice_settlements_on_invoice_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_settlements_invoices();
CREATE TRIGGER invoice_settlements_on_invoice_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION invoice_settlements_invoices();

CREATE FUNCTION invoice_settlements_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('invoice_id', invoice_id, 'delta', amount_minor))
      FROM new_rows WHERE invoice_id IS NOT NULL), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('invoice_id', invoice_id, 'delta', -amount_minor))
      FROM old_rows WHERE invoice_id IS NOT NULL), '[]');
  END IF;
  -- A payment moved to another invoice carries its refunds with it.
  IF TG_OP = 'UPDATE' THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('invoice_id', x.invoice_id, 'delta', x.delta))
      FROM (
        SELECT o.invoice_id, sum(r.amount_minor) AS delta FROM old_rows o JOIN refunds r ON r.payment_id = o.id
        WHERE o.invoice_id IS NOT NULL GROUP BY o.invoice_id
        UNION ALL
        SELECT n.invoice_id, -sum(r.amount_minor) FROM new_rows n JOIN refunds r ON r.payment_id = n.id
        WHERE n.invoice_id IS NOT NULL GROUP BY n.invoice_id
      ) x), '[]');
  END IF;
  PERFORM invoice_settlements_add(deltas);
  RETURN NULL;
END $$;
CREATE TRIGGER invoice_settlements_on_payment_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_settlements_payments();
CREATE TRIGGER invoice_settlements_on_payment_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION invoice_settlements_payments();
CREATE TRIGGER invoice_settlements_on_payment_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_settlements_payments();

CREATE FUNCTION invoice_settlements_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('invoice_id', p.invoice_id, 'delta', -n.amount_minor))
      FROM new_rows n JOIN payments p ON p.id = n.payment_id WHERE p.invoice_id IS NOT NULL), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('invoice_id', p.invoice_id, 'delta', o.amount_minor))
      FROM old_rows o JOIN payments p ON p.id = o.payment_id WHERE p.invoice_id IS NOT NULL), '[]');
  END IF;
  PERFORM invoice_settlements_add(deltas);
  RETURN NULL;
END $$;
CREATE TRIGGER invoice_settlements_on_refund_insert AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_settlements_refunds();
CREATE TRIGGER invoice_settlements_on_refund_update AFTER UPDATE ON refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION invoice_settlements_refunds();
CREATE TRIGGER invoice_settlements_on_refund_delete AFTER DELETE ON refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_settlements_refunds();
