-- Delivery and pick-up runs: items of an order taken to or collected from an address.
CREATE TYPE delivery_type AS ENUM ('delivery', 'pickup');
CREATE TYPE delivery_status AS ENUM ('scheduled', 'out', 'done', 'failed', 'cancelled');

CREATE TABLE deliveries (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders(id),
  location_id  integer NOT NULL REFERENCES locations(id),
  type         delivery_type NOT NULL,
  status       delivery_status NOT NULL DEFAULT 'scheduled',
  scheduled_at timestamptz NOT NULL,
  address      text NOT NULL,
  zip_code     text,
  sort         integer NOT NULL DEFAULT 0,
  created_by   integer REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deliveries_loc_scheduled_idx ON deliveries (location_id, scheduled_at);
CREATE INDEX deliveries_order_idx ON deliveries (order_id);

CREATE TABLE delivery_items (
  delivery_id   bigint NOT NULL REFERENCES deliveries(id) ON DELETE CASCADE,
  order_item_id bigint NOT NULL REFERENCES order_items(id),
  PRIMARY KEY (delivery_id, order_item_id)
);
