-- Coupon settings (issue #18): one business-wide row read when a coupon is created (its code format and
-- default validity) and when one is applied to an order (stacking). The defaults keep what coupons allowed
-- before this migration: any code of 3 to 32 letters, digits, "-" or "_", no end date, one coupon per order.
CREATE TABLE coupon_settings (
  id                    integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- Every new code starts with it (upper case letters and digits, may be empty); counted in the lengths.
  code_prefix           text NOT NULL DEFAULT '' CHECK (code_prefix ~ '^[A-Z0-9]{0,10}$'),
  code_min_length       integer NOT NULL DEFAULT 3 CHECK (code_min_length BETWEEN 3 AND 32),
  code_max_length       integer NOT NULL DEFAULT 32 CHECK (code_max_length BETWEEN 3 AND 32),
  -- What follows the prefix: any = A-Z 0-9 - _, alphanumeric = A-Z 0-9, letters = A-Z, digits = 0-9.
  code_charset          text NOT NULL DEFAULT 'any'
                        CHECK (code_charset IN ('any', 'alphanumeric', 'letters', 'digits')),
  -- A new coupon without an end date ends this many days after it starts (valid_to inclusive); null: never.
  default_validity_days integer CHECK (default_validity_days BETWEEN 1 AND 3650),
  -- Off: an order takes one coupon. On: up to max_coupons_per_order, each on the net left by the others.
  stack_coupons         boolean NOT NULL DEFAULT false,
  -- Off: a coupon is refused on an order whose lines carry a manual discount (a deal).
  stack_with_discounts  boolean NOT NULL DEFAULT true,
  max_coupons_per_order integer NOT NULL DEFAULT 1 CHECK (max_coupons_per_order BETWEEN 1 AND 10),
  version               integer NOT NULL DEFAULT 1,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (code_max_length >= code_min_length),
  CHECK (length(code_prefix) < code_max_length)
);
INSERT INTO coupon_settings (id) VALUES (1);

-- A coupon applied to an order: its discount is spread over the order's lines (order_items.discount_minor,
-- shares in order_coupon_lines), so totals, quotes and invoices carry it with no reader of their own.
-- The coupon, its partner and code are kept for the commission and coupon reports.
CREATE TABLE order_coupons (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id       bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- A coupon used on an order stays (deactivate it instead, 1689), so the reports keep their rows.
  coupon_id      integer NOT NULL REFERENCES coupons(id),
  partner_id     integer REFERENCES partners(id) ON DELETE SET NULL,
  code           citext NOT NULL,
  discount_minor bigint NOT NULL CHECK (discount_minor BETWEEN 0 AND 100000000000),
  applied_by     integer REFERENCES users(id),
  applied_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_coupons_order_coupon_key UNIQUE (order_id, coupon_id)
);
CREATE INDEX order_coupons_coupon_idx ON order_coupons (coupon_id, applied_at);
CREATE INDEX order_coupons_partner_idx ON order_coupons (partner_id, applied_at) WHERE partner_id IS NOT NULL;

-- Each coupon's share of a line's discount_minor: removing the coupon takes back exactly its shares.
CREATE TABLE order_coupon_lines (
  order_coupon_id bigint NOT NULL REFERENCES order_coupons(id) ON DELETE CASCADE,
  order_item_id   bigint NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  discount_minor  bigint NOT NULL CHECK (discount_minor > 0),
  PRIMARY KEY (order_coupon_id, order_item_id)
);
CREATE INDEX order_coupon_lines_item_idx ON order_coupon_lines (order_item_id);
