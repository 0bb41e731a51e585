-- The agent's own id for its PC, so a re-registration updates the same kiosk row.
ALTER TABLE kiosk_devices ADD COLUMN device_id text UNIQUE;
