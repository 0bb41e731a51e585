-- Barcodes, scheduled maintenance, repair logs and stocktakes.

-- Scanned and typed codes are matched case-insensitively (the counter and the barcode screen).
CREATE INDEX items_barcode_lower_idx ON items (lower(barcode));
CREATE INDEX items_sku_lower_idx ON items (lower(sku));
CREATE INDEX products_barcode_lower_idx ON products (lower(barcode));
CREATE INDEX products_sku_lower_idx ON products (lower(sku));

-- Service every N rent hours and/or every N days, per rental group or per product (the product's rule wins).
CREATE TABLE maintenance_rules (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rental_type_id   integer REFERENCES rental_types(id),
  product_id       integer REFERENCES products(id),
  every_rent_hours integer CHECK (every_rent_hours > 0),
  every_days       integer CHECK (every_days > 0),
  created_by       integer REFERENCES users(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((rental_type_id IS NULL) <> (product_id IS NULL)),
  CHECK (every_rent_hours IS NOT NULL OR every_days IS NOT NULL)
);
CREATE UNIQUE INDEX maintenance_rules_rental_type_idx ON maintenance_rules (rental_type_id) WHERE rental_type_id IS NOT NULL;
CREATE UNIQUE INDEX maintenance_rules_product_idx ON maintenance_rules (product_id) WHERE product_id IS NOT NULL;

-- The last service of an item: when, and its rent minutes then. No row: never serviced (counted from creation).
CREATE TABLE item_services (
  item_id                 integer PRIMARY KEY REFERENCES items(id),
  last_service_at         timestamptz NOT NULL,
  rent_minutes_at_service bigint NOT NULL
);

-- Where each item stands against its rule; `due` uses the database clock.
CREATE VIEW item_maintenance_status AS
SELECT i.id AS item_id,
       r.id AS rule_id,
       r.every_rent_hours,
       r.every_days,
       coalesce(s.last_service_at, i.created_at) AS last_service_at,
       i.rent_minutes - coalesce(s.rent_minutes_at_service, 0) AS rent_minutes_since_service,
       r.every_rent_hours::bigint * 60 - (i.rent_minutes - coalesce(s.rent_minutes_at_service, 0)) AS rent_minutes_left,
       coalesce(s.last_service_at, i.created_at) + make_interval(days => r.every_days) AS due_at,
       coalesce(i.rent_minutes - coalesce(s.rent_minutes_at_service, 0) >= r.every_rent_hours::bigint * 60, false)
         OR coalesce(coalesce(s.last_service_at, i.created_at) + make_interval(days => r.every_days) <= now(), false) AS due
FROM items i
JOIN products p ON p.id = i.product_id
LEFT JOIN categories c ON c.id = p.category_id
JOIN LATERAL (
  SELECT * FROM maintenance_rules r
  WHERE r.product_id = p.id OR r.rental_type_id = coalesce(p.rental_type_id, c.rental_type_id, 1)
  ORDER BY r.product_id NULLS LAST
  LIMIT 1
) r ON true
LEFT JOIN item_services s ON s.item_id = i.id;

-- Orders and the catalogue ask this before booking an item: a due item is not bookable until serviced.
CREATE FUNCTION item_maintenance_due(p_item_id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT due FROM item_maintenance_status WHERE item_id = p_item_id), false)
$$;

CREATE TYPE repair_status AS ENUM ('open', 'closed');

CREATE TABLE repair_logs (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id     integer NOT NULL REFERENCES items(id),
  location_id integer NOT NULL REFERENCES locations(id),
  order_id    bigint REFERENCES orders(id),
  status      repair_status NOT NULL DEFAULT 'open',
  problem     text NOT NULL,
  opened_by   integer REFERENCES users(id),
  opened_at   timestamptz NOT NULL DEFAULT now(),
  closed_by   integer REFERENCES users(id),
  closed_at   timestamptz
);
-- One open repair per item.
CREATE UNIQUE INDEX repair_logs_open_item_idx ON repair_logs (item_id) WHERE status = 'open';
CREATE INDEX repair_logs_loc_opened_idx ON repair_logs (location_id, opened_at DESC);

-- Work recorded on a repair, with its cost in minor units.
CREATE TABLE repair_work (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repair_log_id bigint NOT NULL REFERENCES repair_logs(id),
  work          text NOT NULL,
  cost_minor    bigint NOT NULL DEFAULT 0 CHECK (cost_minor >= 0),
  user_id       integer REFERENCES users(id),
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX repair_work_log_idx ON repair_work (repair_log_id);

CREATE TYPE stocktake_status AS ENUM ('open', 'closed');

CREATE TABLE stocktakes (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id    integer NOT NULL REFERENCES locations(id),
  status         stocktake_status NOT NULL DEFAULT 'open',
  started_by     integer REFERENCES users(id),
  approved_by    integer REFERENCES users(id),
  started_at     timestamptz NOT NULL DEFAULT now(),
  closed_by      integer REFERENCES users(id),
  closed_at      timestamptz,
  expected_count integer NOT NULL DEFAULT 0,
  missing_count  integer,
  unexpected_count integer
);
-- One stocktake in progress per location.
CREATE UNIQUE INDEX stocktakes_open_idx ON stocktakes (location_id) WHERE status = 'open';
CREATE INDEX stocktakes_loc_started_idx ON stocktakes (location_id, started_at DESC);

-- Expected items are snapshotted at the start; scans mark them, or add unexpected ones.
CREATE TABLE stocktake_lines (
  stocktake_id bigint NOT NULL REFERENCES stocktakes(id),
  item_id      integer NOT NULL REFERENCES items(id),
  expected     boolean NOT NULL,
  scanned_at   timestamptz,
  scanned_by   integer REFERENCES users(id),
  PRIMARY KEY (stocktake_id, item_id)
);
