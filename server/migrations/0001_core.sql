-- The core schema of Nine. Money is integer minor units (bigint), time is timestamptz.
-- Later migrations extend these tables; they never rewrite this file (its checksum is recorded).

CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS citext;

-- Locations and settings ------------------------------------------------------------------------

CREATE TABLE locations (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  code        text NOT NULL UNIQUE,
  time_zone   text NOT NULL DEFAULT 'UTC',
  address     text,
  zip_code    text,
  tel         text,
  email       text,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rental_types (
  id    integer PRIMARY KEY,
  name  text NOT NULL UNIQUE
);

-- One row (id = 1): the business. Spec section 3 "Business info".
CREATE TABLE business_info (
  id                          integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  site_title                  text NOT NULL,
  site_logo                   text,
  invoice_logo                text,
  site_url                    text,
  address                     text,
  email                       text,
  tel                         text,
  url_prefix                  text,
  zip_code                    text,
  sale_order_default_customer text NOT NULL DEFAULT 'anonymous',
  accept_external_payments    boolean NOT NULL DEFAULT false,
  add_adhoc_to_order          boolean NOT NULL DEFAULT false,
  tour_is_enabled             boolean NOT NULL DEFAULT false,
  process_external_refunds    boolean NOT NULL DEFAULT false,
  sms_is_enabled              boolean NOT NULL DEFAULT false,
  suspension_alert            text,
  updated_at                  timestamptz NOT NULL DEFAULT now()
);

-- Spec "General settings", per location (the spec's current_cash_register and used_in_store are
-- per counter and location in practice).
CREATE TABLE general_settings (
  location_id                         integer PRIMARY KEY REFERENCES locations(id),
  allow_staff_credit_card_entry       boolean NOT NULL DEFAULT false,
  current_cash_register               integer,
  calendar_date_time_format           text NOT NULL DEFAULT 'MM/DD/YYYY hh:mm A',
  is_tax_included                     boolean NOT NULL DEFAULT false,
  show_taxes_mode                     text NOT NULL DEFAULT 'separate',
  confirm_change_return               boolean NOT NULL DEFAULT true,
  has_pay_and_balance_forward         boolean NOT NULL DEFAULT false,
  print_setup                         jsonb NOT NULL DEFAULT '{}',
  tax_comment                         text,
  calendar_time_intervals             integer NOT NULL DEFAULT 1 CHECK (calendar_time_intervals > 0),
  invoice_print_header                text,
  order_print_header                  text,
  sale_order_print_header             text,
  multi_register                      boolean NOT NULL DEFAULT false,
  used_in_store                       boolean NOT NULL DEFAULT false,
  currency_symbol                     text NOT NULL DEFAULT '$',
  currency_code                       text NOT NULL DEFAULT 'USD',
  store_open                          time NOT NULL DEFAULT '09:00',
  store_close                         time NOT NULL DEFAULT '18:00',
  updated_at                          timestamptz NOT NULL DEFAULT now()
);

CREATE TYPE deliver_unpaid AS ENUM ('warn', 'allow', 'deny');
CREATE TYPE invoice_timing AS ENUM ('never', 'anytime', 'after_confirm', 'after_deliver', 'after_return');

-- Spec "Activity settings", per location and rental type.
CREATE TABLE activity_settings (
  location_id                           integer NOT NULL REFERENCES locations(id),
  rental_type_id                        integer NOT NULL REFERENCES rental_types(id),
  enforce_using_rental_periods          boolean NOT NULL DEFAULT false,
  deliver_unpaid_orders                 deliver_unpaid NOT NULL DEFAULT 'warn',
  warn_early_deliver_minutes            integer NOT NULL DEFAULT 30,
  warn_early_return_minutes             integer NOT NULL DEFAULT 30,
  allow_exchange_package_items          boolean NOT NULL DEFAULT false,
  close_sale_order                      text NOT NULL DEFAULT 'manual' CHECK (close_sale_order IN ('manual', 'on_full_payment')),
  special_pricing                       boolean NOT NULL DEFAULT false,
  allow_change_plan_start_after_deliver boolean NOT NULL DEFAULT false,
  allow_undo_deliver                    boolean NOT NULL DEFAULT true,
  adjust_plan_to_business_hours         boolean NOT NULL DEFAULT false,
  simultaneous_replace_and_deliver      boolean NOT NULL DEFAULT false,
  manual_invoice_time                   invoice_timing NOT NULL DEFAULT 'anytime',
  assign_and_deliver                    boolean NOT NULL DEFAULT false,
  show_category_image_in_admin_pannel   boolean NOT NULL DEFAULT true,
  is_recurring_enabled                  boolean NOT NULL DEFAULT false,
  is_migration_in_progress              boolean NOT NULL DEFAULT false,
  PRIMARY KEY (location_id, rental_type_id)
);

CREATE TABLE location_activity_settings (
  location_id           integer NOT NULL REFERENCES locations(id),
  rental_type_id        integer NOT NULL REFERENCES rental_types(id),
  delivery_availability boolean NOT NULL DEFAULT false,
  PRIMARY KEY (location_id, rental_type_id)
);

-- One row (id = 1): access policies of spec section 6. Refund levels are minor units.
CREATE TABLE access_policy (
  id                            integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  auto_logout_minutes           integer NOT NULL DEFAULT 0 CHECK (auto_logout_minutes >= 0),
  wrong_access_key_threshold    integer NOT NULL DEFAULT 5 CHECK (wrong_access_key_threshold > 0),
  wrong_access_key_ttl_minutes  integer NOT NULL DEFAULT 15 CHECK (wrong_access_key_ttl_minutes > 0),
  wrong_password_threshold      integer NOT NULL DEFAULT 5 CHECK (wrong_password_threshold > 0),
  wrong_password_ttl_minutes    integer NOT NULL DEFAULT 15 CHECK (wrong_password_ttl_minutes > 0),
  password_expiry_days          integer NOT NULL DEFAULT 0 CHECK (password_expiry_days >= 0),
  password_reuse_limit          integer NOT NULL DEFAULT 0 CHECK (password_reuse_limit >= 0),
  password_min_length           integer NOT NULL DEFAULT 8 CHECK (password_min_length >= 1),
  password_max_length           integer NOT NULL DEFAULT 128 CHECK (password_max_length >= password_min_length),
  password_require_capital      boolean NOT NULL DEFAULT true,
  password_require_number       boolean NOT NULL DEFAULT true,
  password_require_special      boolean NOT NULL DEFAULT false,
  refund_level1_minor           bigint NOT NULL DEFAULT 10000 CHECK (refund_level1_minor >= 0),
  refund_level2_minor           bigint NOT NULL DEFAULT 50000 CHECK (refund_level2_minor >= refund_level1_minor),
  updated_at                    timestamptz NOT NULL DEFAULT now()
);

-- Staff, roles, permissions, sessions --------------------------------------------------------------

CREATE TYPE user_status AS ENUM ('active', 'inactive', 'expired');

CREATE TABLE users (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                text NOT NULL,
  email               citext NOT NULL UNIQUE,
  password_hash       text,
  status              user_status NOT NULL DEFAULT 'active',
  only_login_by_sso   boolean NOT NULL DEFAULT false,
  sso_provider        text,
  access_key_hash     text,
  default_location_id integer REFERENCES locations(id),
  last_login_at       timestamptz,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  password_expired_at timestamptz,
  expires_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_history (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_user_idx ON password_history (user_id, created_at DESC);

-- Failed sign-in and access-key attempts, counted within the policy's TTL window.
CREATE TABLE auth_failures (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('password', 'access_key')),
  subject     citext NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_failures_subject_idx ON auth_failures (kind, subject, at DESC);

CREATE TABLE roles (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_permissions (
  role_id   integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  resource  text NOT NULL,
  action    text NOT NULL CHECK (action IN ('view', 'manage', 'change', 'changeCost', 'refund', 'any')),
  PRIMARY KEY (role_id, resource, action)
);

-- A role is granted to a user in a location: permissions are per location.
CREATE TABLE user_roles (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id     integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  location_id integer NOT NULL REFERENCES locations(id),
  PRIMARY KEY (user_id, location_id, role_id)
);
CREATE INDEX user_roles_role_idx ON user_roles (role_id);

-- Opaque bearer tokens, stored as SHA-256 hashes only.
CREATE TABLE sessions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash   bytea NOT NULL UNIQUE,
  location_id  integer REFERENCES locations(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  user_agent   text,
  ip           inet
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Single-use, expiring password reset links; only the token's hash is kept.
CREATE TABLE password_reset_tokens (
  token_hash  bytea PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- OpenID Connect providers for single sign-on.
CREATE TABLE sso_providers (
  name          text PRIMARY KEY,
  issuer        text NOT NULL,
  client_id     text NOT NULL,
  client_secret text,
  email_domains text[] NOT NULL DEFAULT '{}',
  enabled       boolean NOT NULL DEFAULT true
);

-- One sign-in attempt through a provider: PKCE verifier and state, then a one-time code for the app.
CREATE TABLE sso_attempts (
  state          text PRIMARY KEY,
  provider       text NOT NULL REFERENCES sso_providers(name),
  code_verifier  text NOT NULL,
  nonce          text NOT NULL,
  email_hint     citext,
  location_id    integer REFERENCES locations(id),
  login_code_hash bytea UNIQUE,
  user_id        integer REFERENCES users(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  completed_at   timestamptz
);

CREATE TABLE kiosk_devices (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id     integer NOT NULL REFERENCES locations(id),
  name            text NOT NULL,
  device_key_hash bytea NOT NULL UNIQUE,
  registered_by   integer REFERENCES users(id),
  registered_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at      timestamptz
);

-- Customers and partners -----------------------------------------------------------------------

CREATE TABLE customers (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_name   text NOT NULL,
  last_name    text NOT NULL DEFAULT '',
  email        citext,
  phone        text,
  address      text,
  postal_code  text,
  city         text,
  country      text,
  notes        text,
  is_anonymous boolean NOT NULL DEFAULT false,
  home_location_id integer REFERENCES locations(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  version      integer NOT NULL DEFAULT 1,
  search_text  text GENERATED ALWAYS AS (
    lower(first_name || ' ' || last_name || ' ' || coalesce(email::text, '') || ' ' || coalesce(phone, ''))
  ) STORED
);
CREATE INDEX customers_search_trgm_idx ON customers USING gin (search_text gin_trgm_ops);
CREATE INDEX customers_name_idx ON customers (last_name, first_name);
CREATE INDEX customers_email_idx ON customers (email);

CREATE TABLE partners (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                 text NOT NULL,
  email                citext,
  phone                text,
  commission_rate_bp   integer NOT NULL DEFAULT 0 CHECK (commission_rate_bp BETWEEN 0 AND 10000),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);

-- Catalogue and stock --------------------------------------------------------------------------

CREATE TABLE taxes (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL,
  rate_bp    integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000), -- basis points: 825 = 8.25 %
  is_active  boolean NOT NULL DEFAULT true
);

CREATE TABLE gl_codes (
  code        text PRIMARY KEY,
  description text NOT NULL
);

CREATE TABLE categories (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id      integer REFERENCES categories(id),
  name           text NOT NULL,
  image_url      text,
  rental_type_id integer REFERENCES rental_types(id),
  sort_order     integer NOT NULL DEFAULT 0,
  UNIQUE (parent_id, name)
);

CREATE TABLE attributes (
  id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name    text NOT NULL UNIQUE,
  kind    text NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'number', 'option', 'boolean')),
  options jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE category_attributes (
  category_id  integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  attribute_id integer NOT NULL REFERENCES attributes(id) ON DELETE CASCADE,
  PRIMARY KEY (category_id, attribute_id)
);

CREATE TYPE product_kind AS ENUM ('rent', 'sale');

CREATE TABLE products (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind             product_kind NOT NULL,
  sku              text NOT NULL UNIQUE,
  name             text NOT NULL,
  option           text,
  category_id      integer REFERENCES categories(id),
  rental_type_id   integer REFERENCES rental_types(id),
  is_serialized    boolean NOT NULL,
  barcode          text UNIQUE,
  price_minor      bigint NOT NULL CHECK (price_minor >= 0),      -- sale price, or rent price per day
  hourly_price_minor bigint CHECK (hourly_price_minor >= 0),
  deposit_minor    bigint NOT NULL DEFAULT 0 CHECK (deposit_minor >= 0),
  tax_id           integer REFERENCES taxes(id),
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  version          integer NOT NULL DEFAULT 1
);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_kind_idx ON products (kind, sku);

CREATE TABLE product_attribute_values (
  product_id   integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  attribute_id integer NOT NULL REFERENCES attributes(id) ON DELETE CASCADE,
  value        text NOT NULL,
  PRIMARY KEY (product_id, attribute_id)
);

CREATE TYPE item_status AS ENUM ('available', 'rented', 'maintenance', 'retired', 'lost');

-- Serialized items: one physical thing with its own SKU and barcode.
CREATE TABLE items (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id          integer NOT NULL REFERENCES products(id),
  sku                 text NOT NULL UNIQUE,
  barcode             text NOT NULL UNIQUE,
  status              item_status NOT NULL DEFAULT 'available',
  home_location_id    integer NOT NULL REFERENCES locations(id),
  current_location_id integer NOT NULL REFERENCES locations(id),
  rent_count          integer NOT NULL DEFAULT 0,
  rent_minutes        bigint NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  version             integer NOT NULL DEFAULT 1
);
CREATE INDEX items_product_idx ON items (product_id);
CREATE INDEX items_location_status_idx ON items (current_location_id, status);

-- Bulk (not serialized) stock per location.
CREATE TABLE stock_levels (
  product_id  integer NOT NULL REFERENCES products(id),
  location_id integer NOT NULL REFERENCES locations(id),
  quantity    integer NOT NULL CHECK (quantity >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_id, location_id)
);

CREATE TABLE cash_registers (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id      integer NOT NULL REFERENCES locations(id),
  name             text NOT NULL,
  header_title     text,
  default_terminal text,
  UNIQUE (location_id, name)
);

-- Orders -----------------------------------------------------------------------------------------

CREATE TYPE order_type AS ENUM ('rent', 'sale', 'borrow', 'adhoc', 'item');
CREATE TYPE order_source AS ENUM ('web', 'phone', 'back_end', 'walk_in', 'kiosk');
CREATE TYPE order_status AS ENUM (
  'pending', 'confirmed', 'partially-delivered', 'delivered', 'partially-returned', 'returned',
  'closed', 'open', 'pre-cancel', 'cancelled'
);
CREATE TYPE order_item_status AS ENUM ('pending', 'confirmed', 'delivered', 'returned', 'cancelled', 'sold');

CREATE SEQUENCE order_number_seq START 100001;

CREATE TABLE orders (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number             bigint NOT NULL UNIQUE DEFAULT nextval('order_number_seq'),
  type               order_type NOT NULL,
  source             order_source NOT NULL,
  status             order_status NOT NULL,
  location_id        integer NOT NULL REFERENCES locations(id),
  customer_id        integer REFERENCES customers(id),
  rental_type_id     integer REFERENCES rental_types(id),
  planned_start      timestamptz,
  planned_finish     timestamptz,
  actual_start       timestamptz,
  actual_finish      timestamptz,
  closed_at          timestamptz,
  cancelled_at       timestamptz,
  total_minor        bigint NOT NULL DEFAULT 0,
  deposit_minor      bigint NOT NULL DEFAULT 0,
  staff_note         varchar(255),
  customer_note      text,
  order_image        text,
  deposit_in_custody boolean NOT NULL DEFAULT false,
  cc_skipped         boolean NOT NULL DEFAULT false,
  has_delivery       boolean NOT NULL DEFAULT false,
  created_by         integer REFERENCES users(id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  version            integer NOT NULL DEFAULT 1,
  CHECK (planned_finish IS NULL OR planned_start IS NULL OR planned_finish > planned_start)
);
-- The list screens filter by location and type, then sort by a date: these cover the common sorts.
CREATE INDEX orders_loc_type_created_idx ON orders (location_id, type, created_at DESC);
CREATE INDEX orders_loc_type_start_idx ON orders (location_id, type, planned_start DESC);
CREATE INDEX orders_loc_type_finish_idx ON orders (location_id, type, planned_finish);
CREATE INDEX orders_loc_status_idx ON orders (location_id, status);
CREATE INDEX orders_loc_created_idx ON orders (location_id, created_at DESC);
-- Small partial indexes for the counter's hot questions: what leaves today, what is out (due or overdue).
CREATE INDEX orders_departures_idx ON orders (location_id, planned_start)
  WHERE type = 'rent' AND status IN ('pending', 'confirmed');
CREATE INDEX orders_out_idx ON orders (location_id, planned_finish)
  WHERE type = 'rent' AND status IN ('delivered', 'partially-delivered', 'partially-returned');
CREATE INDEX orders_customer_idx ON orders (customer_id);

CREATE TABLE order_items (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id          bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id        integer NOT NULL REFERENCES products(id),
  item_id           integer REFERENCES items(id),
  quantity          integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  unit_price_minor  bigint NOT NULL CHECK (unit_price_minor >= 0),
  discount_minor    bigint NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  status            order_item_status NOT NULL,
  planned_start     timestamptz,
  planned_finish    timestamptz,
  delivered_at      timestamptz,
  returned_at       timestamptz,
  -- The span the item is held: planned, or up to its actual return.
  booked_period     tstzrange GENERATED ALWAYS AS (
    CASE WHEN planned_start IS NULL OR planned_finish IS NULL THEN NULL
         ELSE tstzrange(planned_start, greatest(planned_start, coalesce(returned_at, planned_finish)), '[)') END
  ) STORED,
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- A serialized item can never be in two overlapping live rentals: enforced by the database.
  CONSTRAINT order_items_no_double_booking EXCLUDE USING gist (item_id WITH =, booked_period WITH &&)
    WHERE (item_id IS NOT NULL AND status <> 'cancelled')
);
CREATE INDEX order_items_order_idx ON order_items (order_id);
CREATE INDEX order_items_product_period_idx ON order_items USING gist (product_id, booked_period) WHERE status <> 'cancelled';

-- Invoices, payments, refunds, ledger ---------------------------------------------------------

CREATE TYPE invoice_type AS ENUM ('rent', 'sale', 'recurring', 'adhoc', 'credit_note');
CREATE TYPE invoice_status AS ENUM ('in_progress', 'posted');
CREATE SEQUENCE invoice_number_seq START 500001;

CREATE TABLE invoices (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number          bigint NOT NULL UNIQUE DEFAULT nextval('invoice_number_seq'),
  type            invoice_type NOT NULL,
  status          invoice_status NOT NULL DEFAULT 'in_progress',
  order_id        bigint REFERENCES orders(id),
  customer_id     integer REFERENCES customers(id),
  location_id     integer NOT NULL REFERENCES locations(id),
  credits_invoice_id bigint REFERENCES invoices(id),
  billing_from    timestamptz,
  billing_to      timestamptz,
  subtotal_minor  bigint NOT NULL DEFAULT 0,
  discount_minor  bigint NOT NULL DEFAULT 0,
  tax_minor       bigint NOT NULL DEFAULT 0,
  total_minor     bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  in_progress_at  timestamptz NOT NULL DEFAULT now(),
  posted_at       timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  version         integer NOT NULL DEFAULT 1,
  CHECK (total_minor = subtotal_minor - discount_minor + tax_minor OR type = 'credit_note'),
  CHECK ((status = 'posted') = (posted_at IS NOT NULL))
);
CREATE INDEX invoices_order_idx ON invoices (order_id);
CREATE INDEX invoices_loc_type_created_idx ON invoices (location_id, type, created_at DESC);

CREATE TABLE invoice_lines (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id       bigint NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  order_item_id    bigint REFERENCES order_items(id),
  description      text NOT NULL,
  quantity         integer NOT NULL DEFAULT 1,
  unit_price_minor bigint NOT NULL,
  discount_minor   bigint NOT NULL DEFAULT 0,
  tax_id           integer REFERENCES taxes(id),
  tax_minor        bigint NOT NULL DEFAULT 0,
  total_minor      bigint NOT NULL
);
CREATE INDEX invoice_lines_invoice_idx ON invoice_lines (invoice_id);

CREATE TYPE payment_method AS ENUM ('cash', 'card', 'external', 'account_credit');

CREATE TABLE payments (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id         bigint REFERENCES orders(id),
  invoice_id       bigint REFERENCES invoices(id),
  customer_id      integer REFERENCES customers(id),
  location_id      integer NOT NULL REFERENCES locations(id),
  cash_register_id integer REFERENCES cash_registers(id),
  method           payment_method NOT NULL,
  amount_minor     bigint NOT NULL CHECK (amount_minor > 0),
  tendered_minor   bigint,
  reference        text,
  created_by       integer REFERENCES users(id),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_order_idx ON payments (order_id);
CREATE INDEX payments_invoice_idx ON payments (invoice_id);
CREATE INDEX payments_loc_created_idx ON payments (location_id, created_at DESC);

CREATE TABLE refunds (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id   bigint NOT NULL REFERENCES payments(id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  reason       text,
  created_by   integer REFERENCES users(id),
  approved_by  integer REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_payment_idx ON refunds (payment_id);

-- Double-entry ledger: every money movement writes rows that sum to zero per txn_id.
CREATE TABLE ledger_entries (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  txn_id       uuid NOT NULL,
  gl_code      text NOT NULL REFERENCES gl_codes(code),
  amount_minor bigint NOT NULL,
  location_id  integer NOT NULL REFERENCES locations(id),
  order_id     bigint REFERENCES orders(id),
  invoice_id   bigint REFERENCES invoices(id),
  payment_id   bigint REFERENCES payments(id),
  refund_id    bigint REFERENCES refunds(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_txn_idx ON ledger_entries (txn_id);
CREATE INDEX ledger_order_idx ON ledger_entries (order_id);

-- Requests that create orders, invoices, payments or refunds: the first answer is kept and replayed.
CREATE TABLE idempotency_keys (
  user_id         integer NOT NULL REFERENCES users(id),
  key             text NOT NULL,
  request_hash    bytea NOT NULL,
  response_status integer,
  response_body   jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Audit log: append-only -----------------------------------------------------------------------

CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     integer REFERENCES users(id),
  location_id integer REFERENCES locations(id),
  device      text,
  entity_type text NOT NULL,
  entity_id   text NOT NULL,
  action      text NOT NULL,
  data        jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, at);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Rows that always exist: the business, its access policy and the default rental type (spec: 1).
INSERT INTO rental_types (id, name) VALUES (1, 'Rentals');
INSERT INTO business_info (site_title) VALUES ('Nine');
INSERT INTO access_policy DEFAULT VALUES;
