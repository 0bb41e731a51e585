-- Recurring orders: a rent order billed every week, two weeks or month until stopped.
CREATE TYPE billing_frequency AS ENUM ('weekly', 'biweekly', 'monthly');

CREATE TABLE recurring_plans (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id           bigint NOT NULL UNIQUE REFERENCES orders(id),
  frequency          billing_frequency NOT NULL,
  next_invoice_date  date NOT NULL,
  active             boolean NOT NULL DEFAULT true,
  created_by         integer REFERENCES users(id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recurring_plans_due_idx ON recurring_plans (next_invoice_date) WHERE active;

-- One row per billed period: the primary key makes each period's invoice happen exactly once,
-- whichever server instance or retry gets there first.
CREATE TABLE recurring_invoices (
  plan_id      bigint NOT NULL REFERENCES recurring_plans(id),
  period_start date NOT NULL,
  invoice_id   bigint NOT NULL REFERENCES invoices(id),
  PRIMARY KEY (plan_id, period_start)
);
