-- Item search at the counter: one word finds a product by its name, SKU, option, barcode, category (its own
-- and every parent's: "bike" finds the items of "City bikes" under "Bikes") or attribute values, whatever
-- the case and accents ("kayák", "VÉLO").
--
-- Why a maintained column and not expression indexes: a product's category path and attribute values live
-- in other tables, and an index expression can only read its own row. So `products.search_text` holds the
-- normalised words of the product and what it hangs from, kept by triggers on products, categories
-- (a rename or a move reaches every product below) and attribute values; one trigram index serves it.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE (its dictionary is found through search_path), which an index refuses; naming
-- the dictionary and the function by schema makes this wrapper truly IMMUTABLE. Accents go first: the
-- cluster's C locale lowers ASCII only, so lower('É') stays 'É' while lower(unaccent('É')) is 'e'.
CREATE FUNCTION search_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- "Contains" as a LIKE pattern, normalised the same way, with %, _ and the escape \ taken literally.
CREATE FUNCTION search_contains_pattern(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT '%' || regexp_replace(search_normalize($1), '([\\%_])', '\\\1', 'g') || '%' $$;

CREATE FUNCTION product_search_text(
  p_id integer, p_name text, p_sku text, p_option text, p_barcode text, p_category_id integer
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT search_normalize(concat_ws(' ', p_name, p_sku, p_option, p_barcode,
    -- The depth bound stops a (refused elsewhere, but cheap to survive) cycle in the tree.
    (WITH RECURSIVE path AS (
       SELECT c.parent_id, c.name, 1 AS depth FROM categories c WHERE c.id = p_category_id
       UNION ALL
       SELECT c.parent_id, c.name, path.depth + 1 FROM categories c JOIN path ON c.id = path.parent_id
       WHERE path.depth < 32
     ) SELECT string_agg(name, ' ' ORDER BY depth) FROM path),
    (SELECT string_agg(v.value, ' ' ORDER BY v.attribute_id) FROM product_attribute_values v WHERE v.product_id = p_id)))
$$;

ALTER TABLE products ADD COLUMN search_text text NOT NULL DEFAULT '';

CREATE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := product_search_text(NEW.id, NEW.name, NEW.sku, NEW.option, NEW.barcode, NEW.category_id);
  RETURN NEW;
END $$;
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name, sku, option, barcode, category_id
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_text();

CREATE FUNCTION search_text_refresh(product_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET search_text = product_search_text(p.id, p.name, p.sku, p.option, p.barcode, p.category_id)
  WHERE p.id = ANY(product_ids)
    AND p.search_text IS DISTINCT FROM product_search_text(p.id, p.name, p.sku, p.option, p.barcode, p.category_id)
$$;

CREATE FUNCTION attribute_values_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_text_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_text_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM search_text_refresh(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER attribute_values_search_text_insert AFTER INSERT ON product_attribute_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attribute_values_search_text();
CREATE TRIGGER attribute_values_search_text_update AFTER UPDATE ON product_attribute_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attribute_values_search_text();
CREATE TRIGGER attribute_values_search_text_delete AFTER DELETE ON product_attribute_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attribute_values_search_text();

-- A renamed or moved category changes the words of every product in its subtree.
CREATE FUNCTION categories_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_text_refresh(ARRAY(
    SELECT p.id FROM products p
    WHERE p.category_id IN (
      WITH RECURSIVE sub AS (
        SELECT NEW.id AS id
        UNION
        SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id
      ) SELECT id FROM sub)));
  RETURN NULL;
END $$;
CREATE TRIGGER categories_search_text AFTER UPDATE OF name, parent_id ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION categories_search_text();

-- The demo seed loads as a replication replica to skip FK triggers; these must run even then (they cost
-- little: a few hundred products), or the seeded catalogue would not be found.
ALTER TABLE products ENABLE ALWAYS TRIGGER products_search_text;
ALTER TABLE product_attribute_values ENABLE ALWAYS TRIGGER attribute_values_search_text_insert;
ALTER TABLE product_attribute_values ENABLE ALWAYS TRIGGER attribute_values_search_text_update;
ALTER TABLE product_attribute_values ENABLE ALWAYS TRIGGER attribute_values_search_text_delete;
ALTER TABLE categories ENABLE ALWAYS TRIGGER categories_search_text;

UPDATE products p SET search_text = product_search_text(p.id, p.name, p.sku, p.option, p.barcode, p.category_id);

CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text gin_trgm_ops);
-- An item's own codes, searched beside its product's words.
CREATE INDEX items_sku_search_trgm_idx ON items USING gin (search_normalize(sku) gin_trgm_ops);
CREATE INDEX items_barcode_search_trgm_idx ON items USING gin (search_normalize(barcode) gin_trgm_ops);
