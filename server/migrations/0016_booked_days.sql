-- Booked units per product and day of its location, for the availability calendar's month view. Spreading
-- every booking of a month over its days on each request costs ~300 ms at a million orders; reading one row
-- per product and day costs a few. Like item_totals (0009), statement-level triggers on order_items keep
-- the figures as deltas in the same transaction, so two clerks booking at once both count.
--
-- A serialized item counts once per day however many bookings it has that day (a morning and an afternoon
-- rental are one unit), so its bookings per day are kept too, and the product's units move only when an
-- item's count crosses zero. Bulk lines add their quantity. Days are the location's calendar days.

CREATE TABLE item_booked_days (
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  item_id     integer NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  day         date NOT NULL,
  bookings    integer NOT NULL,
  PRIMARY KEY (location_id, product_id, item_id, day)
);

CREATE TABLE product_booked_days (
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  day         date NOT NULL,
  units       integer NOT NULL,
  PRIMARY KEY (location_id, product_id, day)
);

-- The location days a booked period touches (its upper bound is exclusive).
CREATE FUNCTION booked_local_days(period tstzrange, zone text) RETURNS SETOF date LANGUAGE sql STABLE AS $$
  SELECT d::date FROM generate_series((lower(period) AT TIME ZONE zone)::date::timestamp,
    ((upper(period) - interval '1 microsecond') AT TIME ZONE zone)::date::timestamp, interval '1 day') AS d
  WHERE NOT isempty(period)
$$;

-- Takes back the lines in `removed` and adds those in `added`, at their order's location (or, for the removed
-- ones, at `removed_from` when the order has just moved). Lines that do not hold stock (cancelled, or without
-- a period) are skipped. Keys are upserted in key order so concurrent writers lock rows alike.
CREATE FUNCTION booked_days_apply(removed order_items[], added order_items[], removed_from integer DEFAULT NULL)
RETURNS void LANGUAGE sql AS $$
  WITH lines AS (
    SELECT coalesce(removed_from, (SELECT location_id FROM orders WHERE id = r.order_id)) AS location_id,
           r.product_id, r.item_id, r.quantity, r.booked_period, -1 AS sign FROM unnest(removed) r
    WHERE r.status <> 'cancelled' AND r.booked_period IS NOT NULL
    UNION ALL
    SELECT (SELECT location_id FROM orders WHERE id = a.order_id),
           a.product_id, a.item_id, a.quantity, a.booked_period, 1 FROM unnest(added) a
    WHERE a.status <> 'cancelled' AND a.booked_period IS NOT NULL
  ), deltas AS (
    SELECT l.location_id, l.product_id, l.item_id, d.day,
           sum(l.sign * CASE WHEN l.item_id IS NULL THEN l.quantity ELSE 1 END)::int AS delta
    FROM lines l JOIN locations loc ON loc.id = l.location_id
    CROSS JOIN LATERAL booked_local_days(l.booked_period, loc.time_zone) AS d(day)
    GROUP BY 1, 2, 3, 4
    HAVING sum(l.sign * CASE WHEN l.item_id IS NULL THEN l.quantity ELSE 1 END) <> 0
  ), items AS (
    INSERT INTO item_booked_days AS t (location_id, product_id, item_id, day, bookings)
      SELECT location_id, product_id, item_id, day, delta FROM deltas WHERE item_id IS NOT NULL
      ORDER BY location_id, product_id, item_id, day
    ON CONFLICT (location_id, product_id, item_id, day) DO UPDATE SET bookings = t.bookings + excluded.bookings
    RETURNING t.location_id, t.product_id, t.item_id, t.day, t.bookings
  ), unit_deltas AS (
    -- The row lock of the upsert makes `bookings` the latest committed count plus ours, so the crossing of
    -- zero is decided on what every transaction sees in turn.
    SELECT i.location_id, i.product_id, i.day, (i.bookings > 0)::int - (i.bookings - d.delta > 0)::int AS delta
    FROM items i JOIN deltas d USING (location_id, product_id, item_id, day)
    UNION ALL
    SELECT location_id, product_id, day, delta FROM deltas WHERE item_id IS NULL
  )
  INSERT INTO product_booked_days AS t (location_id, product_id, day, units)
    SELECT location_id, product_id, day, sum(delta)::int FROM unit_deltas
    GROUP BY location_id, product_id, day HAVING sum(delta) <> 0 ORDER BY location_id, product_id, day
  ON CONFLICT (location_id, product_id, day) DO UPDATE SET units = t.units + excluded.units
