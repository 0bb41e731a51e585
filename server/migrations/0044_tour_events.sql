-- Tour events (issue #19): one row per departure, so each keeps its own capacity, seats, leaders and status and
-- can be moved alone. A series keeps its RRULE; its days are expanded on the server and turned into instants
-- on the location's wall clock by PostgreSQL, so a departure stays at 09:00 across a daylight-saving change.
CREATE TABLE tour_event_series (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  definition_id integer NOT NULL REFERENCES tour_definitions(id),
  location_id integer NOT NULL REFERENCES locations(id),
  -- the RRULE body only (FREQ=WEEKLY;BYDAY=TU,TH): first_day, last_day and start_time bound and place it
  rrule text NOT NULL CHECK (length(rrule) BETWEEN 1 AND 500),
  first_day date NOT NULL,
  last_day date NOT NULL,
  start_time time NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 15 AND 20160),
  capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 500),
  min_participants integer NOT NULL CHECK (min_participants >= 1),
  exdates date[] NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (last_day >= first_day AND last_day <= first_day + 731),
  CHECK (min_participants <= capacity)
);

CREATE TABLE tour_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  definition_id integer NOT NULL REFERENCES tour_definitions(id),
  location_id integer NOT NULL REFERENCES locations(id),
  series_id integer REFERENCES tour_event_series(id) ON DELETE SET NULL,
  occurrence_day date, -- the series day it came from, kept when the event is moved
  detached boolean NOT NULL DEFAULT false, -- moved or edited alone: changing the series leaves it
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 500),
  min_participants integer NOT NULL CHECK (min_participants >= 1),
  -- kept by part 2's trigger on reservation lines; the CHECK is the database's last word on capacity
  seats_taken integer NOT NULL DEFAULT 0,
  status tour_event_status NOT NULL DEFAULT 'scheduled',
  status_reason text CHECK (length(status_reason) <= 300),
  meeting_point_id integer REFERENCES tour_places(id),
  note text CHECK (length(note) <= 1000),
  version integer NOT NULL DEFAULT 1,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CONSTRAINT tour_events_capacity CHECK (seats_taken BETWEEN 0 AND capacity),
  CONSTRAINT tour_events_occurrence_key UNIQUE (series_id, occurrence_day)
);
-- the calendar's month and the list: one range scan that holds the calendar's columns
CREATE INDEX tour_events_loc_start_idx ON tour_events (location_id, starts_at, id)
  INCLUDE (ends_at, definition_id, status, capacity, seats_taken);
CREATE INDEX tour_events_def_start_idx ON tour_events (definition_id, starts_at);
CREATE INDEX tour_events_series_idx ON tour_events (series_id, occurrence_day) WHERE series_id IS NOT NULL;
-- deleting or checking a meeting point's use (tour_places) without a scan of every event
CREATE INDEX tour_events_meeting_point_idx ON tour_events (meeting_point_id) WHERE meeting_point_id IS NOT NULL;

-- A leader is never on two departures at once: each assignment holds a copy of its event's period, kept by the
-- trigger below, so moving an event onto another of the leader's fails in the same statement.
CREATE TABLE tour_event_leaders (
  event_id bigint NOT NULL REFERENCES tour_events(id) ON DELETE CASCADE,
  leader_id integer NOT NULL REFERENCES tour_leaders(id),
  period tstzrange NOT NULL,
  released boolean NOT NULL DEFAULT false, -- the event was cancelled: the leader is free again
  assigned_by integer REFERENCES users(id),
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, leader_id),
  CONSTRAINT tour_event_leaders_no_overlap
    EXCLUDE USING gist (leader_id WITH =, period WITH &&) WHERE (NOT released)
);
CREATE INDEX tour_event_leaders_leader_idx ON tour_event_leaders (leader_id, lower(period));

CREATE FUNCTION tour_events_leader_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tour_event_leaders
     SET period = tstzrange(NEW.starts_at, NEW.ends_at, '[)'), released = (NEW.status = 'cancelled')
   WHERE event_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER tour_events_leader_period AFTER UPDATE OF starts_at, ends_at, status ON tour_events
  FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
    OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION tour_events_leader_period();
