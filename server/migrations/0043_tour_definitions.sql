-- Tour definitions (issue #19): one row per tour, a draft until all seven steps of the editor are valid, then
-- active or inactive. Each step writes its own columns and child rows at once, so a draft is kept on the server
-- between steps. Events copy capacity and times and reservations copy prices, so editing an active tour is safe.
CREATE TABLE tour_definitions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations(id),
  code citext NOT NULL CONSTRAINT tour_definitions_code_key UNIQUE CHECK (code ~ '^[A-Za-z0-9-]{2,20}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  group_id integer REFERENCES tour_groups(id),
  status tour_definition_status NOT NULL DEFAULT 'draft',
  steps_done text[] NOT NULL DEFAULT '{}' CHECK (steps_done <@ ARRAY['basic-info', 'pricing', 'cancellation-fee',
    'gallery', 'location', 'items', 'description']::text[]),
  -- basic-info
  duration_minutes integer CHECK (duration_minutes BETWEEN 15 AND 20160),
  capacity integer CHECK (capacity BETWEEN 1 AND 500),
  min_participants integer CHECK (min_participants >= 1),
  participants_per_leader integer CHECK (participants_per_leader BETWEEN 1 AND 500),
  min_leaders smallint NOT NULL DEFAULT 1 CHECK (min_leaders BETWEEN 0 AND 20),
  languages text[] NOT NULL DEFAULT '{}' CHECK (cardinality(languages) <= 10),
  -- pricing (age-group prices and seasons in child tables)
  private_price_minor bigint CHECK (private_price_minor BETWEEN 0 AND 100000000000),
  taxable boolean NOT NULL DEFAULT true,
  -- cancellation-fee (tiers in a child table)
  no_show_fee_bp integer NOT NULL DEFAULT 10000 CHECK (no_show_fee_bp BETWEEN 0 AND 10000),
  -- location
  meeting_point_id integer REFERENCES tour_places(id),
  site_id integer REFERENCES tour_places(id),
  -- description
  description jsonb,
  description_html text,
  what_to_bring text CHECK (length(what_to_bring) <= 2000),
  terms_id integer REFERENCES tour_terms(id),
  waiver_id integer REFERENCES tour_terms(id),
  search_text text GENERATED ALWAYS AS (search_normalize(name || ' ' || code)) STORED,
  version integer NOT NULL DEFAULT 1,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (min_participants IS NULL OR capacity IS NULL OR min_participants <= capacity),
  CHECK (status = 'draft' OR cardinality(steps_done) = 7)
);
CREATE INDEX tour_definitions_loc_name_idx ON tour_definitions (location_id, status, name, id);
-- The default list (every status, by name).
CREATE INDEX tour_definitions_loc_all_name_idx ON tour_definitions (location_id, name, id);
CREATE INDEX tour_definitions_search_trgm ON tour_definitions USING gin (search_text gin_trgm_ops);
CREATE INDEX tour_definitions_group_idx ON tour_definitions (group_id) WHERE group_id IS NOT NULL;

CREATE TABLE tour_definition_prices (
  definition_id integer NOT NULL REFERENCES tour_definitions(id) ON DELETE CASCADE,
  age_group_id integer NOT NULL REFERENCES tour_age_groups(id),
  price_minor bigint NOT NULL CHECK (price_minor BETWEEN 0 AND 100000000000),
  PRIMARY KEY (definition_id, age_group_id)
);

CREATE TABLE tour_definition_seasons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  definition_id integer NOT NULL REFERENCES tour_definitions(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  days daterange NOT NULL CHECK (NOT isempty(days)),
  CONSTRAINT tour_definition_seasons_no_overlap EXCLUDE USING gist (definition_id WITH =, days WITH &&)
);
CREATE TABLE tour_definition_season_prices (
  season_id integer NOT NULL REFERENCES tour_definition_seasons(id) ON DELETE CASCADE,
  age_group_id integer NOT NULL REFERENCES tour_age_groups(id),
  price_minor bigint NOT NULL CHECK (price_minor BETWEEN 0 AND 100000000000),
  PRIMARY KEY (season_id, age_group_id)
);

-- A tier applies from hours_before up to the next larger tier; "no-show" is no_show_fee_bp.
CREATE TABLE tour_definition_cancellation_tiers (
  definition_id integer NOT NULL REFERENCES tour_definitions(id) ON DELETE CASCADE,
  hours_before integer NOT NULL CHECK (hours_before BETWEEN 0 AND 8760),
  fee_bp integer NOT NULL CHECK (fee_bp BETWEEN 0 AND 10000),
  PRIMARY KEY (definition_id, hours_before)
);

CREATE TABLE tour_definition_images (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  definition_id integer NOT NULL REFERENCES tour_definitions(id) ON DELETE CASCADE,
  stored_name text NOT NULL UNIQUE,
  thumb_name text NOT NULL UNIQUE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  alt text CHECK (length(alt) <= 200),
  position smallint NOT NULL CHECK (position >= 0),
  is_cover boolean NOT NULL DEFAULT false,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tour_definition_images_position_key UNIQUE (definition_id, position) DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX tour_definition_images_one_cover ON tour_definition_images (definition_id) WHERE is_cover;

-- Rental equipment a tour needs: "1 kayak per 2 adults" is units 1, per_count 2, per participant of the Adult
-- group; "1 dry bag per booking" is per booking without an age group. No age group = every participant.
CREATE TABLE tour_definition_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  definition_id integer NOT NULL REFERENCES tour_definitions(id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products(id),
  per text NOT NULL CHECK (per IN ('participant', 'booking')),
  age_group_id integer REFERENCES tour_age_groups(id),
  units smallint NOT NULL DEFAULT 1 CHECK (units BETWEEN 1 AND 50),
  per_count smallint NOT NULL DEFAULT 1 CHECK (per_count BETWEEN 1 AND 50),
  CHECK (per = 'participant' OR age_group_id IS NULL),
  CONSTRAINT tour_definition_items_key UNIQUE NULLS NOT DISTINCT (definition_id, product_id, per, age_group_id)
);
