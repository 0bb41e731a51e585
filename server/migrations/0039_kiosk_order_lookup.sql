-- "Find my order" at a kiosk: misses are counted per kiosk user like wrong passwords, so order numbers
-- cannot be tried against a phone number without end (several server processes share the count).
ALTER TABLE auth_failures DROP CONSTRAINT auth_failures_kind_check;
ALTER TABLE auth_failures ADD CONSTRAINT auth_failures_kind_check
  CHECK (kind IN ('password', 'access_key', 'kiosk_lookup'));
