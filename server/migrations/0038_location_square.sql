-- Location settings, the rest (issue #18):
-- 1. A location's own auto-logout timeout. The access policy's (business-wide) is the longest allowed: a
--    location may only log its idle sessions out sooner. 0 follows the policy.
-- 2. Square terminal credentials per location. The access token is kept only as AES-256-GCM ciphertext
--    (server/src/lib/secret-box.ts, key NINE_SECRET_KEY): a copy of the database does not reveal it.
ALTER TABLE general_settings
  ADD COLUMN auto_logout_minutes integer NOT NULL DEFAULT 0 CHECK (auto_logout_minutes BETWEEN 0 AND 1440);

CREATE TABLE location_square (
  location_id integer PRIMARY KEY REFERENCES locations(id) ON DELETE CASCADE,
  environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'production')),
  application_id text CHECK (length(application_id) <= 100),
  square_location_id text CHECK (length(square_location_id) <= 100),
  device_id text CHECK (length(device_id) <= 100),
  -- "v1:<iv>:<tag>:<ciphertext>" (base64), never the token itself.
  access_token_encrypted text CHECK (access_token_encrypted LIKE 'v1:%'),
  -- Shown to say which token is stored; a token's last characters do not let anyone use it.
  access_token_last4 text CHECK (length(access_token_last4) <= 4),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((access_token_encrypted IS NULL) = (access_token_last4 IS NULL))
);
