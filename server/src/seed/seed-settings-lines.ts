import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * Product-line settings of the demo (migration 0037): the business's defaults equal the values the demo's
 * settings rows hold (sales close once paid in full), and the locations' own values are marked as such:
 * Lakeside closes sales by hand and warns of early returns an hour ahead; every location prints its own
 * name in the order headers. The values enforced stay in the rows seed-demo.ts wrote (Lakeside's warning is
 * set here). No random numbers: the orders stay as they were.
 */
export async function seedLineSettings(client: pg.PoolClient): Promise<void> {
  const header = 'Nine Bikes & Kayaks';
  const defaults = {
    rent: {
      warn_early_deliver_minutes: 30,
      warn_early_return_minutes: 30,
      allow_undo_deliver: true,
      adjust_plan_to_business_hours: false,
      close_with_balance_due: 'warn',
      close_with_deposit_held: 'deny',
      is_recurring_enabled: false,
      show_category_image_in_admin_pannel: true,
      is_migration_in_progress: false,
      order_print_header: header,
    },
    sale: {
      close_sale_order: 'on_full_payment',
      deliver_unpaid_orders: 'warn',
      manual_invoice_time: 'anytime',
      sale_order_print_header: header,
    },
    tour: {
      deliver_unpaid_orders: 'warn',
      warn_early_deliver_minutes: 30,
      warn_early_return_minutes: 30,
      allow_undo_deliver: true,
      adjust_plan_to_business_hours: false,
      close_with_balance_due: 'warn',
      close_with_deposit_held: 'deny',
      manual_invoice_time: 'anytime',
      is_recurring_enabled: false,
      is_migration_in_progress: false,
    },
  };
  for (const [line, settings] of Object.entries(defaults))
    await exec(client, 'UPDATE product_line_defaults SET settings = $2 WHERE product_line = $1', [
      line,
      settings,
    ]);
  await exec(
    client,
    `UPDATE activity_settings a SET warn_early_return_minutes = 60
     FROM locations l WHERE l.id = a.location_id AND l.code = 'LAKE' AND a.rental_type_id = 1`,
  );
  await exec(
    client,
    `INSERT INTO location_product_lines (location_id, product_line, overrides)
     SELECT id, 'rent', CASE WHEN code = 'LAKE' THEN '{order_print_header,warn_early_return_minutes}'::text[]
                             ELSE '{order_print_header}' END FROM locations
     UNION ALL
     SELECT id, 'sale', CASE WHEN code = 'LAKE' THEN '{close_sale_order,sale_order_print_header}'::text[]
                             ELSE '{sale_order_print_header}' END FROM locations`,
  );
}
