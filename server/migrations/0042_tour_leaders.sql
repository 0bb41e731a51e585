-- Tour leaders (issue #19): staff users who lead tours, with skills that expire, weekly hours and days off.
-- Hours led per month are counted from assignments (0044), never stored.
CREATE TABLE tour_leaders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL CONSTRAINT tour_leaders_user_key UNIQUE REFERENCES users(id),
  phone text CHECK (length(phone) <= 40),
  bio text CHECK (length(bio) <= 2000),
  color text NOT NULL DEFAULT 'teal'
    CHECK (color IN ('gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink')),
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tour_leader_skills (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  leader_id integer NOT NULL REFERENCES tour_leaders(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  reference text CHECK (length(reference) <= 80),
  issued_on date,
  expires_on date,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT tour_leader_skills_name_key UNIQUE (leader_id, name),
  CHECK (expires_on IS NULL OR issued_on IS NULL OR expires_on >= issued_on)
);
CREATE INDEX tour_leader_skills_expiry ON tour_leader_skills (expires_on) WHERE expires_on IS NOT NULL;

-- Weekly hours on the wall clock of the event's location; a leader without rows is available any time.
-- weekday as location_hours: 0 = Sunday.
CREATE TABLE tour_leader_hours (
  leader_id integer NOT NULL REFERENCES tour_leaders(id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  starts time NOT NULL,
  ends time NOT NULL,
  CHECK (starts < ends),
  PRIMARY KEY (leader_id, weekday, starts),
  CONSTRAINT tour_leader_hours_no_overlap EXCLUDE USING gist (
    leader_id WITH =, weekday WITH =, tsrange('2000-01-01'::date + starts, '2000-01-01'::date + ends) WITH &&)
);

CREATE TABLE tour_leader_days_off (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  leader_id integer NOT NULL REFERENCES tour_leaders(id) ON DELETE CASCADE,
  days daterange NOT NULL CHECK (NOT isempty(days)),
  reason text CHECK (length(reason) <= 200),
  CONSTRAINT tour_leader_days_off_no_overlap EXCLUDE USING gist (leader_id WITH =, days WITH &&)
);
