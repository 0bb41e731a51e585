-- Participants and signed waivers (issue #20). The organiser and each participant add themselves through the
-- reservation's share link, easy-sign or the counter; each signs the terms version in force, and a minor's waiver is
-- signed by a guardian. A waiver is evidence: it is appended, never changed, and a correction is a new signature.

-- Questions a tour asks every participant ("Can you swim?"); answers live on the participant.
CREATE TABLE tour_definition_questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  definition_id integer NOT NULL REFERENCES tour_definitions(id) ON DELETE CASCADE,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  kind text NOT NULL CHECK (kind IN ('yes_no', 'short', 'long', 'choice')),
  -- the choices of a 'choice' question: a JSON array of 2 to 20 strings
  options jsonb CHECK (options IS NULL OR (jsonb_typeof(options) = 'array' AND jsonb_array_length(options) BETWEEN 2 AND 20)),
  required boolean NOT NULL DEFAULT false,
  position smallint NOT NULL,
  CHECK ((kind = 'choice') = (options IS NOT NULL)),
  CONSTRAINT tour_definition_questions_position_key UNIQUE (definition_id, position) DEFERRABLE INITIALLY DEFERRED
);

-- Which participant fields a location requires, and the terms a rent order's riders sign through easy-sign.
ALTER TABLE tour_settings
  ADD COLUMN participant_required_fields text[] NOT NULL DEFAULT '{birth_date,emergency_contact}'
    CHECK (participant_required_fields <@ ARRAY['birth_date', 'email', 'phone', 'emergency_contact']::text[]),
  ADD COLUMN rent_terms_id integer REFERENCES tour_terms(id);

CREATE TABLE tour_participants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- null for a rent order's rider; a tour participant fills a seat of this age group
  age_group_id integer REFERENCES tour_age_groups(id),
  is_organiser boolean NOT NULL DEFAULT false,
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 80),
  last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 80),
  birth_date date CHECK (birth_date >= DATE '1890-01-01'),
  email citext CHECK (length(email) <= 254),
  phone text CHECK (length(phone) <= 40),
  emergency_name text CHECK (length(emergency_name) <= 120),
  emergency_phone text CHECK (length(emergency_phone) <= 40),
  answers jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(answers) = 'object' AND pg_column_size(answers) <= 20000),
  -- printed as a QR code and scanned at the meeting point; random, so it names nobody
  checkin_code text NOT NULL CONSTRAINT tour_participants_checkin_key UNIQUE CHECK (checkin_code ~ '^[A-Z0-9]{10,16}$'),
  checked_in_at timestamptz,
  checked_in_by integer REFERENCES users(id),
  customer_participant_id bigint REFERENCES customer_participants(id) ON DELETE SET NULL,
  created_via text NOT NULL CHECK (created_via IN ('staff', 'share_link', 'easy_sign', 'kiosk')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((checked_in_at IS NULL) OR (checked_in_at >= created_at - interval '1 day'))
);
CREATE INDEX tour_participants_order_idx ON tour_participants (order_id, id);
CREATE UNIQUE INDEX tour_participants_one_organiser ON tour_participants (order_id) WHERE is_organiser;

CREATE TABLE tour_waivers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- no cascade: a signed waiver outlives any attempt to delete its participant or order
  participant_id bigint NOT NULL REFERENCES tour_participants(id),
  order_id bigint NOT NULL REFERENCES orders(id),
  term_version_id bigint NOT NULL REFERENCES tour_term_versions(id),
  signer_name text NOT NULL CHECK (length(signer_name) BETWEEN 1 AND 160),
  signer_role text NOT NULL CHECK (signer_role IN ('self', 'guardian', 'staff_witness')),
  guardian_relation text CHECK (length(guardian_relation) <= 60),
  -- exactly what was signed, as canonical JSON, and its SHA-256 (printed on the PDF)
  signed_content jsonb NOT NULL,
  content_sha256 bytea NOT NULL CHECK (octet_length(content_sha256) = 32),
  signature_png bytea NOT NULL CHECK (octet_length(signature_png) BETWEEN 67 AND 300000),
  signed_at timestamptz NOT NULL DEFAULT now(),
  ip inet,
  user_agent text CHECK (length(user_agent) <= 512),
  supersedes_id bigint CONSTRAINT tour_waivers_supersedes_key UNIQUE REFERENCES tour_waivers(id),
  created_via text NOT NULL CHECK (created_via IN ('staff', 'share_link', 'easy_sign', 'kiosk')),
  created_by integer REFERENCES users(id),
  CHECK (signer_role <> 'guardian' OR guardian_relation IS NOT NULL)
);
CREATE INDEX tour_waivers_participant_idx ON tour_waivers (participant_id, id DESC);
CREATE INDEX tour_waivers_order_idx ON tour_waivers (order_id, participant_id);

CREATE FUNCTION tour_waivers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'signed waivers are append-only'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'tour_waivers_append_only';
END $$;
CREATE TRIGGER tour_waivers_append_only BEFORE UPDATE OR DELETE ON tour_waivers
  FOR EACH ROW EXECUTE FUNCTION tour_waivers_append_only();
CREATE TRIGGER tour_waivers_no_truncate BEFORE TRUNCATE ON tour_waivers
  FOR EACH STATEMENT EXECUTE FUNCTION tour_waivers_append_only();
-- the seed and restores write as a replica; the evidence rule holds there too
ALTER TABLE tour_waivers ENABLE ALWAYS TRIGGER tour_waivers_append_only;
ALTER TABLE tour_waivers ENABLE ALWAYS TRIGGER tour_waivers_no_truncate;
