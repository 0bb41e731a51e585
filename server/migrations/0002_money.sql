-- Money movements beyond payments and refunds: security deposits and cash registers.
-- Every movement here also writes ledger rows in the same transaction (see modules/money).

CREATE TYPE deposit_movement_kind AS ENUM ('held', 'claimed', 'returned');

-- A deposit is held (collected), then claimed in part or whole for damage, and the rest returned.
CREATE TABLE deposit_movements (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id       bigint NOT NULL REFERENCES orders(id),
  kind           deposit_movement_kind NOT NULL,
  method         payment_method NOT NULL,
  amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
  reason         text,
  created_by     integer REFERENCES users(id),
  approved_by    integer REFERENCES users(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'claimed' OR reason IS NOT NULL)
);
CREATE INDEX deposit_movements_order_idx ON deposit_movements (order_id);

-- Overrides of a required deposit and of prices (change cost), for their reports.
CREATE TABLE override_logs (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('security_deposit', 'price')),
  order_id     bigint REFERENCES orders(id),
  order_item_id bigint REFERENCES order_items(id),
  user_id      integer NOT NULL REFERENCES users(id),
  approver_id  integer REFERENCES users(id),
  old_value    bigint NOT NULL,
  new_value    bigint NOT NULL,
  comment      text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX override_logs_kind_idx ON override_logs (kind, created_at DESC);

-- A register is opened with a float and closed with the counted cash; the difference is recorded.
CREATE TABLE register_sessions (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cash_register_id  integer NOT NULL REFERENCES cash_registers(id),
  opened_by         integer NOT NULL REFERENCES users(id),
  opened_at         timestamptz NOT NULL DEFAULT now(),
  float_minor       bigint NOT NULL CHECK (float_minor >= 0),
  closed_by         integer REFERENCES users(id),
  closed_at         timestamptz,
  expected_minor    bigint,
  counted_minor     bigint,
  difference_minor  bigint,
  CHECK ((closed_at IS NULL) = (counted_minor IS NULL))
);
-- One open session per register at a time.
CREATE UNIQUE INDEX register_sessions_one_open ON register_sessions (cash_register_id) WHERE closed_at IS NULL;

CREATE TABLE register_movements (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  register_session_id  bigint NOT NULL REFERENCES register_sessions(id),
  kind                 text NOT NULL CHECK (kind IN ('cash_in', 'cash_out')),
  amount_minor         bigint NOT NULL CHECK (amount_minor > 0),
  reason               text NOT NULL,
  created_by           integer NOT NULL REFERENCES users(id),
  created_at           timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE payments ADD COLUMN register_session_id bigint REFERENCES register_sessions(id);
ALTER TABLE ledger_entries ADD COLUMN deposit_movement_id bigint REFERENCES deposit_movements(id);
ALTER TABLE ledger_entries ADD COLUMN register_movement_id bigint REFERENCES register_movements(id);

-- The chart of accounts every installation needs (the demo seed adds none beyond these).
INSERT INTO gl_codes (code, description) VALUES
  ('1000', 'Cash'), ('1010', 'Card clearing'), ('1020', 'External payments'), ('1100', 'Accounts receivable'),
  ('2100', 'Customer deposits held'), ('2200', 'Sales tax payable'), ('2300', 'Customer account credit'),
  ('3900', 'Cash over and short'), ('4000', 'Rental revenue'), ('4010', 'Sales revenue'), ('4020', 'Tour revenue'),
  ('4900', 'Damage charges')
ON CONFLICT (code) DO NOTHING;

