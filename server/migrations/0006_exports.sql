-- The download center: exports run in the background (pg-boss) and stream into files.
CREATE TYPE export_status AS ENUM ('in_progress', 'ready', 'failed');

CREATE TABLE exports (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id),
  location_id  integer NOT NULL REFERENCES locations(id),
  list         text NOT NULL,
  format       text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  description  text NOT NULL CHECK (length(trim(description)) > 0),
  filters      jsonb NOT NULL DEFAULT '{}',
  status       export_status NOT NULL DEFAULT 'in_progress',
  row_count    integer,
  byte_count   bigint,
  error        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);
CREATE INDEX exports_user_created_idx ON exports (user_id, created_at DESC);
