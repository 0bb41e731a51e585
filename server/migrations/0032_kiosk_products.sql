-- The kiosk interface (issue #18): the short list of products a location offers for rent on its self-service
-- kiosks, in the order the kiosk shows them. A product leaving the catalogue leaves the lists with it.
CREATE TABLE kiosk_products (
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  sort integer NOT NULL CHECK (sort >= 0),
  PRIMARY KEY (location_id, product_id)
);
