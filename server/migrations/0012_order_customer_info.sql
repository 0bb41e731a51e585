-- The order view's customer info (participants, signature), its photos, and the indexes the list's
-- column filters on dates without one need.

CREATE TABLE order_participants (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id   bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  age        smallint CHECK (age BETWEEN 0 AND 130),
  weight_kg  smallint CHECK (weight_kg BETWEEN 1 AND 400),
  notes      text CHECK (length(notes) <= 500),
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_participants_order_idx ON order_participants (order_id, id);

-- One signature per order; signing again replaces it (the audit log keeps who signed when).
CREATE TABLE order_signatures (
  order_id    bigint PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  method      text NOT NULL CHECK (method IN ('drawn', 'typed')),
  signer_name text NOT NULL CHECK (length(signer_name) BETWEEN 1 AND 120),
  -- A data URL: a PNG from the pad, or the SVG the server draws from a typed name.
  image       text NOT NULL CHECK (length(image) <= 400000),
  signed_by   integer REFERENCES users(id),
  signed_at   timestamptz NOT NULL DEFAULT now()
);

-- Files live under DATA_DIR/order-photos; orders.order_image keeps the newest one's name for the list flag.
CREATE TABLE order_photos (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  stored_name  text NOT NULL UNIQUE,
  file_name    text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes   integer NOT NULL CHECK (size_bytes > 0),
  created_by   integer REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_photos_order_idx ON order_photos (order_id, id);

-- Spec: "size limit from settings", per location like the other general settings.
ALTER TABLE general_settings
  ADD COLUMN order_photo_max_bytes integer NOT NULL DEFAULT 5242880
    CHECK (order_photo_max_bytes BETWEEN 10240 AND 26214400);

-- Column filters on dates the list had no index for; planned and created dates are served by 0001/0003.
CREATE INDEX orders_loc_actual_start_idx ON orders (location_id, actual_start) WHERE actual_start IS NOT NULL;
CREATE INDEX orders_loc_actual_finish_idx ON orders (location_id, actual_finish) WHERE actual_finish IS NOT NULL;
CREATE INDEX orders_loc_closed_idx ON orders (location_id, closed_at) WHERE closed_at IS NOT NULL;
CREATE INDEX orders_loc_cancelled_idx ON orders (location_id, cancelled_at) WHERE cancelled_at IS NOT NULL;

-- "Set counter": a meter read when the item goes out and when it comes back (engine hours, kilometres).
ALTER TABLE order_items
  ADD COLUMN counter_start bigint CHECK (counter_start >= 0),
  ADD COLUMN counter_end   bigint CHECK (counter_end >= 0),
  ADD CONSTRAINT order_items_counter_order CHECK (counter_end IS NULL OR counter_start IS NULL OR counter_end >= counter_start);
