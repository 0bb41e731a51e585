-- Customer detail (dated notes, participants, signatures, messages sent) and partners' coupons and
-- commission rates. Order-level participants and signatures belong to the orders (migration 0012).

-- The list sorts by creation date and the detail reads a customer's invoices newest first.
CREATE INDEX customers_created_idx ON customers (created_at);
CREATE INDEX invoices_customer_idx ON invoices (customer_id, created_at DESC);
CREATE INDEX orders_customer_created_idx ON orders (customer_id, created_at DESC);
CREATE INDEX payments_customer_idx ON payments (customer_id) WHERE customer_id IS NOT NULL;

CREATE TABLE customer_notes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_by  integer REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_notes_customer_idx ON customer_notes (customer_id, created_at DESC);

-- People who take part under a customer (family, group members): they sign waivers in their own name.
CREATE TABLE customer_participants (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email       citext,
  phone       text,
  birth_date  date,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_participants_customer_idx ON customer_participants (customer_id);

-- A signed document (waiver, terms) by the customer or one of their participants.
CREATE TABLE customer_signatures (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id    integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  participant_id bigint REFERENCES customer_participants(id) ON DELETE SET NULL,
  signer_name    text NOT NULL,
  document       text NOT NULL,
  -- The drawn signature as a PNG data URL; null when signed by typing the name.
  image          text,
  signed_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_signatures_customer_idx ON customer_signatures (customer_id, signed_at DESC);

CREATE TYPE message_status AS ENUM ('sent', 'failed');

-- Every message sent to a customer, as sent (placeholders filled in), and how delivery went.
CREATE TABLE customer_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  channel     text NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'email')),
  recipient   text NOT NULL,
  body        text NOT NULL,
  status      message_status NOT NULL,
  error       text,
  location_id integer REFERENCES locations(id),
  sent_by     integer REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_messages_customer_idx ON customer_messages (customer_id, created_at DESC);

-- Partners -------------------------------------------------------------------------------------

ALTER TABLE partners
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(name || ' ' || coalesce(email::text, '') || ' ' || coalesce(phone, ''))
  ) STORED;
CREATE INDEX partners_search_trgm_idx ON partners USING gin (search_text gin_trgm_ops);
CREATE INDEX partners_name_idx ON partners (name);

-- The partner's own rate per kind of order; commission_rate_bp on the partner applies to the rest.
CREATE TABLE partner_commission_rates (
  partner_id integer NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  applies_to text NOT NULL CHECK (applies_to IN ('rent', 'sale', 'tour')),
  rate_bp    integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  PRIMARY KEY (partner_id, applies_to)
);

CREATE TABLE coupons (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner_id     integer REFERENCES partners(id) ON DELETE CASCADE,
  code           citext NOT NULL UNIQUE,
  title          text NOT NULL,
  discount_kind  text NOT NULL CHECK (discount_kind IN ('percent', 'amount')),
  -- Basis points for a percentage, minor units for an amount.
  discount_value bigint NOT NULL CHECK (discount_value > 0),
  -- Null: the partner's rate for the order's kind applies.
  commission_bp  integer CHECK (commission_bp BETWEEN 0 AND 10000),
  applies_to     text NOT NULL DEFAULT 'all' CHECK (applies_to IN ('all', 'rent', 'sale', 'tour')),
  auto_apply     boolean NOT NULL DEFAULT false,
  valid_from     date NOT NULL,
  valid_to       date,
  is_active      boolean NOT NULL DEFAULT true,
  version        integer NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (discount_kind <> 'percent' OR discount_value <= 10000),
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE INDEX coupons_partner_idx ON coupons (partner_id);