$$;

CREATE FUNCTION order_items_booked_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM booked_days_apply('{}'::order_items[], ARRAY(SELECT n::order_items FROM new_rows n WHERE n.booked_period IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM booked_days_apply(ARRAY(SELECT o::order_items FROM old_rows o WHERE o.booked_period IS NOT NULL), '{}'::order_items[]);
  ELSE
    -- Most updates (a status step, a price) leave what is held where it was: only changed lines move.
    PERFORM booked_days_apply(
      ARRAY(SELECT o::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.status = 'cancelled', o.booked_period, o.item_id, o.product_id, o.quantity, o.order_id)
              IS DISTINCT FROM (n.status = 'cancelled', n.booked_period, n.item_id, n.product_id, n.quantity, n.order_id)),
      ARRAY(SELECT n::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (o.status = 'cancelled', o.booked_period, o.item_id, o.product_id, o.quantity, o.order_id)
              IS DISTINCT FROM (n.status = 'cancelled', n.booked_period, n.item_id, n.product_id, n.quantity, n.order_id)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_booked_days_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_booked_days();
CREATE TRIGGER order_items_booked_days_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_booked_days();
CREATE TRIGGER order_items_booked_days_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_booked_days();

-- Days are the location's: a changed time zone counts the location's lines again.
CREATE FUNCTION booked_days_rebuild(p_location_id integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM item_booked_days WHERE location_id = p_location_id;
  DELETE FROM product_booked_days WHERE location_id = p_location_id;
  INSERT INTO item_booked_days (location_id, product_id, item_id, day, bookings)
    SELECT o.location_id, oi.product_id, oi.item_id, d.day, count(*)::int
    FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN locations loc ON loc.id = o.location_id
    CROSS JOIN LATERAL booked_local_days(oi.booked_period, loc.time_zone) AS d(day)
    WHERE o.location_id = p_location_id AND oi.item_id IS NOT NULL AND oi.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4;
  INSERT INTO product_booked_days (location_id, product_id, day, units)
    SELECT o.location_id, oi.product_id, d.day,
           (count(DISTINCT oi.item_id) + coalesce(sum(oi.quantity) FILTER (WHERE oi.item_id IS NULL), 0))::int
    FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN locations loc ON loc.id = o.location_id
    CROSS JOIN LATERAL booked_local_days(oi.booked_period, loc.time_zone) AS d(day)
    WHERE o.location_id = p_location_id AND oi.status <> 'cancelled'
    GROUP BY 1, 2, 3;
$$;

CREATE FUNCTION locations_booked_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM booked_days_rebuild(NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER locations_booked_days AFTER UPDATE OF time_zone ON locations
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION locations_booked_days();

-- An order moved to another location takes its lines with it.
CREATE FUNCTION orders_booked_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM booked_days_apply(ARRAY(SELECT oi FROM order_items oi WHERE oi.order_id = NEW.id),
                            ARRAY(SELECT oi FROM order_items oi WHERE oi.order_id = NEW.id), OLD.location_id);
  RETURN NULL;
END $$;
CREATE TRIGGER orders_booked_days AFTER UPDATE OF location_id ON orders
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION orders_booked_days();

-- An order's lines are deleted before the order itself (not by the cascade after it), so the lines' trigger
-- still finds the order's location.
CREATE FUNCTION orders_delete_lines_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_items WHERE order_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER orders_delete_lines_first BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_delete_lines_first();

-- Lines that exist before this migration (an upgraded database).
SELECT booked_days_rebuild(id) FROM locations;
