-- Location settings (issue #18): the location's own details become editable settings.
--
-- 1. A location's name, address, contact and time zone are saved like every other settings row: versioned,
--    so a save made from a stale screen is refused (409) instead of undoing someone else's change.
-- 2. The language of a location's screens and prints, one of the languages Nine ships.
ALTER TABLE locations
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE general_settings
  ADD COLUMN language text NOT NULL DEFAULT 'en-US' CHECK (language IN ('en-US', 'es-ES', 'fr-FR'));
