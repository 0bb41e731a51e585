-- Tour reservations (issue #20). A reservation is an order (type 'tour') with one seat line per age group on the
-- tour's seat product, plus ordinary rent lines for the equipment its participants use. tour_events.seats_taken is
-- kept from the live seat lines by the statement triggers below, so its CHECK (tour_events_capacity) decides the
-- last seats whichever path books them.

-- One hidden seat product per tour that left draft: sku TOUR-<code> (the code is fixed once published), made by the
-- trigger below whichever path publishes (the API, the seed, a test), and kept named as the tour.
ALTER TABLE tour_definitions ADD COLUMN seat_product_id integer CONSTRAINT tour_definitions_seat_product_key UNIQUE
  REFERENCES products(id);

CREATE FUNCTION tour_definitions_seat_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seat_product_id IS NULL AND NEW.status <> 'draft' THEN
    INSERT INTO products (kind, sku, name, rental_type_id, is_serialized, price_minor)
      VALUES ('tour', 'TOUR-' || upper(NEW.code::text), NEW.name, (SELECT id FROM rental_types WHERE id = 2), false, 0)
      RETURNING id INTO NEW.seat_product_id;
  ELSIF NEW.seat_product_id IS NOT NULL AND TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products SET name = NEW.name, updated_at = now() WHERE id = NEW.seat_product_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tour_definitions_seat_product BEFORE INSERT OR UPDATE OF status, name ON tour_definitions
  FOR EACH ROW EXECUTE FUNCTION tour_definitions_seat_product();
-- the seed writes as a replica: its tours get their seat products too
ALTER TABLE tour_definitions ENABLE ALWAYS TRIGGER tour_definitions_seat_product;
UPDATE tour_definitions SET status = status WHERE status <> 'draft' AND seat_product_id IS NULL;
ALTER TABLE tour_definitions ADD CONSTRAINT tour_definitions_seat_product CHECK (status = 'draft' OR seat_product_id IS NOT NULL);

ALTER TABLE order_items
  ADD COLUMN tour_event_id bigint REFERENCES tour_events(id),
  ADD COLUMN tour_age_group_id integer REFERENCES tour_age_groups(id),
  -- a seat line names its departure and age group, and holds no item and no period of its own
  ADD CONSTRAINT order_items_tour_seat CHECK ((tour_event_id IS NULL) = (tour_age_group_id IS NULL)
    AND (tour_event_id IS NULL OR (item_id IS NULL AND planned_start IS NULL AND planned_finish IS NULL)));
CREATE INDEX order_items_tour_event_idx ON order_items (tour_event_id, order_id) WHERE tour_event_id IS NOT NULL;

-- A private departure belongs to one reservation: nobody else can take its seats.
ALTER TABLE tour_events ADD COLUMN private_order_id bigint REFERENCES orders(id);

CREATE TABLE tour_reservations (
  order_id bigint PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES tour_events(id),
  is_private boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tour_reservations_event_idx ON tour_reservations (event_id, order_id);

-- Links that let a customer reach one order without signing in: a reservation's share link for its participants
-- (until a day after the departure) and the short easy-sign session found by order number and contact. The URL
-- holds 32 random bytes; lookup is by their SHA-256. The token is also kept sealed with the server key (when one is
-- configured) so staff can copy the same link again; revoking it and making a new one is rotation.
CREATE TABLE order_access_tokens (
  token_hash bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('share_link', 'easy_sign')),
  token_sealed text CHECK (length(token_sealed) <= 500),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_access_tokens_order_idx ON order_access_tokens (order_id, created_at DESC);
CREATE UNIQUE INDEX order_access_tokens_one_share ON order_access_tokens (order_id)
  WHERE purpose = 'share_link' AND revoked_at IS NULL;

-- Adds each departure's change in live seats, after locking the departures in id order (the order every booking,
-- move and cancel uses), so concurrent bookings queue on the row and the CHECK sees the latest count.
CREATE FUNCTION tour_seats_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  clash record;
BEGIN
  PERFORM 1 FROM tour_events e
   WHERE e.id IN (SELECT (d->>'event_id')::bigint FROM jsonb_array_elements(deltas) d)
   ORDER BY e.id FOR NO KEY UPDATE;
  -- read after the lock: a private departure admits only its own reservation's seats
  SELECT e.id INTO clash FROM tour_events e
    JOIN jsonb_array_elements(deltas) d ON (d->>'event_id')::bigint = e.id
   WHERE (d->>'delta')::int > 0 AND e.private_order_id IS NOT NULL
     AND e.private_order_id IS DISTINCT FROM (d->>'order_id')::bigint
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'tour event % is private', clash.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tour_events_private';
  END IF;
  UPDATE tour_events e SET seats_taken = e.seats_taken + t.delta
    FROM (SELECT (d->>'event_id')::bigint AS event_id, sum((d->>'delta')::int)::int AS delta
          FROM jsonb_array_elements(deltas) d GROUP BY 1 HAVING sum((d->>'delta')::int) <> 0) t
   WHERE e.id = t.event_id;
END $$;

CREATE FUNCTION order_items_tour_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  -- rent and sale lines (nearly all of them) leave at once
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('event_id', tour_event_id, 'order_id', order_id,
        'delta', quantity)) FROM new_rows WHERE tour_event_id IS NOT NULL AND status <> 'cancelled'), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('event_id', tour_event_id, 'order_id', order_id,
        'delta', -quantity)) FROM old_rows WHERE tour_event_id IS NOT NULL AND status <> 'cancelled'), '[]');
  END IF;
  IF deltas <> '[]' THEN
    PERFORM tour_seats_apply(deltas);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_tour_seats_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_tour_seats();
