-- Price settings of a location (issue #18): rental periods, rates and special pricing, read by the rent
-- pricing rule (shared/src/rent-pricing.ts) when a rent order is quoted or created.
--
-- Rental periods: the lengths a location rents for ("4 hours", "1 day", "1 week"). With the activity switch
-- enforce_using_rental_periods on, a planned period must be one of the active ones.
CREATE TABLE rental_periods (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  unit        text NOT NULL CHECK (unit IN ('hour', 'day', 'week')),
  -- How many units: 4 hours, 3 days, 2 weeks.
  count       integer NOT NULL CHECK (count BETWEEN 1 AND 1000),
  sort        integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 10000),
  is_active   boolean NOT NULL DEFAULT true,
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rental_periods_location_name_key UNIQUE (location_id, name),
  CONSTRAINT rental_periods_location_length_key UNIQUE (location_id, unit, count)
);

-- Rates of a product or of a category at a location. A product's own row wins over its category's; without
-- either the product costs its price_minor per started day (as before this migration). A NULL rate is not
-- offered, except the daily and hourly ones, which fall back on the product's price_minor and
-- hourly_price_minor.
CREATE TABLE rent_rates (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id          integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  product_id           integer REFERENCES products(id) ON DELETE CASCADE,
  category_id          integer REFERENCES categories(id) ON DELETE CASCADE,
  hourly_minor         bigint CHECK (hourly_minor BETWEEN 0 AND 100000000000),
  daily_minor          bigint CHECK (daily_minor BETWEEN 0 AND 100000000000),
  weekly_minor         bigint CHECK (weekly_minor BETWEEN 0 AND 100000000000),
  -- First hour and each extra hour: hours priced this way instead of hourly_minor when set.
  first_hour_minor     bigint CHECK (first_hour_minor BETWEEN 0 AND 100000000000),
  extra_hour_minor     bigint CHECK (extra_hour_minor BETWEEN 0 AND 100000000000),
  -- The least a rental costs before special pricing.
  minimum_charge_minor bigint NOT NULL DEFAULT 0 CHECK (minimum_charge_minor BETWEEN 0 AND 100000000000),
  version              integer NOT NULL DEFAULT 1,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rent_rates_one_scope CHECK ((product_id IS NULL) <> (category_id IS NULL)),
  CONSTRAINT rent_rates_extra_needs_first CHECK (extra_hour_minor IS NULL OR first_hour_minor IS NOT NULL),
  CONSTRAINT rent_rates_location_product_key UNIQUE (location_id, product_id),
  CONSTRAINT rent_rates_location_category_key UNIQUE (location_id, category_id)
);

-- Special pricing: a percentage (basis points, negative for a discount) on the rate's price. Weekend: on the
-- share of the period on Saturday and Sunday; season: on the share between two dates (inclusive, the
-- location's calendar); category: on the whole price of the category's products. A weekend or season rule
-- with a category applies to that category only. Applied only with the activity switch special_pricing on.
CREATE TABLE special_pricing_rules (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind        text NOT NULL CHECK (kind IN ('weekend', 'season', 'category')),
  category_id integer REFERENCES categories(id) ON DELETE CASCADE,
  date_from   date,
  date_to     date,
  adjust_bp   integer NOT NULL CHECK (adjust_bp BETWEEN -10000 AND 100000 AND adjust_bp <> 0),
  is_active   boolean NOT NULL DEFAULT true,
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT special_pricing_rules_location_name_key UNIQUE (location_id, name),
  CONSTRAINT special_pricing_rules_season_dates CHECK (CASE WHEN kind = 'season'
    THEN date_from IS NOT NULL AND date_to IS NOT NULL AND date_from <= date_to
    ELSE date_from IS NULL AND date_to IS NULL END),
  CONSTRAINT special_pricing_rules_category_named CHECK (kind <> 'category' OR category_id IS NOT NULL)
);
CREATE INDEX rent_rates_category_idx ON rent_rates (category_id);
CREATE INDEX rent_rates_product_idx ON rent_rates (product_id);
CREATE INDEX special_pricing_rules_location_idx ON special_pricing_rules (location_id);
CREATE INDEX special_pricing_rules_category_idx ON special_pricing_rules (category_id);
