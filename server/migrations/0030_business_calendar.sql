-- The business calendar of a location (issue #18): opening hours per weekday, and special days (holidays,
-- shorter or longer days) that replace a weekday's hours on one date. The availability calendar shows the
-- closed days, and the activity switch adjust_plan_to_business_hours moves a new rent order's planned start
-- and finish into opening hours. Times are wall-clock times of the location's time zone (locations.time_zone).
--
-- weekday is PostgreSQL's extract(dow) and JavaScript's getDay(): 0 = Sunday … 6 = Saturday.
-- A weekday without a row opens at general_settings.store_open and closes at store_close (the columns every
-- location already has), so a location nobody configured keeps its single daily hours. Saving the week
-- writes all seven rows.
CREATE TABLE location_hours (
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  weekday     smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  -- Kept when closed, so reopening a day shows its last hours.
  opens       time NOT NULL DEFAULT '09:00',
  closes      time NOT NULL DEFAULT '18:00',
  closed      boolean NOT NULL DEFAULT false,
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (location_id, weekday),
  CONSTRAINT location_hours_open_before_close CHECK (closed OR opens < closes)
);

CREATE TABLE location_special_days (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  day         date NOT NULL,
  closed      boolean NOT NULL DEFAULT true,
  -- A special day that opens names its hours; a closed one has none.
  opens       time,
  closes      time,
  note        text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  version     integer NOT NULL DEFAULT 1,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT location_special_days_location_day_key UNIQUE (location_id, day),
  CONSTRAINT location_special_days_hours CHECK (
    (closed AND opens IS NULL AND closes IS NULL) OR (NOT closed AND opens < closes))
);
