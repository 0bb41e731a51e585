-- Delivery settings of a location (issue #18): zones by zip code with a fee and a minimum order, and time
-- windows per weekday with an optional capacity. A location with no active zone delivers to any zip; one
-- with no window delivers at any time (as before this migration). Times are wall-clock times of the
-- location's time zone (locations.time_zone); weekday 0 = Sunday … 6 = Saturday, as extract(dow).
CREATE TABLE delivery_zones (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id     integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- Normalised by the API: upper case, no spaces, so a lookup is an exact match.
  zip_codes       text[] NOT NULL CHECK (
    cardinality(zip_codes) BETWEEN 1 AND 500
    AND array_position(zip_codes, NULL) IS NULL
    AND array_to_string(zip_codes, ',') = upper(array_to_string(zip_codes, ','))
    AND array_to_string(zip_codes, ',') !~ '\s'),
  fee_minor       bigint NOT NULL DEFAULT 0 CHECK (fee_minor BETWEEN 0 AND 100000000000),
  min_order_minor bigint NOT NULL DEFAULT 0 CHECK (min_order_minor BETWEEN 0 AND 100000000000),
  is_active       boolean NOT NULL DEFAULT true,
  version         integer NOT NULL DEFAULT 1,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT delivery_zones_location_name_key UNIQUE (location_id, name)
);
CREATE INDEX delivery_zones_zip_codes_idx ON delivery_zones USING gin (zip_codes);
CREATE INDEX delivery_zones_location_idx ON delivery_zones (location_id);

-- A zip code belongs to at most one active zone of a location. An exclusion constraint cannot say it
-- (GIN, which has && on arrays, does not support exclusion), so a trigger checks it under a per-location
-- advisory lock held to commit: the second of two parallel writers waits, then sees the first's row.
CREATE FUNCTION delivery_zones_one_zone_per_zip() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken text;
BEGIN
  IF NOT NEW.is_active THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('delivery_zones'), NEW.location_id);
  SELECT z INTO taken
  FROM delivery_zones d, unnest(d.zip_codes) AS z
  WHERE d.location_id = NEW.location_id AND d.is_active AND d.id <> NEW.id
    AND d.zip_codes && NEW.zip_codes AND z = ANY (NEW.zip_codes)
  ORDER BY z LIMIT 1;
  IF taken IS NOT NULL THEN
    RAISE EXCEPTION 'zip code % is in another active delivery zone', taken
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'delivery_zones_zip_taken', DETAIL = taken;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER delivery_zones_one_zone_per_zip
  BEFORE INSERT OR UPDATE OF zip_codes, is_active, location_id ON delivery_zones
  FOR EACH ROW EXECUTE FUNCTION delivery_zones_one_zone_per_zip();

CREATE TABLE delivery_windows (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  weekday     smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  starts      time NOT NULL,
  ends        time NOT NULL,
  -- The most deliveries (not cancelled) scheduled in the window on one date; NULL: no limit.
  capacity    integer CHECK (capacity BETWEEN 1 AND 10000),
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT delivery_windows_starts_before_ends CHECK (starts < ends)
);
CREATE INDEX delivery_windows_location_weekday_idx ON delivery_windows (location_id, weekday, starts);

-- The zone a delivery's zip matched when it was scheduled, and the zone's fee then (kept if the zone changes).
ALTER TABLE deliveries
  ADD COLUMN zone_id integer REFERENCES delivery_zones(id) ON DELETE SET NULL,
  ADD COLUMN fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor BETWEEN 0 AND 100000000000);
