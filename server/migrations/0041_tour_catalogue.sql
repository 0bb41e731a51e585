-- Tours, part 1: the catalogue's building blocks (issue #19). Tour settings per location (no row = defaults),
-- meeting points and tour sites per location, business-wide tour groups and age groups, and versioned terms and
-- waiver texts whose published versions can never change (a signed waiver quotes one in part 2).
CREATE TYPE tour_definition_status AS ENUM ('draft', 'active', 'inactive');
CREATE TYPE tour_event_status AS ENUM ('scheduled', 'confirmed', 'cancelled', 'completed');

CREATE TABLE tour_settings (
  location_id integer PRIMARY KEY REFERENCES locations(id) ON DELETE CASCADE,
  booking_cutoff_minutes integer NOT NULL DEFAULT 60 CHECK (booking_cutoff_minutes BETWEEN 0 AND 43200),
  default_capacity integer NOT NULL DEFAULT 12 CHECK (default_capacity BETWEEN 1 AND 500),
  default_min_participants integer NOT NULL DEFAULT 1 CHECK (default_min_participants >= 1),
  below_minimum_action text NOT NULL DEFAULT 'notify' CHECK (below_minimum_action IN ('notify', 'cancel', 'run')),
  below_minimum_hours integer NOT NULL DEFAULT 24 CHECK (below_minimum_hours BETWEEN 0 AND 336),
  checkin_opens_minutes integer NOT NULL DEFAULT 60 CHECK (checkin_opens_minutes BETWEEN 0 AND 1440),
  checkin_closes_minutes integer NOT NULL DEFAULT 15 CHECK (checkin_closes_minutes BETWEEN -1440 AND 1440),
  gallery_max_bytes integer NOT NULL DEFAULT 5242880 CHECK (gallery_max_bytes BETWEEN 10240 AND 26214400),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (default_min_participants <= default_capacity),
  -- both count minutes before the start, so the window closes after it opens only with fewer minutes left
  CONSTRAINT tour_settings_checkin_window CHECK (checkin_closes_minutes < checkin_opens_minutes)
);

CREATE TABLE tour_places (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations(id),
  kind text NOT NULL CHECK (kind IN ('meeting_point', 'site')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  address text CHECK (length(address) <= 300),
  latitude numeric(9, 6) CHECK (latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude BETWEEN -180 AND 180),
  instructions text CHECK (length(instructions) <= 2000),
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((latitude IS NULL) = (longitude IS NULL)),
  CONSTRAINT tour_places_name_key UNIQUE (location_id, kind, name)
);

CREATE TABLE tour_groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name citext NOT NULL CONSTRAINT tour_groups_name_key UNIQUE CHECK (length(name) BETWEEN 1 AND 60),
  -- a Chakra colour palette: the calendar colours events by group
  color text NOT NULL DEFAULT 'blue'
    CHECK (color IN ('gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink')),
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tour_terms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('terms', 'waiver')),
  title text NOT NULL CONSTRAINT tour_terms_title_key UNIQUE CHECK (length(title) BETWEEN 1 AND 120),
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The body is a rich-text document of a small allowed subset (shared/src/rich-text.ts); html and text are
-- rendered from it on the server, so no HTML ever comes from a client. body_sha256 is the SHA-256 of the
-- body's canonical JSON (keys sorted, server/src/modules/tours/tour-terms-body.ts).
CREATE TABLE tour_term_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  terms_id integer NOT NULL REFERENCES tour_terms(id),
  number integer NOT NULL CHECK (number >= 1),
  status text NOT NULL CHECK (status IN ('draft', 'published')),
  -- the document's title as it was when published, so a signed version keeps the name it was signed under
  title text CHECK (length(title) BETWEEN 1 AND 120),
  body jsonb NOT NULL,
  body_html text NOT NULL,
  body_text text NOT NULL,
  body_sha256 bytea NOT NULL CHECK (octet_length(body_sha256) = 32),
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  published_by integer REFERENCES users(id),
  published_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT tour_term_versions_number_key UNIQUE (terms_id, number),
  CHECK ((status = 'published') = (published_at IS NOT NULL))
);
CREATE UNIQUE INDEX tour_term_versions_one_draft ON tour_term_versions (terms_id) WHERE status = 'draft';
CREATE INDEX tour_term_versions_current ON tour_term_versions (terms_id, number DESC) WHERE status = 'published';

-- Publishing is the one update of a draft; a published version never changes and is never deleted.
CREATE FUNCTION tour_term_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR OLD.status = 'published' THEN
    RAISE EXCEPTION 'published terms are immutable'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tour_term_versions_immutable';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER tour_term_versions_immutable BEFORE UPDATE OR DELETE ON tour_term_versions
  FOR EACH ROW EXECUTE FUNCTION tour_term_versions_immutable();
CREATE TRIGGER tour_term_versions_no_truncate BEFORE TRUNCATE ON tour_term_versions
  FOR EACH STATEMENT EXECUTE FUNCTION tour_term_versions_immutable();

CREATE TABLE tour_age_groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name citext NOT NULL CONSTRAINT tour_age_groups_name_key UNIQUE CHECK (length(name) BETWEEN 1 AND 40),
  min_age smallint NOT NULL CHECK (min_age BETWEEN 0 AND 130),
  max_age smallint CHECK (max_age BETWEEN 0 AND 130),
  -- prefills a definition's price for this group: the base price, a percentage of it, a fixed amount or free
  price_rule text NOT NULL DEFAULT 'base' CHECK (price_rule IN ('base', 'percent', 'fixed', 'free')),
  price_value bigint NOT NULL DEFAULT 0 CHECK (price_value BETWEEN 0 AND 100000000000),
  guardian_required boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_age IS NULL OR max_age >= min_age),
  CHECK (price_rule <> 'percent' OR price_value <= 100000),
  -- a birth date falls in exactly one active group
  CONSTRAINT tour_age_groups_no_overlap
    EXCLUDE USING gist (int4range(min_age, coalesce(max_age, 130) + 1) WITH &&) WHERE (active)
);
