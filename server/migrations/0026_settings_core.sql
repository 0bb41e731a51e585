-- Settings that can be changed (issue #18), the part every settings screen shares.
--
-- 1. Every settings row carries a version, so a save made from a stale screen is refused (409) instead of
--    silently undoing someone else's change, and an update time for the screens.
-- 2. One business-wide revision counter, raised by every settings save before it touches a settings row
--    (so two saves always lock in the same order). Each authenticated answer carries it, and a browser that
--    sees it move refetches the settings it holds: a change shows on every counter at its next request,
--    whichever server process answered. The servers themselves cache no setting: they read them per request.
-- 3. Cash registers can be retired: a register with history is deactivated, never deleted.
ALTER TABLE business_info ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE general_settings ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE activity_settings
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE location_activity_settings
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE access_policy ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE taxes
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE gl_codes
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE cash_registers
  ADD COLUMN is_active boolean NOT NULL DEFAULT true,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE settings_revision (
  id       integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  revision bigint NOT NULL DEFAULT 1
);
INSERT INTO settings_revision DEFAULT VALUES;
