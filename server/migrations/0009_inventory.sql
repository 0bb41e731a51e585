-- Inventory lists: total rent count, rent hours and revenue per item and per product, kept in summary
-- tables by statement-level triggers on order_items. Each statement adds the contribution of its new
-- rows and takes back that of its old rows, aggregated per key, so a bulk insert of 5,000 lines costs
-- one grouped upsert, and the lists read a figure instead of summing 1,000,000 orders' lines.

CREATE TABLE item_totals (
  item_id       integer PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  revenue_minor bigint NOT NULL DEFAULT 0
);

CREATE TABLE product_totals (
  product_id    integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  rent_count    bigint NOT NULL DEFAULT 0,
  rent_minutes  bigint NOT NULL DEFAULT 0,
  revenue_minor bigint NOT NULL DEFAULT 0
);

-- A line's contribution: revenue unless cancelled; a rental counts once returned, for its held time.
CREATE FUNCTION order_item_revenue(oi order_items) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN oi.status = 'cancelled' THEN 0
              ELSE oi.quantity::bigint * oi.unit_price_minor - oi.discount_minor END
$$;
CREATE FUNCTION order_item_rent_count(oi order_items) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN oi.status = 'cancelled' OR oi.returned_at IS NULL THEN 0 ELSE oi.quantity::bigint END
$$;
CREATE FUNCTION order_item_rent_minutes(oi order_items) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN oi.status = 'cancelled' OR oi.returned_at IS NULL THEN 0
              ELSE oi.quantity::bigint * greatest(0, floor(extract(epoch FROM
                     oi.returned_at - coalesce(oi.delivered_at, oi.planned_start, oi.returned_at)) / 60))::bigint END
$$;

CREATE FUNCTION order_items_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO product_totals AS t (product_id, rent_count, rent_minutes, revenue_minor)
      SELECT n.product_id, sum(order_item_rent_count(n)), sum(order_item_rent_minutes(n)), sum(order_item_revenue(n))
      FROM new_rows n GROUP BY n.product_id
    ON CONFLICT (product_id) DO UPDATE SET rent_count = t.rent_count + excluded.rent_count,
      rent_minutes = t.rent_minutes + excluded.rent_minutes, revenue_minor = t.revenue_minor + excluded.revenue_minor;
    INSERT INTO item_totals AS t (item_id, revenue_minor)
      SELECT n.item_id, sum(order_item_revenue(n)) FROM new_rows n WHERE n.item_id IS NOT NULL GROUP BY n.item_id
    ON CONFLICT (item_id) DO UPDATE SET revenue_minor = t.revenue_minor + excluded.revenue_minor;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE product_totals t SET rent_count = t.rent_count - o.c, rent_minutes = t.rent_minutes - o.m,
      revenue_minor = t.revenue_minor - o.r
    FROM (SELECT product_id, sum(order_item_rent_count(x)) AS c, sum(order_item_rent_minutes(x)) AS m,
                 sum(order_item_revenue(x)) AS r FROM old_rows x GROUP BY product_id) o
    WHERE t.product_id = o.product_id;
    UPDATE item_totals t SET revenue_minor = t.revenue_minor - o.r
    FROM (SELECT item_id, sum(order_item_revenue(x)) AS r FROM old_rows x WHERE item_id IS NOT NULL GROUP BY item_id) o
    WHERE t.item_id = o.item_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_items_totals_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_totals_apply();
CREATE TRIGGER order_items_totals_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_totals_apply();
CREATE TRIGGER order_items_totals_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_totals_apply();

-- Lines that exist before this migration (an upgraded database).
INSERT INTO product_totals (product_id, rent_count, rent_minutes, revenue_minor)
  SELECT product_id, sum(order_item_rent_count(oi)), sum(order_item_rent_minutes(oi)), sum(order_item_revenue(oi))
  FROM order_items oi GROUP BY product_id;
INSERT INTO item_totals (item_id, revenue_minor)
  SELECT item_id, sum(order_item_revenue(oi)) FROM order_items oi WHERE item_id IS NOT NULL GROUP BY item_id;

-- The lists filter items by home location and search SKU, barcode and product name by substring.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX items_home_location_idx ON items (home_location_id, status);
CREATE INDEX items_sku_trgm_idx ON items USING gin (lower(sku) gin_trgm_ops);
CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) gin_trgm_ops);
CREATE INDEX products_kind_serialized_idx ON products (kind, is_serialized);
CREATE INDEX stock_levels_location_idx ON stock_levels (location_id, product_id);
-- Rental history of a product's detail page, newest first.
CREATE INDEX order_items_product_created_idx ON order_items (product_id, created_at DESC, id DESC);
CREATE INDEX categories_parent_idx ON categories (parent_id, sort_order);
