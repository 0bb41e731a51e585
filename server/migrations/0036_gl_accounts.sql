-- Business settings, accounts (issue #18): which general ledger code each payment method, system posting,
-- tax and product category posts to. The posting code reads these rows in its own transaction instead of
-- naming codes, so the general-ledger report can be built from the ledger.
--
-- 1. Payment and system accounts: one row each, seeded with the codes the server posted to by name until
--    now, so the books post exactly as before. Accounts receivable, deposits held and customer credit
--    stay on their codes (the server refuses to move them): balances still open on them would be split.
-- 2. Tax and category accounts: optional rows; a tax without one posts to the system's tax payable account,
--    a category without one to the revenue account of the invoice's product line (rent or sale).
-- 3. A code an account posts to cannot be deleted (ON DELETE RESTRICT; the screen says so first).

-- The codes the seed rows name, for a database that somehow lost one (0002 made them all).
INSERT INTO gl_codes (code, description) VALUES
  ('1000', 'Cash'), ('1010', 'Card clearing'), ('1020', 'External payments'), ('1100', 'Accounts receivable'),
  ('2100', 'Customer deposits held'), ('2200', 'Sales tax payable'), ('2300', 'Customer account credit'),
  ('3900', 'Cash over and short'), ('4000', 'Rental revenue'), ('4010', 'Sales revenue'),
  ('4900', 'Damage charges')
ON CONFLICT (code) DO NOTHING;

CREATE TABLE gl_payment_accounts (
  method     text PRIMARY KEY CHECK (method IN ('cash', 'card', 'external')),
  gl_code    text NOT NULL REFERENCES gl_codes(code) ON DELETE RESTRICT,
  version    integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO gl_payment_accounts (method, gl_code) VALUES ('cash', '1000'), ('card', '1010'), ('external', '1020');

CREATE TABLE gl_system_accounts (
  posting    text PRIMARY KEY CHECK (posting IN ('accounts_receivable', 'customer_credit', 'deposits_held',
               'tax_payable', 'over_short', 'rent_revenue', 'sale_revenue', 'damage_charges')),
  gl_code    text NOT NULL REFERENCES gl_codes(code) ON DELETE RESTRICT,
  version    integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO gl_system_accounts (posting, gl_code) VALUES
  ('accounts_receivable', '1100'), ('customer_credit', '2300'), ('deposits_held', '2100'),
  ('tax_payable', '2200'), ('over_short', '3900'), ('rent_revenue', '4000'), ('sale_revenue', '4010'),
  ('damage_charges', '4900');

-- gl_code NULL: the default account (tax payable; the product line's revenue), kept as a row once saved.
CREATE TABLE gl_tax_accounts (
  tax_id     integer PRIMARY KEY REFERENCES taxes(id) ON DELETE CASCADE,
  gl_code    text REFERENCES gl_codes(code) ON DELETE RESTRICT,
  version    integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE gl_category_accounts (
  category_id integer PRIMARY KEY REFERENCES categories(id) ON DELETE CASCADE,
  gl_code     text REFERENCES gl_codes(code) ON DELETE RESTRICT,
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- "Is this code mapped?" when a code is deleted or listed.
CREATE INDEX gl_tax_accounts_code_idx ON gl_tax_accounts (gl_code) WHERE gl_code IS NOT NULL;
CREATE INDEX gl_category_accounts_code_idx ON gl_category_accounts (gl_code) WHERE gl_code IS NOT NULL;
