-- Kiosk identity by key pair (issue #14). The agent keeps an Ed25519 private key and the server keeps only
-- the public key; a registration signs a single-use challenge the server issued. The HMAC era's hash of a
-- device secret proves nothing (the agent handed the secret out), so it goes: a row without a public key
-- is a registration from before, which its own location's managers may claim or revoke.

ALTER TABLE kiosk_devices
  DROP COLUMN device_key_hash,
  ADD COLUMN public_key bytea CHECK (octet_length(public_key) = 32),
  ADD COLUMN revoked_by integer REFERENCES users(id);

-- Challenges live in the database, not in a process, so any server instance can take the answer. One use
-- each: set-as-kiosk consumes it with an UPDATE ... WHERE used_at IS NULL AND expires_at > now().
CREATE TABLE kiosk_challenges (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  challenge   text NOT NULL,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
-- Old challenges are swept when new ones are issued.
CREATE INDEX kiosk_challenges_expires_at ON kiosk_challenges (expires_at);

CREATE INDEX kiosk_devices_location ON kiosk_devices (location_id, registered_at DESC);
