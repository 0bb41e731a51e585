-- Product-line settings (issue #18, setting levels of spec section 9): the business's defaults per product
-- line (DSL) and which of them a location overrides (CPL). The value enforced (CVL) stays in the activity and
-- general settings rows, which every reader reads; saving a default writes it into the rows of every location
-- that does not override it (server/src/modules/settings/product-line-*.ts).

-- One row per line. `settings` maps a setting (the activity or general settings column it lands in) to the
-- business's value; a setting absent from it has none, and locations keep the column's built-in default.
CREATE TABLE product_line_defaults (
  product_line text PRIMARY KEY CHECK (product_line IN ('rent', 'sale', 'tour')),
  settings     jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
  version      integer NOT NULL DEFAULT 1,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO product_line_defaults (product_line) VALUES ('rent'), ('sale'), ('tour');

-- A location's overrides of one line: the settings whose value is the location's own, not the business's.
-- A missing row overrides nothing.
CREATE TABLE location_product_lines (
  location_id  integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  product_line text NOT NULL CHECK (product_line IN ('rent', 'sale', 'tour')),
  overrides    text[] NOT NULL DEFAULT '{}',
  version      integer NOT NULL DEFAULT 1,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (location_id, product_line)
);

-- A shop that set values per location before product lines existed keeps them: a value other than the
-- built-in default (the business has no default yet) is that location's own, so it is marked overridden.
-- The lines' settings as shared/src/schemas/product-lines.ts lists them; tours are rental type 2.
INSERT INTO location_product_lines (location_id, product_line, overrides)
SELECT location_id, product_line, array_agg(setting ORDER BY setting)
FROM (
  SELECT a.location_id, f.product_line, f.setting
  FROM activity_settings a
  JOIN (VALUES
    ('rent', 1, 'warn_early_deliver_minutes', '30'::jsonb),
    ('rent', 1, 'warn_early_return_minutes', '30'),
    ('rent', 1, 'allow_undo_deliver', 'true'),
    ('rent', 1, 'adjust_plan_to_business_hours', 'false'),
    ('rent', 1, 'close_with_balance_due', '"warn"'),
    ('rent', 1, 'close_with_deposit_held', '"deny"'),
    ('rent', 1, 'is_recurring_enabled', 'false'),
    ('rent', 1, 'show_category_image_in_admin_pannel', 'true'),
    ('rent', 1, 'is_migration_in_progress', 'false'),
    ('sale', 1, 'close_sale_order', '"manual"'),
    ('sale', 1, 'deliver_unpaid_orders', '"warn"'),
    ('sale', 1, 'manual_invoice_time', '"anytime"'),
    ('tour', 2, 'deliver_unpaid_orders', '"warn"'),
    ('tour', 2, 'warn_early_deliver_minutes', '30'),
    ('tour', 2, 'warn_early_return_minutes', '30'),
    ('tour', 2, 'allow_undo_deliver', 'true'),
    ('tour', 2, 'adjust_plan_to_business_hours', 'false'),
    ('tour', 2, 'close_with_balance_due', '"warn"'),
    ('tour', 2, 'close_with_deposit_held', '"deny"'),
    ('tour', 2, 'manual_invoice_time', '"anytime"'),
    ('tour', 2, 'is_recurring_enabled', 'false'),
    ('tour', 2, 'is_migration_in_progress', 'false')
  ) AS f(product_line, rental_type_id, setting, builtin) ON f.rental_type_id = a.rental_type_id
  WHERE to_jsonb(a) -> f.setting IS DISTINCT FROM f.builtin
  UNION ALL
  SELECT g.location_id, 'rent', 'order_print_header' FROM general_settings g WHERE g.order_print_header IS NOT NULL
  UNION ALL
  SELECT g.location_id, 'sale', 'sale_order_print_header' FROM general_settings g
  WHERE g.sale_order_print_header IS NOT NULL
) AS own
GROUP BY location_id, product_line;