CREATE TRIGGER order_items_tour_seats_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_tour_seats();
CREATE TRIGGER order_items_tour_seats_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_tour_seats();

-- Customers waiting for a full departure, first come first served. A freed seat is offered to the first one waiting
-- for a while; an unanswered offer expires and passes to the next.
CREATE TABLE tour_waitlist (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES tour_events(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers(id),
  -- [{age_group_id, quantity}]
  seats jsonb NOT NULL CHECK (jsonb_typeof(seats) = 'array' AND jsonb_array_length(seats) BETWEEN 1 AND 20),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'expired', 'removed')),
  note text CHECK (length(note) <= 500),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  order_id bigint REFERENCES orders(id),
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK ((status = 'offered') <= (offer_expires_at IS NOT NULL)),
  CHECK ((status = 'booked') = (order_id IS NOT NULL))
);
CREATE INDEX tour_waitlist_event_idx ON tour_waitlist (event_id, created_at, id) WHERE status IN ('waiting', 'offered');
CREATE UNIQUE INDEX tour_waitlist_one_entry ON tour_waitlist (event_id, customer_id) WHERE status IN ('waiting', 'offered');

CREATE OR REPLACE FUNCTION rebuild_derived_tables() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_totals;
  INSERT INTO product_totals (product_id, rent_count, rent_minutes, revenue_minor)
    SELECT product_id, sum(order_item_rent_count(oi)), sum(order_item_rent_minutes(oi)), sum(order_item_revenue(oi))
    FROM order_items oi GROUP BY product_id;
  DELETE FROM item_totals;
  INSERT INTO item_totals (item_id, revenue_minor)
    SELECT item_id, sum(order_item_revenue(oi)) FROM order_items oi WHERE item_id IS NOT NULL GROUP BY item_id;

  DELETE FROM invoice_settlements;
  INSERT INTO invoice_settlements (invoice_id, total_minor, paid_minor, credited_minor, order_id, location_id, list,
                                   created_at)
    SELECT i.id, i.total_minor, coalesce(p.paid, 0),
           coalesce(c.credited, 0) + CASE WHEN i.refund_id IS NULL THEN 0 ELSE -i.total_minor END,
           i.order_id, i.location_id, i.list, i.created_at
    FROM invoices i
    LEFT JOIN (
      SELECT pay.invoice_id, sum(pay.amount_minor - coalesce(r.refunded, 0)) AS paid
      FROM payments pay
      LEFT JOIN (SELECT payment_id, sum(amount_minor) AS refunded FROM refunds GROUP BY payment_id) r
        ON r.payment_id = pay.id
      WHERE pay.invoice_id IS NOT NULL
      GROUP BY pay.invoice_id
    ) p ON p.invoice_id = i.id
    LEFT JOIN (
      SELECT credits_invoice_id, sum(total_minor) AS credited FROM invoices
      WHERE credits_invoice_id IS NOT NULL GROUP BY credits_invoice_id
    ) c ON c.credits_invoice_id = i.id;

  SELECT orders_balances_rebuild();

  UPDATE orders o SET customer_last_name = c.last_name FROM customers c
  WHERE c.id = o.customer_id AND o.customer_last_name IS DISTINCT FROM c.last_name;

  SELECT booked_days_rebuild(id) FROM locations;

  UPDATE tour_events e SET seats_taken = s.seats
  FROM (
    SELECT e2.id, coalesce(sum(oi.quantity) FILTER (WHERE oi.status <> 'cancelled'), 0)::int AS seats
    FROM tour_events e2 LEFT JOIN order_items oi ON oi.tour_event_id = e2.id
    GROUP BY e2.id
  ) s
  WHERE s.id = e.id AND e.seats_taken <> s.seats;
$$;
