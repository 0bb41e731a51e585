import { mkdtempSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/access.ts';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import { waiverContent, waiverContentHash } from '../src/modules/tours/waiver-content.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Table-driven: for every /api route the app registered, prove 401 without a token, 403 without the
 * permission or location, and success with them. A new route is covered the moment it exists.
 */
let tdb: TestDatabase;
let nine: NineApp;
let allowed: string;
let powerless: string;
let wide: string;
let home: number;
let foreign: number;
let cat: CatalogueFixture;
let inv: CatalogueFixture;
const orders: Record<string, number> = {};
// Business settings fixtures (settings-business): a sample that saves the current values keeps the version.
const business: { info: Record<string, unknown>; taxModeVersion: number } = { info: {}, taxModeVersion: 0 };
let policy: object = {};
let exportsDir = '';
// The app's uploads (order photos, logos, category and tour images) go to a data dir of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'nine-access-data-'));
const photosDir = join(dataDir, 'order-photos');
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A multipart body with one PNG, as a browser sends a file input. */
const photoUpload = () => {
  const boundary = 'nine-access-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG_BYTES,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};
/** A multipart body with one CSV file, as the import dialog sends it. */
const csvUpload = (text: string) => {
  const boundary = 'nine-access-csv';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    ),
  };
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  exportsDir = await mkdtemp(join(tmpdir(), 'nine-access-exports-'));
  home = await createLocation(tdb.db, 'Home');
  foreign = await createLocation(tdb.db, 'Foreign');
  const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
  await createUser(tdb.db, { email: 'all@nine.test', locations: [home], grants: everything });
  await createUser(tdb.db, { email: 'none@nine.test', locations: [home, foreign], grants: [] });
  await createUser(tdb.db, { email: 'foreign@nine.test', locations: [foreign], grants: everything });
  // Access keys of others and the access policy are a business-wide administrator's (staff-routes.ts).
  await createUser(tdb.db, { email: 'wide@nine.test', locations: [home, foreign], grants: everything });
  cat = await createCatalogue(tdb.db, home, { items: 4 });
  const order = async (type: 'rent' | 'sale', status: string) =>
    (
      await tdb.db.pool.query(
        `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ($1, 'walk_in', $2, $3, $4) RETURNING id`,
        [type, status, home, cat.customerId],
      )
    ).rows[0].id;
  for (const [name, type, status] of [
    ['rent', 'rent', 'pending'],
    ['rentNotes', 'rent', 'pending'],
    ['sale', 'sale', 'open'],
    ['saleNotes', 'sale', 'open'],
  ] as const) {
    orders[name] = await order(type, status);
  }
  // Money fixtures: an order with a billable line, a payment on it, and an invoice in progress.
  const sql = (text: string, params: unknown[]) =>
    tdb.db.pool.query(text, params).then((r) => r.rows[0].id as number);
  orders.pay = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor) VALUES ('sale', 'walk_in', 'open', $1, $2, 10000) RETURNING id`,
    [home, cat.customerId],
  );
  await sql(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 10000, 'pending') RETURNING id`,
    [orders.pay, cat.saleProductId],
  );
  orders.payment = await sql(
    `INSERT INTO payments (order_id, location_id, method, amount_minor) VALUES ($1, $2, 'cash', 500) RETURNING id`,
    [orders.pay, home],
  );
  orders.invoice = await sql(
    `INSERT INTO invoices (type, order_id, location_id, subtotal_minor, total_minor) VALUES ('sale', $1, $2, 0, 0) RETURNING id`,
    [orders.pay, home],
  );
  // A posted invoice to credit, and ad-hoc charges allowed (invoice-credit-note.ts, invoice-adhoc-charge.ts).
  orders.postedInvoice = await sql(
    `INSERT INTO invoices (type, order_id, location_id, subtotal_minor, total_minor, status, posted_at) VALUES ('sale', $1, $2, 0, 0, 'posted', now()) RETURNING id`,
    [orders.pay, home],
  );
  await tdb.db.pool.query('UPDATE business_info SET add_adhoc_to_order = true');
  orders.register = await sql(
    `INSERT INTO cash_registers (location_id, name) VALUES ($1, 'Front desk') RETURNING id`,
    [home],
  );
  // Cash needs an open register (1256): the money routes take cash into an open 'Till', the counter's
  // current register; 'Front desk' is opened and closed by its own routes.
  orders.till = await sql(`INSERT INTO cash_registers (location_id, name) VALUES ($1, 'Till') RETURNING id`, [
    home,
  ]);
  await tdb.db.pool.query(
    `INSERT INTO register_sessions (cash_register_id, opened_by, float_minor) SELECT $1, id, 0 FROM users WHERE email = 'all@nine.test'`,
    [orders.till],
  );
  await tdb.db.pool.query(`UPDATE general_settings SET current_cash_register = $1 WHERE location_id = $2`, [
    orders.till,
    home,
  ]);
  orders.costly = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'pending', $1, $2) RETURNING id`,
    [home, cat.customerId],
  );
  orders.costlyItem = await sql(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 4000, 'pending') RETURNING id`,
    [orders.costly, cat.bulkProductId],
  );
  orders.saleCostly = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('sale', 'walk_in', 'open', $1, $2) RETURNING id`,
    [home, cat.customerId],
  );
  orders.saleCostlyItem = await sql(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 1200, 'pending') RETURNING id`,
    [orders.saleCostly, cat.saleProductId],
  );
  orders.deposit = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id, deposit_minor) VALUES ('rent', 'walk_in', 'pending', $1, $2, 15000) RETURNING id`,
    [home, cat.customerId],
  );
  await tdb.db.pool.query(`UPDATE users SET access_key_hash = $1 WHERE email = 'all@nine.test'`, [
    await hashPassword('2468'),
  ]);
  orders.staffUser = await sql(
    `INSERT INTO users (name, email) VALUES ('Staff', 'staff@nine.test') RETURNING id`,
    [],
  );
  orders.role = await sql(`INSERT INTO roles (title) VALUES ('Spare') RETURNING id`, []);
  const { updated_at: _u, id: _i, ...p } = (await tdb.db.pool.query('SELECT * FROM access_policy')).rows[0];
  policy = p;
  await tdb.db.pool.query(
    `INSERT INTO location_activity_settings (location_id, rental_type_id, delivery_availability) VALUES ($1, 1, true)`,
    [home],
  );
  await tdb.db.pool.query(
    `INSERT INTO activity_settings (location_id, rental_type_id, is_recurring_enabled) VALUES ($1, 1, true)`,
    [home],
  );
  orders.delivery = await sql(
    `INSERT INTO deliveries (order_id, location_id, type, scheduled_at, address) VALUES ($1, $2, 'pickup', now(), '2 Dock') RETURNING id`,
    [orders.costly, home],
  );
  orders.readyExport = await sql(
    `INSERT INTO exports (user_id, location_id, list, format, description, status) SELECT id, $1, 'customers', 'csv', 'done', 'ready' FROM users WHERE email = 'all@nine.test' RETURNING id`,
    [home],
  );
  await writeFile(join(exportsDir, `${orders.readyExport}.csv`), 'ID\r\n');
  // Stock: a rule to delete, an open repair log (item 2) and an open stocktake, which the routes close in turn.
  orders.maintenanceRule = await sql(
    `INSERT INTO maintenance_rules (product_id, every_days) VALUES ($1, 365) RETURNING id`,
    [cat.rentProductId],
  );
  await tdb.db.pool.query(`UPDATE items SET status = 'maintenance' WHERE id = $1`, [cat.itemIds[2]]);
  orders.repairLog = await sql(
    `INSERT INTO repair_logs (item_id, location_id, problem) VALUES ($1, $2, 'Flat tyre') RETURNING id`,
    [cat.itemIds[2], home],
  );
  orders.stocktake = await sql(`INSERT INTO stocktakes (location_id) VALUES ($1) RETURNING id`, [home]);
  // A rent order the kiosk finds by its number and the customer's phone, and signs.
  orders.kioskOrder = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'pending', $1, $2) RETURNING number AS id`,
    [home, cat.customerId],
  );
  orders.kioskDevice = await sql(
    `INSERT INTO kiosk_devices (location_id, name, device_id) VALUES ($1, 'Access kiosk', 'access-kiosk') RETURNING id`,
    [home],
  );
  // Customers and partners: a participant to remove, partners and coupons to read, edit and delete.
  orders.participant = await sql(
    `INSERT INTO customer_participants (customer_id, name) VALUES ($1, 'Kid') RETURNING id`,
    [cat.customerId],
  );
  orders.partner = await sql(`INSERT INTO partners (name) VALUES ('Hotel') RETURNING id`, []);
  orders.sparePartner = await sql(`INSERT INTO partners (name) VALUES ('Gone') RETURNING id`, []);
  orders.coupon = await sql(
    `INSERT INTO coupons (partner_id, code, title, discount_kind, discount_value, valid_from) VALUES ($1, 'KEEP', 'Keep', 'percent', 500, '2030-01-01') RETURNING id`,
    [orders.partner],
  );
  orders.spareCoupon = await sql(
    `INSERT INTO coupons (partner_id, code, title, discount_kind, discount_value, valid_from) VALUES ($1, 'DROP', 'Drop', 'percent', 500, '2030-01-01') RETURNING id`,
    [orders.partner],
  );
  // Item actions: lines of their own (each action bumps its order's version).
  for (const [name, type, status, product] of [
    ['itemsRent', 'rent', 'pending', cat.bulkProductId],
    ['itemsSale', 'sale', 'open', cat.saleProductId],
    ['invoiceRent', 'rent', 'pending', cat.bulkProductId],
    ['invoiceSale', 'sale', 'open', cat.saleProductId],
  ] as const) {
    orders[name] = await sql(
      `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ($1, 'walk_in', $2, $3, $4) RETURNING id`,
      [type, status, home, cat.customerId],
    );
    orders[`${name}Line`] = await sql(
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 1000, 'pending') RETURNING id`,
      [orders[name], product],
    );
  }
  const replaceProduct = await sql(
    `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'ACC-RK', 'Replace kayak', true, 100) RETURNING id`,
    [],
  );
  const [replaceFrom] = await Promise.all(
    ['ACC-RK-1', 'ACC-RK-2'].map((sku) =>
      sql(
        `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $2, $3, $3) RETURNING id`,
        [replaceProduct, sku, home],
      ),
    ),
  );
  orders.replace = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'confirmed', $1, $2) RETURNING id`,
    [home, cat.customerId],
  );
  orders.replaceLine = await sql(
    `INSERT INTO order_items (order_id, product_id, item_id, quantity, unit_price_minor, status, planned_start, planned_finish)
     VALUES ($1, $2, $3, 1, 100, 'confirmed', '2033-01-01T09:00:00Z', '2033-01-02T09:00:00Z') RETURNING id`,
    [orders.replace, replaceProduct, replaceFrom],
  );
  // Change period: a confirmed order of bulk gear, so the new period has no item to collide with.
  orders.period = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id, planned_start, planned_finish)
     VALUES ('rent', 'walk_in', 'confirmed', $1, $2, '2034-01-01T09:00:00Z', '2034-01-02T09:00:00Z') RETURNING id`,
    [home, cat.customerId],
  );
  await sql(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, planned_start, planned_finish)
     VALUES ($1, $2, 1, 500, 'confirmed', '2034-01-01T09:00:00Z', '2034-01-02T09:00:00Z') RETURNING id`,
    [orders.period, cat.bulkProductId],
  );
  // Order view extras: a participant and a photo (its file in the app's data dir) to reach by id.
  for (const kind of ['rent', 'sale'] as const) {
    const order = kind === 'rent' ? orders.rentNotes : orders.saleNotes;
    orders[`${kind}Participant`] = await sql(
      `INSERT INTO order_participants (order_id, name) VALUES ($1, 'Ada') RETURNING id`,
      [order],
    );
    for (const use of ['Photo', 'SparePhoto']) {
      const stored = `access-${kind}-${use}-${process.pid}.png`;
      orders[`${kind}${use}`] = await sql(
        `INSERT INTO order_photos (order_id, stored_name, file_name, content_type, size_bytes) VALUES ($1, $2, 'a.png', 'image/png', 8) RETURNING id`,
        [order, stored],
      );
      await mkdir(photosDir, { recursive: true });
      await writeFile(join(photosDir, stored), PNG_BYTES);
    }
  }
  // Inventory: a catalogue of its own, so item edits and deletes touch nothing the order samples use.
  inv = await createCatalogue(tdb.db, home, { items: 3 });
  orders.category = await sql(`INSERT INTO categories (name) VALUES ('Access boats') RETURNING id`, []);
  orders.spareCategory = await sql(`INSERT INTO categories (name) VALUES ('Access spare') RETURNING id`, []);
  orders.attribute = await sql(`INSERT INTO attributes (name) VALUES ('Access colour') RETURNING id`, []);
  orders.spareAttribute = await sql(`INSERT INTO attributes (name) VALUES ('Access spare') RETURNING id`, []);
  orders.tax = await sql(`INSERT INTO taxes (name, rate_bp) VALUES ('Access tax', 500) RETURNING id`, []);
  orders.spareTax = await sql(
    `INSERT INTO taxes (name, rate_bp) VALUES ('Access spare tax', 100) RETURNING id`,
    [],
  );
  await tdb.db.pool.query(
    `INSERT INTO gl_codes (code, description) VALUES ('ACC-1', 'Access code'), ('ACC-SPARE', 'Access spare')`,
  );
  // Business calendar: a special day the edit sample saves unchanged, and a spare one to delete.
  orders.specialDay = await sql(
    `INSERT INTO location_special_days (location_id, day, closed, note) VALUES ($1, '2031-12-25', true, 'Access') RETURNING id`,
    [home],
  );
  orders.spareSpecialDay = await sql(
    `INSERT INTO location_special_days (location_id, day, closed) VALUES ($1, '2031-12-26', true) RETURNING id`,
    [home],
  );
  // Delivery settings: an inactive zone and a whole-Tuesday window (the delivery sample is a Tuesday), which
  // the edit samples save unchanged, and a spare window to delete.
  orders.deliveryZone = await sql(
    `INSERT INTO delivery_zones (location_id, name, zip_codes, is_active) VALUES ($1, 'Access zone', '{A1}', false) RETURNING id`,
    [home],
  );
  orders.deliveryWindow = await sql(
    `INSERT INTO delivery_windows (location_id, weekday, starts, ends) VALUES ($1, 2, '00:00', '23:59') RETURNING id`,
    [home],
  );
  // Coupons on orders (order-coupons.ts): two open sales with a line, a coupon, and one already applied.
  orders.orderCoupon = await sql(
    `INSERT INTO coupons (code, title, discount_kind, discount_value, valid_from) VALUES ('ACCESS10', 'Access', 'amount', 100, '2020-01-01') RETURNING id`,
    [],
  );
  for (const name of ['couponSale', 'couponApplied'] as const) {
    orders[name] = await sql(
      `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor) VALUES ('sale', 'walk_in', 'open', $1, $2, 1000) RETURNING id`,
      [home, cat.customerId],
    );
    await sql(
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 1000, 'pending') RETURNING id`,
      [orders[name], cat.saleProductId],
    );
  }
  await sql(
    `INSERT INTO order_coupons (order_id, coupon_id, code, discount_minor) VALUES ($1, $2, 'ACCESS10', 0) RETURNING id`,
    [orders.couponApplied, orders.orderCoupon],
  );
  orders.spareDeliveryWindow = await sql(
    `INSERT INTO delivery_windows (location_id, weekday, starts, ends) VALUES ($1, 2, '00:00', '01:00') RETURNING id`,
    [home],
  );
  // Price settings: rows of products of their own (no other sample prices them) and inactive rules, which
  // the edit samples save unchanged, and spare rows to delete.
  orders.priceProduct = await sql(
    `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'ACC-PR', 'Price sample', false, 100) RETURNING id`,
    [],
  );
  orders.spareRateProduct = await sql(
    `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'ACC-PR2', 'Price spare', false, 100) RETURNING id`,
    [],
  );
  orders.newRateProduct = await sql(
    `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'ACC-PR3', 'Price new', false, 100) RETURNING id`,
    [],
  );
  orders.rentalPeriod = await sql(
    `INSERT INTO rental_periods (location_id, name, unit, count, is_active) VALUES ($1, 'Access period', 'hour', 3, false) RETURNING id`,
    [home],
  );
  orders.spareRentalPeriod = await sql(
    `INSERT INTO rental_periods (location_id, name, unit, count, is_active) VALUES ($1, 'Access spare', 'hour', 5, false) RETURNING id`,
    [home],
  );
  orders.rentRate = await sql(
    `INSERT INTO rent_rates (location_id, product_id, weekly_minor) VALUES ($1, $2, 500) RETURNING id`,
    [home, orders.priceProduct],
  );
  orders.spareRentRate = await sql(
    `INSERT INTO rent_rates (location_id, product_id, weekly_minor) VALUES ($1, $2, 500) RETURNING id`,
    [home, orders.spareRateProduct],
  );
  orders.specialRule = await sql(
    `INSERT INTO special_pricing_rules (location_id, name, kind, adjust_bp, is_active) VALUES ($1, 'Access rule', 'weekend', 1000, false) RETURNING id`,
    [home],
  );
  orders.spareSpecialRule = await sql(
    `INSERT INTO special_pricing_rules (location_id, name, kind, adjust_bp, is_active) VALUES ($1, 'Access spare', 'weekend', 1000, false) RETURNING id`,
    [home],
  );
  // Tour leaders: one with a skill to edit, one to delete and a day off to delete; a staff user to make one.
  orders.leaderCandidate = await createUser(tdb.db, {
    email: 'access-candidate@nine.test',
    locations: [home],
  });
  orders.leader = await sql(`INSERT INTO tour_leaders (user_id) VALUES ($1) RETURNING id`, [
    await createUser(tdb.db, { email: 'access-leader@nine.test', locations: [home] }),
  ]);
  orders.leaderSkill = await sql(
    `INSERT INTO tour_leader_skills (leader_id, name) VALUES ($1, 'Access aid') RETURNING id`,
    [orders.leader],
  );
  orders.spareLeaderSkill = await sql(
    `INSERT INTO tour_leader_skills (leader_id, name) VALUES ($1, 'Access spare') RETURNING id`,
    [orders.leader],
  );
  orders.leaderDayOff = await sql(
    `INSERT INTO tour_leader_days_off (leader_id, days) VALUES ($1, daterange('2035-01-01', '2035-01-02')) RETURNING id`,
    [orders.leader],
  );
  // Tour settings: a place, group and age group each to edit (saved unchanged) and a spare to delete, and a
  // terms document whose draft the samples save, then publish.
  for (const [name, kind] of [
    ['tourPlace', 'Access pier'],
    ['spareTourPlace', 'Access spare pier'],
  ] as const)
    orders[name] = await sql(
      `INSERT INTO tour_places (location_id, kind, name) VALUES ($1, 'meeting_point', $2) RETURNING id`,
      [home, kind],
    );
  orders.tourGroup = await sql(`INSERT INTO tour_groups (name) VALUES ('Access group') RETURNING id`, []);
  orders.spareTourGroup = await sql(
    `INSERT INTO tour_groups (name) VALUES ('Access spare') RETURNING id`,
    [],
  );
  orders.ageGroup = await sql(
    `INSERT INTO tour_age_groups (name, min_age, max_age) VALUES ('Access adult', 18, NULL) RETURNING id`,
    [],
  );
  orders.spareAgeGroup = await sql(
    `INSERT INTO tour_age_groups (name, min_age, max_age, active) VALUES ('Access spare', 18, NULL, false) RETURNING id`,
    [],
  );
  orders.tourTerms = await sql(
    `INSERT INTO tour_terms (kind, title) VALUES ('terms', 'Access terms') RETURNING id`,
    [],
  );
  orders.tourTermsDraft = await sql(
    `INSERT INTO tour_term_versions (terms_id, number, status, body, body_html, body_text, body_sha256)
     VALUES ($1, 1, 'draft', '{"type":"doc","content":[{"type":"paragraph"}]}', '<p></p>', '', sha256(''::bytea)) RETURNING id`,
    [orders.tourTerms],
  );
  // Tour definitions: a draft whose step the sample saves, one complete draft to publish, an active one to
  // set inactive, a spare draft to delete, and two with one (fileless) image to arrange and to delete.
  const tourDef = (code: string, status = 'draft', steps = "ARRAY['basic-info']") =>
    sql(
      `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity, min_participants)
       VALUES ($1, $2::text, $2::text, $3::tour_definition_status, ${steps}, 60, 10, 1) RETURNING id`,
      [home, code, status],
    );
  const allSteps = `ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description']`;
  const fakeImage = (definition: number, name: string) =>
    sql(
      `INSERT INTO tour_definition_images (definition_id, stored_name, thumb_name, content_type, width, height, size_bytes, position, is_cover)
       VALUES ($1, $2::text, $2::text || '-t', 'image/webp', 10, 10, 10, 0, true) RETURNING id`,
      [definition, name],
    );
  orders.tourDef = await tourDef('ACCESS-DEF');
  orders.tourDefActive = await tourDef('ACCESS-ACTIVE', 'active', allSteps);
  orders.tourDefSpare = await tourDef('ACCESS-SPARE');
  orders.tourDefGallery = await tourDef('ACCESS-GALLERY');
  orders.tourDefImage = await fakeImage(orders.tourDefGallery, 'access-gallery');
  orders.tourDefGallery2 = await tourDef('ACCESS-GALLERY2');
  orders.tourDefImage2 = await fakeImage(orders.tourDefGallery2, 'access-gallery2');
  orders.tourDefComplete = await tourDef('ACCESS-PUBLISH', 'draft', allSteps);
  await fakeImage(orders.tourDefComplete, 'access-publish');
  const defTerms = await sql(
    `INSERT INTO tour_terms (kind, title) VALUES ('terms', 'Access def terms') RETURNING id`,
    [],
  );
  await sql(
    `INSERT INTO tour_term_versions (terms_id, number, status, body, body_html, body_text, body_sha256, published_at)
     VALUES ($1, 1, 'published', '{"type":"doc","content":[{"type":"paragraph"}]}', '<p></p>', '', sha256(''::bytea), now()) RETURNING id`,
    [defTerms],
  );
  const defPier = await sql(
    `INSERT INTO tour_places (location_id, kind, name) VALUES ($1, 'meeting_point', 'Access def pier') RETURNING id`,
    [home],
  );
  await tdb.db.pool.query(
    `UPDATE tour_definitions SET meeting_point_id = $2, terms_id = $3,
       description = '{"type":"doc","content":[{"type":"paragraph"}]}', description_html = '<p></p>' WHERE id = $1`,
    [orders.tourDefComplete, defPier, defTerms],
  );
  await tdb.db.pool.query(
    `INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor) SELECT $1, id, 1000 FROM tour_age_groups WHERE active`,
    [orders.tourDefComplete],
  );
  await tdb.db.pool.query(
    `INSERT INTO tour_definition_cancellation_tiers (definition_id, hours_before, fee_bp) VALUES ($1, 0, 10000)`,
    [orders.tourDefComplete],
  );
  // Tour events: an active tour of its own, one event per write sample (each keeps version 1 until its
  // sample), a leader working here to assign and one to remove, and a series to change.
  orders.eventDef = await tourDef('ACCESS-EVENTS', 'active', allSteps);
  const tourEvent = (startsAt: string) =>
    sql(
      `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
       VALUES ($1, $2, $3, $3::timestamptz + interval '1 hour', 10, 1) RETURNING id`,
      [orders.eventDef, home, startsAt],
    );
  orders.tourEvent = await tourEvent('2035-02-01T10:00:00Z');
  orders.tourEventPatch = await tourEvent('2035-02-02T10:00:00Z');
  orders.tourEventMove = await tourEvent('2035-02-03T10:00:00Z');
  orders.tourEventStatus = await tourEvent('2035-02-04T10:00:00Z');
  orders.tourEventLeaders = await tourEvent('2035-02-05T10:00:00Z');
  orders.tourEventUnassign = await tourEvent('2035-02-06T10:00:00Z');
  orders.eventLeader = await sql(`INSERT INTO tour_leaders (user_id) VALUES ($1) RETURNING id`, [
    await createUser(tdb.db, { email: 'access-event-leader@nine.test', locations: [home] }),
  ]);
  await tdb.db.pool.query(
    `INSERT INTO tour_event_leaders (event_id, leader_id, period) SELECT id, $2, tstzrange(starts_at, ends_at) FROM tour_events WHERE id = $1`,
    [orders.tourEventUnassign, orders.eventLeader],
  );
  orders.tourSeries = await sql(
    `INSERT INTO tour_event_series (definition_id, location_id, rrule, first_day, last_day, start_time, duration_minutes, capacity, min_participants)
     VALUES ($1, $2, 'FREQ=WEEKLY;BYDAY=MO', '2035-06-01', '2035-06-30', '09:00', 60, 10, 1) RETURNING id`,
    [orders.eventDef, home],
  );
  // Tour reservations (issue #20): a booked departure to read, share and check in; one starting within the
  // check-in window with two participants (one scanned by code, one picked from the manifest).
  await tdb.db.pool.query(
    `INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor) VALUES ($1, $2, 1000)`,
    [orders.eventDef, orders.ageGroup],
  );
  const reservation = async (eventId: number) => {
    const id = await sql(
      `INSERT INTO orders (type, source, status, location_id, customer_id, planned_start, planned_finish)
       SELECT 'tour', 'back_end', 'confirmed', $1, $2, starts_at, ends_at FROM tour_events WHERE id = $3 RETURNING id`,
      [home, cat.customerId, eventId],
    );
    await tdb.db.pool.query(
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, tour_event_id, tour_age_group_id)
       SELECT $1, d.seat_product_id, 2, 1000, 'confirmed', e.id, $3 FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id
       WHERE e.id = $2`,
      [id, eventId, orders.ageGroup],
    );
    await tdb.db.pool.query(`INSERT INTO tour_reservations (order_id, event_id) VALUES ($1, $2)`, [
      id,
      eventId,
    ]);
    return id;
  };
  orders.reservation = await reservation(orders.tourEvent);
  await tdb.db.pool.query(
    `INSERT INTO order_access_tokens (token_hash, order_id, purpose, expires_at) VALUES (sha256('access-share'::bytea), $1, 'share_link', '2035-03-01')`,
    [orders.reservation],
  );
  orders.checkinEvent = await sql(
    `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
     VALUES ($1, $2, now() + interval '30 minutes', now() + interval '90 minutes', 10, 1) RETURNING id`,
    [orders.eventDef, home],
  );
  const checkinOrder = await reservation(orders.checkinEvent);
  const participant = (checkinCode: string) =>
    sql(
      `INSERT INTO tour_participants (order_id, age_group_id, first_name, last_name, checkin_code, created_via)
       VALUES ($1, $2, 'Access', 'Rider', $3, 'staff') RETURNING id`,
      [checkinOrder, orders.ageGroup, checkinCode],
    );
  await participant('ACCESSCODE01');
  orders.checkinParticipant = await participant('ACCESSCODE02');
  // Changing tour reservations (issue #20): one reservation to move and one to cancel, a departure to move to,
  // a full one to wait for (entries to remove and offer), a waiting entry with seats to book, and a departure
  // to cancel with its reservation.
  const changeEvent = (startsAt: string, capacity = 10) =>
    sql(
      `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
       VALUES ($1, $2, $3, $3::timestamptz + interval '1 hour', $4, 1) RETURNING id`,
      [orders.eventDef, home, startsAt, capacity],
    );
  const waiting = async (eventId: number, name: string) =>
    sql(
      `WITH c AS (INSERT INTO customers (first_name, last_name) VALUES ($2, 'Waiting') RETURNING id)
       INSERT INTO tour_waitlist (event_id, customer_id, seats) SELECT $1, c.id, $3 FROM c RETURNING id`,
      [eventId, name, JSON.stringify([{ age_group_id: orders.ageGroup, quantity: 1 }])],
    );
  orders.moveFrom = await changeEvent('2035-02-10T10:00:00Z');
  orders.moveTo = await changeEvent('2035-02-11T10:00:00Z');
  orders.moveReservation = await reservation(orders.moveFrom);
  orders.cancelReservation = await reservation(orders.moveFrom);
  orders.fullEvent = await changeEvent('2035-02-12T10:00:00Z', 2);
  await reservation(orders.fullEvent);
  orders.removeEntry = await waiting(orders.fullEvent, 'Remove');
  orders.offerEntry = await waiting(orders.fullEvent, 'Offer');
  orders.bookEntry = await waiting(await changeEvent('2035-02-13T10:00:00Z'), 'Book');
  orders.cancelEvent = await changeEvent('2035-02-14T10:00:00Z');
  await reservation(orders.cancelEvent);
  // Participants and waivers (issue #20): a rent order's riders under the location's rent terms (one to edit,
  // one to remove, one to sign, one signed to read and print) and a definition whose questions are saved.
  orders.rentTerms = await sql(
    `INSERT INTO tour_terms (kind, title) VALUES ('waiver', 'Access rent waiver') RETURNING id`,
    [],
  );
  orders.rentTermsVersion = await sql(
    `INSERT INTO tour_term_versions (terms_id, number, status, title, body, body_html, body_text, body_sha256, published_at)
     VALUES ($1, 1, 'published', 'Access rent waiver', '{"type":"doc","content":[{"type":"paragraph"}]}', '<p></p>', '',
             sha256(''::bytea), now()) RETURNING id`,
    [orders.rentTerms],
  );
  await tdb.db.pool.query(
    `INSERT INTO tour_settings (location_id, rent_terms_id) VALUES ($1, $2)
     ON CONFLICT (location_id) DO UPDATE SET rent_terms_id = EXCLUDED.rent_terms_id`,
    [home, orders.rentTerms],
  );
  orders.ridersOrder = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'confirmed', $1, $2) RETURNING id`,
    [home, cat.customerId],
  );
  const rider = (name: string) =>
    sql(
      `INSERT INTO tour_participants (order_id, first_name, last_name, birth_date, emergency_name, emergency_phone,
         checkin_code, created_via)
       VALUES ($1, $2::text, 'Rider', '1990-01-01', 'Em', '1', upper(substr(md5($2::text), 1, 12)), 'staff') RETURNING id`,
      [orders.ridersOrder, `access-${name}`],
    );
  orders.editRider = await rider('edit');
  orders.dropRider = await rider('drop');
  orders.signRider = await rider('sign');
  orders.signedRider = await rider('signed');
  const signedAt = new Date('2030-01-01T00:00:00Z');
  const content = waiverContent({
    termVersionId: orders.rentTermsVersion,
    termBodySha256: Buffer.alloc(32),
    participant: {
      id: orders.signedRider,
      first_name: 'access-signed',
      last_name: 'Rider',
      birth_date: '1990-01-01',
      age_group_id: null,
      email: null,
      phone: null,
      emergency_name: 'Em',
      emergency_phone: '1',
    },
    answers: {},
    signer: { name: 'Signed Rider', role: 'self', guardian_relation: null },
    consentText: 'I agree.',
    signedAt,
    signaturePng: PNG_BYTES,
  });
  orders.waiver = await sql(
    `INSERT INTO tour_waivers (participant_id, order_id, term_version_id, signer_name, signer_role, signed_content,
       content_sha256, signature_png, signed_at, created_via)
     VALUES ($1, $2, $3, 'Signed Rider', 'self', $4, $5, $6, $7, 'staff') RETURNING id`,
    [
      orders.signedRider,
      orders.ridersOrder,
      orders.rentTermsVersion,
      JSON.stringify(content),
      waiverContentHash(content),
      PNG_BYTES,
      signedAt,
    ],
  );
  orders.questionsDef = await tourDef('ACCESS-QUESTIONS');
  business.info = (
    await tdb.db.pool.query(
      `SELECT version, site_title, site_url, url_prefix, address, zip_code, email, tel, sale_default_customer_id, suspension_alert
       FROM business_info WHERE id = 1`,
    )
  ).rows[0];
  nine = await createTestApp(tdb.db, {
    dataDir,
    exportsDir,
    outboxDir: await mkdtemp(join(tmpdir(), 'nine-access-outbox-')),
  });
  allowed = await login(nine.app, 'all@nine.test');
  powerless = await login(nine.app, 'none@nine.test');
  wide = await login(nine.app, 'wide@nine.test');
  // The Taxes screen's version is the server's own fingerprint of every location's tax mode: asked, not built.
  business.taxModeVersion = (
    await nine.app.inject({
      method: 'GET',
      url: '/api/nine/tax-mode',
      headers: { authorization: `Bearer ${wide}` },
    })
  ).json().data.version;
  // A location's sale line (its rent line gains an override when the activity sample saves, since the
  // fixture's recurring billing is not the default): its version is a fingerprint of what it shows, asked.
  orders.locationLine = (
    await nine.app.inject({
      method: 'GET',
      url: '/api/nine/settings/location-lines/sale',
      headers: { authorization: `Bearer ${allowed}`, 'location-id': String(home) },
    })
  ).json().data.version;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await nine.app.close();
  await tdb.drop();
});

const kind = (a: Access) => (typeof a === 'string' ? a : 'permission');

/** A valid request for routes that need parameters or a body; the rest are called bare. */
const samples = (): Record<string, { url?: string; payload?: object; headers?: Record<string, string> }> => ({
  'GET /api/nine/locations/:id/select': { url: `/api/nine/locations/${home}/select` },
  'POST /api/nine/set-as-kiosk': { payload: { used_in_store: true } },
  'PUT /api/nine/tours/settings': {
    payload: {
      booking_cutoff_minutes: 60,
      default_capacity: 12,
      default_min_participants: 1,
      below_minimum_action: 'notify',
      below_minimum_hours: 24,
      checkin_opens_minutes: 60,
      checkin_closes_minutes: 15,
      gallery_max_mb: 5,
      participant_required_fields: ['birth_date', 'emergency_contact'],
      rent_terms_id: orders.rentTerms,
      version: 1,
    },
  },
  'GET /api/nine/tours/orders/:id/participants': {
    url: `/api/nine/tours/orders/${orders.ridersOrder}/participants`,
  },
  'POST /api/nine/tours/orders/:id/participants': {
    url: `/api/nine/tours/orders/${orders.ridersOrder}/participants`,
    payload: {
      first_name: 'New',
      last_name: 'Rider',
      birth_date: '1990-01-01',
      emergency_name: 'Em',
      emergency_phone: '1',
    },
  },
  'PATCH /api/nine/tours/participants/:id': {
    url: `/api/nine/tours/participants/${orders.editRider}`,
    payload: {
      first_name: 'Edited',
      last_name: 'Rider',
      birth_date: '1990-01-01',
      emergency_name: 'Em',
      emergency_phone: '1',
      version: 1,
    },
  },
  'DELETE /api/nine/tours/participants/:id': { url: `/api/nine/tours/participants/${orders.dropRider}` },
  'POST /api/nine/tours/participants/:id/waivers': {
    url: `/api/nine/tours/participants/${orders.signRider}/waivers`,
    payload: {
      term_version_id: orders.rentTermsVersion,
      // A participant signing for themself signs in their own name.
      signer_name: 'access-sign Rider',
      signer_role: 'self',
      signature_png: `data:image/png;base64,${PNG_BYTES.toString('base64')}`,
      consent: true,
    },
  },
  'GET /api/nine/tours/waivers/:id': { url: `/api/nine/tours/waivers/${orders.waiver}` },
  'GET /api/nine/tours/waivers/:id/pdf': { url: `/api/nine/tours/waivers/${orders.waiver}/pdf` },
  'PUT /api/nine/tours/definitions/:id/questions': {
    url: `/api/nine/tours/definitions/${orders.questionsDef}/questions`,
    payload: { questions: [{ label: 'Can you swim?', kind: 'yes_no', required: true }], version: 1 },
  },
  'POST /api/nine/tours/places': {
    payload: { kind: 'site', name: 'Access site', active: true, latitude: null, longitude: null },
  },
  'PATCH /api/nine/tours/places/:id': {
    url: `/api/nine/tours/places/${orders.tourPlace}`,
    payload: {
      kind: 'meeting_point',
      name: 'Access pier',
      active: true,
      latitude: null,
      longitude: null,
      version: 1,
    },
  },
  'DELETE /api/nine/tours/places/:id': { url: `/api/nine/tours/places/${orders.spareTourPlace}?version=1` },
  'POST /api/nine/tours/groups': {
    payload: { name: 'Access new', color: 'teal', sort_order: 0, active: true },
  },
  'PATCH /api/nine/tours/groups/:id': {
    url: `/api/nine/tours/groups/${orders.tourGroup}`,
    payload: { name: 'Access group', color: 'blue', sort_order: 0, active: true, version: 1 },
  },
  'DELETE /api/nine/tours/groups/:id': { url: `/api/nine/tours/groups/${orders.spareTourGroup}?version=1` },
  'POST /api/nine/tours/age-groups': {
    payload: {
      name: 'Access child',
      min_age: 4,
      max_age: 11,
      price_rule: 'free',
      price_value: null,
      guardian_required: true,
      sort_order: 2,
      active: true,
    },
  },
  'PATCH /api/nine/tours/age-groups/:id': {
    url: `/api/nine/tours/age-groups/${orders.ageGroup}`,
    payload: {
      name: 'Access adult',
      min_age: 18,
      max_age: null,
      price_rule: 'base',
      price_value: null,
      guardian_required: false,
      sort_order: 0,
      active: true,
      version: 1,
    },
  },
  'DELETE /api/nine/tours/age-groups/:id': {
    url: `/api/nine/tours/age-groups/${orders.spareAgeGroup}?version=1`,
  },
  'POST /api/nine/tours/terms': {
    payload: {
      kind: 'waiver',
      title: 'Access waiver',
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
    },
  },
  'PATCH /api/nine/tours/terms/:id': {
    url: `/api/nine/tours/terms/${orders.tourTerms}`,
    payload: { title: 'Access terms', active: true, version: 1 },
  },
  'GET /api/nine/tours/terms/:id/versions': { url: `/api/nine/tours/terms/${orders.tourTerms}/versions` },
  'GET /api/nine/tours/term-versions/:id': { url: `/api/nine/tours/term-versions/${orders.tourTermsDraft}` },
  'PUT /api/nine/tours/terms/:id/draft': {
    url: `/api/nine/tours/terms/${orders.tourTerms}/draft`,
    payload: {
      draft_id: orders.tourTermsDraft,
      version: 1,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Access' }] }] },
    },
  },
  'POST /api/nine/tours/terms/:id/publish': {
    url: `/api/nine/tours/terms/${orders.tourTerms}/publish`,
    payload: { draft_id: orders.tourTermsDraft, version: 2 },
  },
  'POST /api/nine/tours/leaders': { payload: { user_id: orders.leaderCandidate } },
  'GET /api/nine/tours/leaders/:id': { url: `/api/nine/tours/leaders/${orders.leader}` },
  'PATCH /api/nine/tours/leaders/:id': {
    url: `/api/nine/tours/leaders/${orders.leader}`,
    payload: { version: 1, phone: null, bio: null, color: 'teal', active: true },
  },
  'PUT /api/nine/tours/leaders/:id/hours': {
    url: `/api/nine/tours/leaders/${orders.leader}/hours`,
    payload: { version: 1, hours: [{ weekday: 1, starts: '09:00', ends: '17:00' }] },
  },
  'POST /api/nine/tours/leaders/:id/skills': {
    url: `/api/nine/tours/leaders/${orders.leader}/skills`,
    payload: { name: 'Access new' },
  },
  'PATCH /api/nine/tours/leaders/:id/skills/:skillId': {
    url: `/api/nine/tours/leaders/${orders.leader}/skills/${orders.leaderSkill}`,
    payload: { version: 1, name: 'Access aid' },
  },
  'DELETE /api/nine/tours/leaders/:id/skills/:skillId': {
    url: `/api/nine/tours/leaders/${orders.leader}/skills/${orders.spareLeaderSkill}?version=1`,
  },
  'POST /api/nine/tours/leaders/:id/days-off': {
    url: `/api/nine/tours/leaders/${orders.leader}/days-off`,
    payload: { first_day: '2035-02-01', last_day: '2035-02-03' },
  },
  'DELETE /api/nine/tours/leaders/:id/days-off/:dayId': {
    url: `/api/nine/tours/leaders/${orders.leader}/days-off/${orders.leaderDayOff}`,
  },
  'GET /api/nine/tours/leaders/:id/events': { url: `/api/nine/tours/leaders/${orders.leader}/events` },
  'GET /api/nine/tours/definitions/:id': { url: `/api/nine/tours/definitions/${orders.tourDef}` },
  'POST /api/nine/tours/definitions': {
    payload: {
      code: 'ACCESS-NEW',
      name: 'Access new tour',
      group_id: null,
      duration_minutes: 60,
      capacity: 10,
      min_participants: 1,
      participants_per_leader: null,
      min_leaders: 1,
      languages: ['en'],
    },
  },
  'PUT /api/nine/tours/definitions/:id/steps/:step': {
    url: `/api/nine/tours/definitions/${orders.tourDef}/steps/cancellation-fee`,
    payload: {
      step: 'cancellation-fee',
      version: 1,
      tiers: [{ hours_before: 0, fee_bp: 10000 }],
      no_show_fee_bp: 10000,
    },
  },
  'POST /api/nine/tours/definitions/:id/publish': {
    url: `/api/nine/tours/definitions/${orders.tourDefComplete}/publish`,
    payload: { version: 1 },
  },
  'POST /api/nine/tours/definitions/:id/status': {
    url: `/api/nine/tours/definitions/${orders.tourDefActive}/status`,
    payload: { status: 'inactive', version: 1 },
  },
  'DELETE /api/nine/tours/definitions/:id': {
    url: `/api/nine/tours/definitions/${orders.tourDefSpare}?version=1`,
  },
  'POST /api/nine/tours/definitions/:id/images': {
    url: `/api/nine/tours/definitions/${orders.tourDef}/images`,
    ...photoUpload(),
  },
  'PUT /api/nine/tours/definitions/:id/images': {
    url: `/api/nine/tours/definitions/${orders.tourDefGallery}/images`,
    payload: { version: 1, order: [orders.tourDefImage], cover_id: orders.tourDefImage },
  },
  'DELETE /api/nine/tours/definitions/:id/images/:imageId': {
    url: `/api/nine/tours/definitions/${orders.tourDefGallery2}/images/${orders.tourDefImage2}?version=1`,
  },
  'POST /api/nine/kiosk-devices/:id/revoke': { url: `/api/nine/kiosk-devices/${orders.kioskDevice}/revoke` },
  // settings: kiosk interface
  'PUT /api/nine/kiosk/products': { payload: { product_ids: [cat.bulkProductId], shown_product_ids: [] } },
  'POST /api/nine/kiosk/customer': { payload: { first_name: 'Kai', phone: '555 0100 22' } },
  'POST /api/nine/kiosk/exit': { payload: { access_key: '2468' } },
  'POST /api/nine/kiosk/orders/find': { payload: { number: orders.kioskOrder, contact: '+1 555 0100' } },
  'PUT /api/nine/kiosk/orders/signature': {
    payload: {
      lookup: { number: orders.kioskOrder, contact: '+1 555 0100' },
      signature: { method: 'typed', signer_name: 'Ada Lovelace' },
    },
  },
  'GET /api/nine/rent-orders/:id': { url: `/api/nine/rent-orders/${orders.rent}` },
  'GET /api/nine/sale-orders/:id': { url: `/api/nine/sale-orders/${orders.sale}` },
  'POST /api/nine/rent-orders': {
    payload: {
      customer_id: cat.customerId,
      planned_start: '2030-01-01T09:00:00Z',
      planned_finish: '2030-01-01T17:00:00Z',
      items: [{ item_id: cat.itemIds[0] }],
    },
  },
  'POST /api/nine/sale-orders': { payload: { items: [{ product_id: cat.saleProductId, quantity: 1 }] } },
  'POST /api/nine/rent-orders/:id/events': {
    url: `/api/nine/rent-orders/${orders.rent}/events`,
    payload: { type: 'CONFIRM', version: 1 },
  },
  'PATCH /api/nine/rent-orders/:id/notes': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/notes`,
    payload: { version: 1, staff_note: 'Call first' },
  },
  'POST /api/nine/sale-orders/:id/events': {
    url: `/api/nine/sale-orders/${orders.sale}/events`,
    payload: { type: 'CLOSE', version: 1 },
  },
  'PATCH /api/nine/sale-orders/:id/notes': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/notes`,
    payload: { version: 1, customer_note: 'Gift' },
  },
  'GET /api/nine/customers/:id': { url: `/api/nine/customers/${cat.customerId}` },
  'POST /api/nine/customers': {
    payload: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
  },
  'PATCH /api/nine/customers/:id': {
    url: `/api/nine/customers/${cat.customerId}`,
    payload: { version: 1, city: 'Arlington' },
  },
  'GET /api/nine/catalogue/lookup': { url: `/api/nine/catalogue/lookup?code=KAY-1-${home}-0` },
  'GET /api/nine/catalogue/search': { url: '/api/nine/catalogue/search?search=kayak' },
  'GET /api/nine/customers/lookup': { url: '/api/nine/customers/lookup?search=ada' },
  'GET /api/nine/customers/:id/orders': { url: `/api/nine/customers/${cat.customerId}/orders` },
  'GET /api/nine/customers/:id/invoices': { url: `/api/nine/customers/${cat.customerId}/invoices` },
  'GET /api/nine/customers/:id/payments': { url: `/api/nine/customers/${cat.customerId}/payments` },
  'GET /api/nine/customers/:id/messages': { url: `/api/nine/customers/${cat.customerId}/messages` },
  'POST /api/nine/customers/:id/notes': {
    url: `/api/nine/customers/${cat.customerId}/notes`,
    payload: { body: 'Regular' },
  },
  'POST /api/nine/customers/:id/participants': {
    url: `/api/nine/customers/${cat.customerId}/participants`,
    payload: { name: 'Lin' },
  },
  'DELETE /api/nine/customers/:id/participants/:participantId': {
    url: `/api/nine/customers/${cat.customerId}/participants/${orders.participant}`,
  },
  'POST /api/nine/customers/:id/sms': {
    url: `/api/nine/customers/${cat.customerId}/sms`,
    payload: { text: 'Hello {{first_name}}' },
  },
  'POST /api/nine/customers/import': { payload: { filename: 'new.csv', content: 'first_name\nZed\n' } },
  'POST /api/nine/partners': { payload: { name: 'Club', commission_rate_bp: 500 } },
  'GET /api/nine/partners/:id': { url: `/api/nine/partners/${orders.partner}` },
  'PUT /api/nine/partners/:id': {
    url: `/api/nine/partners/${orders.partner}`,
    payload: { name: 'Hotel 2', commission_rate_bp: 700, version: 1 },
  },
  'DELETE /api/nine/partners/:id': { url: `/api/nine/partners/${orders.sparePartner}` },
  'POST /api/nine/partners/:id/coupons': {
    url: `/api/nine/partners/${orders.partner}/coupons`,
    payload: {
      code: 'NEW-5',
      title: 'New',
      discount_kind: 'amount',
      discount_value: 500,
      valid_from: '2030-01-01',
    },
  },
  'PUT /api/nine/coupons/:id': {
    url: `/api/nine/coupons/${orders.coupon}`,
    payload: {
      code: 'KEEP',
      title: 'Keep 2',
      discount_kind: 'percent',
      discount_value: 600,
      valid_from: '2030-01-01',
      version: 1,
    },
  },
  'DELETE /api/nine/coupons/:id': { url: `/api/nine/coupons/${orders.spareCoupon}` },
  'POST /api/nine/rent-orders/quote': {
    payload: {
      planned_start: '2030-01-01T09:00:00Z',
      planned_finish: '2030-01-01T17:00:00Z',
      items: [{ item_id: cat.itemIds[1] }],
    },
  },
  'POST /api/nine/payments': { payload: { order_id: orders.pay, method: 'cash', amount_minor: 100 } },
  'GET /api/nine/payments/:id': { url: `/api/nine/payments/${orders.payment}` },
  'GET /api/nine/orders/:id/money': { url: `/api/nine/orders/${orders.pay}/money` },
  'POST /api/nine/payments/:id/refunds': {
    url: `/api/nine/payments/${orders.payment}/refunds`,
    payload: { amount_minor: 1, reason: 'test' },
  },
  'POST /api/nine/orders/:id/deposits': {
    url: `/api/nine/orders/${orders.pay}/deposits`,
    payload: { kind: 'held', amount_minor: 100 },
  },
  'POST /api/nine/orders/:id/invoice': { url: `/api/nine/orders/${orders.pay}/invoice` },
  'POST /api/nine/invoices/:id/post': { url: `/api/nine/invoices/${orders.invoice}/post` },
  'GET /api/nine/invoices/:id': { url: `/api/nine/invoices/${orders.invoice}` },
  'POST /api/nine/invoices/:id/credit-note': {
    url: `/api/nine/invoices/${orders.postedInvoice}/credit-note`,
    payload: { reason: 'wrong price' },
  },
  'POST /api/nine/invoices/:id/adhoc-charges': {
    url: `/api/nine/invoices/${orders.invoice}/adhoc-charges`,
    payload: { description: 'Late fee', quantity: 1, unit_price_minor: 500 },
  },
  'POST /api/nine/users': { payload: { name: 'Nia', email: 'nia@nine.test' } },
  'PATCH /api/nine/users/:id': { url: `/api/nine/users/${orders.staffUser}`, payload: { name: 'Renamed' } },
  'POST /api/nine/users/:id/activate': { url: `/api/nine/users/${orders.staffUser}/activate` },
  'POST /api/nine/users/:id/deactivate': { url: `/api/nine/users/${orders.staffUser}/deactivate` },
  'PUT /api/nine/users/:id/access-key': {
    url: `/api/nine/users/${orders.staffUser}/access-key`,
    payload: { access_key: '1357' },
  },
  'DELETE /api/nine/users/:id/access-key': { url: `/api/nine/users/${orders.staffUser}/access-key` },
  'POST /api/nine/roles': {
    payload: { title: 'Greeter', permissions: [{ resource: 'customer', action: 'view' }] },
  },
  'PUT /api/nine/roles/:id': {
    url: `/api/nine/roles/${orders.role}`,
    payload: { title: 'Greeter 2', permissions: [] },
  },
  'PUT /api/nine/access-policy': { payload: policy },
  // A save that changes nothing keeps the version, so the sample stays valid however often it runs.
  'PUT /api/nine/activity-settings': {
    payload: { rental_type_id: 1, version: 1, deliver_unpaid_orders: 'warn' },
  },
  'POST /api/nine/exports': { payload: { list: 'customers', description: 'All customers' } },
  'PUT /api/nine/rent-orders/:id/auto-billing': {
    url: `/api/nine/rent-orders/${orders.costly}/auto-billing`,
    payload: { frequency: 'monthly', next_invoice_date: '2030-02-01' },
  },
  'GET /api/nine/rent-orders/:id/auto-billing': {
    url: `/api/nine/rent-orders/${orders.costly}/auto-billing`,
  },
  'GET /api/nine/exports/:id/download': { url: `/api/nine/exports/${orders.readyExport}/download` },
  'POST /api/nine/rent-orders/:id/deliveries': {
    url: `/api/nine/rent-orders/${orders.costly}/deliveries`,
    payload: {
      type: 'delivery',
      scheduled_at: '2030-01-01T10:00:00Z',
      address: '1 Pier',
      item_ids: [orders.costlyItem],
    },
  },
  'GET /api/nine/delivery-report': { url: '/api/nine/delivery-report?date=2030-01-01' },
  'PATCH /api/nine/deliveries/:id': {
    url: `/api/nine/deliveries/${orders.delivery}`,
    payload: { status: 'out' },
  },
  'PUT /api/nine/user/settings/:key': {
    url: '/api/nine/user/settings/rent-orders.columns',
    payload: { value: { hidden: ['source'] } },
  },
  'GET /api/nine/user/settings/:key': { url: '/api/nine/user/settings/rent-orders.columns' },
  'PATCH /api/nine/rent-orders/:id/items/:childId': {
    url: `/api/nine/rent-orders/${orders.itemsRent}/items/${orders.itemsRentLine}`,
    payload: { version: 1, counter_start: 10 },
  },
  'PATCH /api/nine/sale-orders/:id/items/:childId': {
    url: `/api/nine/sale-orders/${orders.itemsSale}/items/${orders.itemsSaleLine}`,
    payload: { version: 1, discount_minor: 100 },
  },
  'POST /api/nine/rent-orders/:id/invoice-items': {
    url: `/api/nine/rent-orders/${orders.invoiceRent}/invoice-items`,
    payload: { version: 1, item_ids: [orders.invoiceRentLine] },
  },
  'POST /api/nine/sale-orders/:id/invoice-items': {
    url: `/api/nine/sale-orders/${orders.invoiceSale}/invoice-items`,
    payload: { version: 1, item_ids: [orders.invoiceSaleLine] },
  },
  'PUT /api/nine/rent-orders/:id/period': {
    url: `/api/nine/rent-orders/${orders.period}/period`,
    payload: { version: 1, planned_start: '2034-01-01T09:00:00Z', planned_finish: '2034-01-03T09:00:00Z' },
  },
  'POST /api/nine/rent-orders/:id/items/:childId/replace': {
    url: `/api/nine/rent-orders/${orders.replace}/items/${orders.replaceLine}/replace`,
    payload: { version: 1, sku: 'ACC-RK-2' },
  },
  'POST /api/nine/rent-orders/:id/participants': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/participants`,
    payload: { name: 'Grace' },
  },
  'DELETE /api/nine/rent-orders/:id/participants/:childId': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/participants/${orders.rentParticipant}`,
  },
  'PUT /api/nine/rent-orders/:id/signature': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/signature`,
    payload: { method: 'typed', signer_name: 'Grace' },
  },
  'POST /api/nine/rent-orders/:id/photos': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/photos`,
    ...photoUpload(),
  },
  'GET /api/nine/rent-orders/:id/photos/:childId': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/photos/${orders.rentPhoto}`,
  },
  'DELETE /api/nine/rent-orders/:id/photos/:childId': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/photos/${orders.rentSparePhoto}`,
  },
  'POST /api/nine/sale-orders/:id/participants': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/participants`,
    payload: { name: 'Grace' },
  },
  'DELETE /api/nine/sale-orders/:id/participants/:childId': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/participants/${orders.saleParticipant}`,
  },
  'PUT /api/nine/sale-orders/:id/signature': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/signature`,
    payload: { method: 'typed', signer_name: 'Grace' },
  },
  'POST /api/nine/sale-orders/:id/photos': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/photos`,
    ...photoUpload(),
  },
  'GET /api/nine/sale-orders/:id/photos/:childId': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/photos/${orders.salePhoto}`,
  },
  'DELETE /api/nine/sale-orders/:id/photos/:childId': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/photos/${orders.saleSparePhoto}`,
  },
  'POST /api/nine/rent-orders/:id/change-cost': {
    url: `/api/nine/rent-orders/${orders.costly}/change-cost`,
    payload: {
      order_item_id: orders.costlyItem,
      unit_price_minor: 3000,
      version: 1,
      comment: 'loyal customer',
    },
  },
  'POST /api/nine/sale-orders/:id/change-cost': {
    url: `/api/nine/sale-orders/${orders.saleCostly}/change-cost`,
    payload: { order_item_id: orders.saleCostlyItem, unit_price_minor: 1000, version: 1, comment: 'dented' },
  },
  'POST /api/nine/rent-orders/:id/deposit-override': {
    url: `/api/nine/rent-orders/${orders.deposit}/deposit-override`,
    payload: { deposit_minor: 0, version: 1, comment: 'regular', access_key: '2468' },
  },
  // Location settings: saves that change nothing keep their versions, so the samples stay valid.
  'PUT /api/nine/general-settings': { payload: { version: 1, currency_symbol: '$' } },
  // Product lines: saves that set nothing keep the versions, so the samples stay valid.
  'GET /api/nine/settings/business-lines/:line': { url: '/api/nine/settings/business-lines/sale' },
  'PUT /api/nine/settings/business-lines/:line': {
    url: '/api/nine/settings/business-lines/sale',
    payload: { version: 1, values: {} },
  },
  'GET /api/nine/settings/location-lines/:line': { url: '/api/nine/settings/location-lines/rent' },
  'PUT /api/nine/settings/location-lines/:line': {
    url: '/api/nine/settings/location-lines/sale',
    payload: { version: orders.locationLine, values: {}, reset: [] },
  },
  'PUT /api/nine/square-settings': { payload: { version: 1, environment: 'sandbox' } },
  'GET /api/nine/locations/:id': { url: `/api/nine/locations/${home}` },
  'PUT /api/nine/locations/:id': { url: `/api/nine/locations/${home}`, payload: { version: 1 } },
  'POST /api/nine/cash-registers': { payload: { name: 'Access till' } },
  'PUT /api/nine/cash-registers/:id': {
    url: `/api/nine/cash-registers/${orders.register}`,
    payload: { version: 1, default_terminal: null },
  },
  'POST /api/nine/cash-registers/:id/open': {
    url: `/api/nine/cash-registers/${orders.register}/open`,
    payload: { float_minor: 10000 },
  },
  'POST /api/nine/cash-registers/:id/movements': {
    url: `/api/nine/cash-registers/${orders.register}/movements`,
    payload: { kind: 'cash_out', amount_minor: 5000, reason: 'bank deposit' },
  },
  'POST /api/nine/cash-registers/:id/close': {
    url: `/api/nine/cash-registers/${orders.register}/close`,
    payload: { counted_minor: 5000 },
  },
  'GET /api/nine/catalogue/availability': {
    url: `/api/nine/catalogue/availability?product_id=${cat.rentProductId}&from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z`,
  },
  'GET /api/nine/inventory/products/:id': { url: `/api/nine/inventory/products/${inv.rentProductId}` },
  'GET /api/nine/inventory/detail/rent/:id': { url: `/api/nine/inventory/detail/rent/${inv.rentProductId}` },
  'GET /api/nine/inventory/products/:id/rentals': {
    url: `/api/nine/inventory/products/${inv.rentProductId}/rentals`,
  },
  'POST /api/nine/inventory/products': {
    payload: { kind: 'sale', sku: 'ACCESS-P-1', name: 'Map', is_serialized: false, price_minor: 500 },
  },
  'PATCH /api/nine/inventory/products/:id': {
    url: `/api/nine/inventory/products/${inv.saleProductId}`,
    payload: { version: 1, name: 'Bottle 2' },
  },
  'POST /api/nine/inventory/products/:id/items': {
    url: `/api/nine/inventory/products/${inv.rentProductId}/items`,
    payload: { sku: 'ACCESS-I-1', barcode: 'ACCESS-B-1', home_location_id: home },
  },
  'PATCH /api/nine/inventory/items/:id': {
    url: `/api/nine/inventory/items/${inv.itemIds[0]}`,
    payload: { version: 1, status: 'maintenance' },
  },
  'POST /api/nine/inventory/items/:id/transfer': {
    url: `/api/nine/inventory/items/${inv.itemIds[1]}/transfer`,
    payload: { version: 1, to_location_id: home },
  },
  'DELETE /api/nine/inventory/items/:id': { url: `/api/nine/inventory/items/${inv.itemIds[2]}` },
  'PUT /api/nine/inventory/products/:id/stock': {
    url: `/api/nine/inventory/products/${inv.bulkProductId}/stock`,
    payload: { location_id: home, quantity: 5 },
  },
  'POST /api/nine/inventory/import': csvUpload('kind,sku,name,price\nsale,ACCESS-CSV-1,Access map,1.00\n'),
  'PATCH /api/nine/categories/:id': {
    url: `/api/nine/categories/${orders.category}`,
    payload: { sort_order: 2 },
  },
  'DELETE /api/nine/categories/:id': { url: `/api/nine/categories/${orders.spareCategory}` },
  'PUT /api/nine/categories/:id/image': {
    url: `/api/nine/categories/${orders.category}/image`,
    ...photoUpload(),
  },
  'DELETE /api/nine/categories/:id/image': { url: `/api/nine/categories/${orders.category}/image` },
  'POST /api/nine/categories': { payload: { name: 'Access new' } },
  'POST /api/nine/attributes': { payload: { name: 'Access size' } },
  'PUT /api/nine/attributes/:id': {
    url: `/api/nine/attributes/${orders.attribute}`,
    payload: { name: 'Access hue', kind: 'text' },
  },
  'DELETE /api/nine/attributes/:id': { url: `/api/nine/attributes/${orders.spareAttribute}` },
  'PUT /api/nine/categories/:id/attributes': {
    url: `/api/nine/categories/${orders.category}/attributes`,
    payload: { attribute_ids: [orders.attribute] },
  },
  'GET /api/nine/stock/barcode': { url: `/api/nine/stock/barcode?code=KAY-1-${home}-0` },
  'GET /api/nine/stock/availability-calendar': {
    url: '/api/nine/stock/availability-calendar?from=2030-01-01T00:00:00Z&slots=31',
  },
  'GET /api/nine/stock/availability-calendar/orders': {
    url: `/api/nine/stock/availability-calendar/orders?product_id=${cat.rentProductId}&from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z`,
  },
  'POST /api/nine/stock/maintenance-rules': { payload: { rental_type_id: 1, every_days: 365 } },
  'DELETE /api/nine/stock/maintenance-rules/:id': {
    url: `/api/nine/stock/maintenance-rules/${orders.maintenanceRule}`,
  },
  'GET /api/nine/stock/repair-logs/:id': { url: `/api/nine/stock/repair-logs/${orders.repairLog}` },
  'POST /api/nine/stock/repair-logs': { payload: { item_id: cat.itemIds[3], problem: 'Loose pedal' } },
  'POST /api/nine/stock/repair-logs/:id/work': {
    url: `/api/nine/stock/repair-logs/${orders.repairLog}/work`,
    payload: { work: 'New tube', cost_minor: 800 },
  },
  'POST /api/nine/stock/repair-logs/:id/close': {
    url: `/api/nine/stock/repair-logs/${orders.repairLog}/close`,
    payload: {},
  },
  'POST /api/nine/stock/items/:id/serviced': {
    url: `/api/nine/stock/items/${cat.itemIds[2]}/serviced`,
    payload: {},
  },
  'GET /api/nine/stock/stocktakes/:id': { url: `/api/nine/stock/stocktakes/${orders.stocktake}` },
  'POST /api/nine/stock/stocktakes/:id/scans': {
    url: `/api/nine/stock/stocktakes/${orders.stocktake}/scans`,
    payload: { code: `KAY-1-${home}-0` },
  },
  'POST /api/nine/stock/stocktakes/:id/close': {
    url: `/api/nine/stock/stocktakes/${orders.stocktake}/close`,
  },
  // Runs after the close above: one stocktake at a time per location.
  'POST /api/nine/stock/stocktakes': { payload: { access_key: '2468' } },
  // Business settings: the same values, so nothing changes and the versions stay.
  'PUT /api/nine/business-info': { payload: business.info },
  'PUT /api/nine/business-logos/:kind': { url: '/api/nine/business-logos/site', ...photoUpload() },
  'DELETE /api/nine/business-logos/:kind': { url: '/api/nine/business-logos/invoice' },
  'POST /api/nine/taxes': { payload: { name: 'Access new tax', rate_bp: 250 } },
  'PUT /api/nine/taxes/:id': {
    url: `/api/nine/taxes/${orders.tax}`,
    payload: { version: 1, name: 'Access tax', rate_bp: 500, is_active: true },
  },
  'DELETE /api/nine/taxes/:id': { url: `/api/nine/taxes/${orders.spareTax}?version=1` },
  'PUT /api/nine/tax-mode': {
    payload: { version: business.taxModeVersion, is_tax_included: false, show_taxes_mode: 'separate' },
  },
  'POST /api/nine/gl-codes': { payload: { code: 'ACC-2', description: 'Access new code' } },
  'PUT /api/nine/gl-codes/:code': {
    url: '/api/nine/gl-codes/ACC-1',
    payload: { version: 1, description: 'Access code' },
  },
  'DELETE /api/nine/gl-codes/:code': { url: '/api/nine/gl-codes/ACC-SPARE?version=1' },
  // Business settings, accounts: cash kept on its code, so the version stays.
  'PUT /api/nine/gl-accounts/:kind/:key': {
    url: '/api/nine/gl-accounts/payment/cash',
    payload: { version: 1, gl_code: '1000' },
  },
  // Business calendar: the week saved as the columns' defaults and a special day unchanged keep version 1.
  'GET /api/nine/business-calendar': {
    url: `/api/nine/business-calendar?location_id=${home}&from=2031-01-01&to=2031-12-31`,
  },
  'PUT /api/nine/business-hours': {
    payload: {
      location_id: home,
      days: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        closed: false,
        opens: '09:00',
        closes: '18:00',
        version: 1,
      })),
    },
  },
  'POST /api/nine/special-days': { payload: { location_id: home, day: '2031-01-01', closed: true } },
  'PUT /api/nine/special-days/:id': {
    url: `/api/nine/special-days/${orders.specialDay}`,
    payload: { version: 1, day: '2031-12-25', closed: true, note: 'Access' },
  },
  'DELETE /api/nine/special-days/:id': { url: `/api/nine/special-days/${orders.spareSpecialDay}?version=1` },
  // Delivery settings: new rows never gate the delivery sample (an inactive zone, a whole-Tuesday window).
  'GET /api/nine/delivery-settings': { url: `/api/nine/delivery-settings?location_id=${home}` },
  'POST /api/nine/delivery-zones': {
    payload: {
      location_id: home,
      name: 'Access new zone',
      zip_codes: 'A2',
      fee_minor: 0,
      min_order_minor: 0,
      is_active: false,
    },
  },
  'PUT /api/nine/delivery-zones/:id': {
    url: `/api/nine/delivery-zones/${orders.deliveryZone}`,
    payload: {
      version: 1,
      name: 'Access zone',
      zip_codes: 'A1',
      fee_minor: 0,
      min_order_minor: 0,
      is_active: false,
    },
  },
  'POST /api/nine/delivery-windows': {
    payload: { location_id: home, weekday: 2, starts: '00:00', ends: '23:59', capacity: null },
  },
  'PUT /api/nine/delivery-windows/:id': {
    url: `/api/nine/delivery-windows/${orders.deliveryWindow}`,
    payload: { version: 1, weekday: 2, starts: '00:00', ends: '23:59', capacity: null },
  },
  'DELETE /api/nine/delivery-windows/:id': {
    url: `/api/nine/delivery-windows/${orders.spareDeliveryWindow}?version=1`,
  },
  'PUT /api/nine/delivery-availability': {
    payload: { location_id: home, rental_type_id: 1, delivers: true, version: 1 },
  },
  // Price settings: inactive periods and rules, rates of products no other sample prices.
  'GET /api/nine/price-settings': { url: `/api/nine/price-settings?location_id=${home}` },
  'POST /api/nine/rental-periods': {
    payload: {
      location_id: home,
      name: 'Access new period',
      unit: 'hour',
      count: 7,
      sort: 0,
      is_active: false,
    },
  },
  'PUT /api/nine/rental-periods/:id': {
    url: `/api/nine/rental-periods/${orders.rentalPeriod}`,
    payload: { version: 1, name: 'Access period', unit: 'hour', count: 3, sort: 0, is_active: false },
  },
  'DELETE /api/nine/rental-periods/:id': {
    url: `/api/nine/rental-periods/${orders.spareRentalPeriod}?version=1`,
  },
  'POST /api/nine/rent-rates': {
    payload: {
      location_id: home,
      product_id: orders.newRateProduct,
      category_id: null,
      weekly_minor: 500,
      hourly_minor: null,
      daily_minor: null,
      first_hour_minor: null,
      extra_hour_minor: null,
      minimum_charge_minor: 0,
    },
  },
  'PUT /api/nine/rent-rates/:id': {
    url: `/api/nine/rent-rates/${orders.rentRate}`,
    payload: {
      version: 1,
      weekly_minor: 500,
      hourly_minor: null,
      daily_minor: null,
      first_hour_minor: null,
      extra_hour_minor: null,
      minimum_charge_minor: 0,
    },
  },
  'DELETE /api/nine/rent-rates/:id': { url: `/api/nine/rent-rates/${orders.spareRentRate}?version=1` },
  'POST /api/nine/special-pricing-rules': {
    payload: {
      location_id: home,
      name: 'Access new rule',
      kind: 'weekend',
      category_id: null,
      date_from: null,
      date_to: null,
      adjust_bp: 1000,
      is_active: false,
    },
  },
  'PUT /api/nine/special-pricing-rules/:id': {
    url: `/api/nine/special-pricing-rules/${orders.specialRule}`,
    payload: {
      version: 1,
      name: 'Access rule',
      kind: 'weekend',
      category_id: null,
      date_from: null,
      date_to: null,
      adjust_bp: 1000,
      is_active: false,
    },
  },
  'DELETE /api/nine/special-pricing-rules/:id': {
    url: `/api/nine/special-pricing-rules/${orders.spareSpecialRule}?version=1`,
  },
  'PUT /api/nine/coupon-settings': {
    payload: {
      version: 1,
      code_prefix: '',
      code_min_length: 3,
      code_max_length: 32,
      code_charset: 'any',
      default_validity_days: null,
      stack_coupons: false,
      stack_with_discounts: true,
      max_coupons_per_order: 1,
    },
  },
  'GET /api/nine/orders/:id/coupons': { url: `/api/nine/orders/${orders.couponSale}/coupons` },
  'POST /api/nine/orders/:id/coupons': {
    url: `/api/nine/orders/${orders.couponSale}/coupons`,
    payload: { code: 'ACCESS10' },
  },
  'DELETE /api/nine/orders/:id/coupons/:couponId': {
    url: `/api/nine/orders/${orders.couponApplied}/coupons/${orders.orderCoupon}`,
  },
  // Tour events (issue #19).
  'GET /api/nine/tours/events/calendar': {
    url: '/api/nine/tours/events/calendar?from=2035-02-01T00:00:00Z&to=2035-03-01T00:00:00Z',
  },
  'GET /api/nine/tours/events/:id': { url: `/api/nine/tours/events/${orders.tourEvent}` },
  'GET /api/nine/tours/events/:id/equipment': { url: `/api/nine/tours/events/${orders.tourEvent}/equipment` },
  'GET /api/nine/tours/definitions/:id/equipment-check': {
    url: `/api/nine/tours/definitions/${orders.eventDef}/equipment-check?starts_at=2035-03-01T10:00:00Z`,
  },
  'POST /api/nine/tours/events': {
    payload: { definition_id: orders.eventDef, starts_at: '2035-03-01T10:00:00Z' },
  },
  'PATCH /api/nine/tours/events/:id': {
    url: `/api/nine/tours/events/${orders.tourEventPatch}`,
    payload: { capacity: 9, version: 1 },
  },
  'POST /api/nine/tours/events/:id/reschedule': {
    url: `/api/nine/tours/events/${orders.tourEventMove}/reschedule`,
    payload: { starts_at: '2035-03-05T10:00:00Z', version: 1 },
  },
  'POST /api/nine/tours/events/:id/status': {
    url: `/api/nine/tours/events/${orders.tourEventStatus}/status`,
    payload: { status: 'confirmed', version: 1 },
  },
  'POST /api/nine/tours/events/:id/leaders': {
    url: `/api/nine/tours/events/${orders.tourEventLeaders}/leaders`,
    payload: { leader_id: orders.eventLeader },
  },
  'DELETE /api/nine/tours/events/:id/leaders/:leaderId': {
    url: `/api/nine/tours/events/${orders.tourEventUnassign}/leaders/${orders.eventLeader}`,
  },
  'POST /api/nine/tours/event-series/preview': {
    payload: {
      definition_id: orders.eventDef,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      first_day: '2035-04-01',
      last_day: '2035-04-30',
      start_time: '09:00',
    },
  },
  'POST /api/nine/tours/event-series': {
    payload: {
      definition_id: orders.eventDef,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      first_day: '2035-04-01',
      last_day: '2035-04-30',
      start_time: '09:00',
    },
  },
  'PATCH /api/nine/tours/event-series/:id': {
    url: `/api/nine/tours/event-series/${orders.tourSeries}`,
    payload: { from_day: '2035-06-10', version: 1 },
  },
  // Tour reservations (issue #20).
  'POST /api/nine/tours/reservations': {
    payload: {
      event_id: orders.tourEvent,
      customer_id: cat.customerId,
      seats: [{ age_group_id: orders.ageGroup, quantity: 1 }],
    },
  },
  'GET /api/nine/tours/reservations/:id': { url: `/api/nine/tours/reservations/${orders.reservation}` },
  'GET /api/nine/tours/events/:id/manifest': { url: `/api/nine/tours/events/${orders.tourEvent}/manifest` },
  'POST /api/nine/tours/reservations/:id/share-link': {
    url: `/api/nine/tours/reservations/${orders.reservation}/share-link`,
  },
  'DELETE /api/nine/tours/reservations/:id/share-link': {
    url: `/api/nine/tours/reservations/${orders.reservation}/share-link`,
  },
  'POST /api/nine/tours/events/:id/check-in': {
    url: `/api/nine/tours/events/${orders.checkinEvent}/check-in`,
    payload: { code: 'ACCESSCODE01' },
  },
  'POST /api/nine/tours/participants/:id/check-in': {
    url: `/api/nine/tours/participants/${orders.checkinParticipant}/check-in`,
    payload: {},
  },
  // Changing tour reservations (issue #20).
  'POST /api/nine/tours/reservations/:id/move': {
    url: `/api/nine/tours/reservations/${orders.moveReservation}/move`,
    payload: { event_id: orders.moveTo, version: 1 },
  },
  'GET /api/nine/tours/reservations/:id/cancellation-preview': {
    url: `/api/nine/tours/reservations/${orders.cancelReservation}/cancellation-preview`,
  },
  'POST /api/nine/tours/reservations/:id/cancel': {
    url: `/api/nine/tours/reservations/${orders.cancelReservation}/cancel`,
    payload: { version: 1 },
  },
  'GET /api/nine/tours/events/:id/waitlist': { url: `/api/nine/tours/events/${orders.fullEvent}/waitlist` },
  'POST /api/nine/tours/events/:id/waitlist': {
    url: `/api/nine/tours/events/${orders.fullEvent}/waitlist`,
    payload: { customer_id: cat.customerId, seats: [{ age_group_id: orders.ageGroup, quantity: 1 }] },
  },
  'DELETE /api/nine/tours/waitlist/:id': { url: `/api/nine/tours/waitlist/${orders.removeEntry}` },
  'POST /api/nine/tours/waitlist/:id/offer': {
    url: `/api/nine/tours/waitlist/${orders.offerEntry}/offer`,
    payload: { version: 1 },
  },
  'POST /api/nine/tours/waitlist/:id/book': {
    url: `/api/nine/tours/waitlist/${orders.bookEntry}/book`,
    payload: { version: 1 },
  },
  'POST /api/nine/tours/events/:id/cancel-with-reservations': {
    url: `/api/nine/tours/events/${orders.cancelEvent}/cancel-with-reservations`,
    payload: { reason: 'Access test', version: 1 },
  },
  'PUT /api/nine/price-switches': {
    payload: { location_id: home, rental_type_id: 1, version: 1, special_pricing: false },
  },
  'POST /api/nine/price-preview': {
    payload: {
      location_id: home,
      product_id: orders.priceProduct,
      planned_start: '2030-01-01T10:00:00Z',
      planned_finish: '2030-01-08T10:00:00Z',
    },
  },
});
const sampleHeaders = (route: { method: string; url: string }) =>
  samples()[`${route.method} ${route.url}`]?.headers ?? {};
const request = (route: { method: string; url: string }) => {
  const sample = samples()[`${route.method} ${route.url}`] ?? {};
  return {
    method: route.method as 'GET',
    url: sample.url ?? route.url,
    ...(sample.payload ? { payload: sample.payload } : {}),
  };
};

const businessWide = new Set([
  'PUT /api/nine/users/:id/access-key',
  'DELETE /api/nine/users/:id/access-key',
  'PUT /api/nine/access-policy',
  'PUT /api/nine/business-info',
  'PUT /api/nine/business-logos/:kind',
  'DELETE /api/nine/business-logos/:kind',
  'POST /api/nine/taxes',
  'PUT /api/nine/taxes/:id',
  'DELETE /api/nine/taxes/:id',
  'PUT /api/nine/tax-mode',
  'POST /api/nine/gl-codes',
  'PUT /api/nine/gl-codes/:code',
  'DELETE /api/nine/gl-codes/:code',
  'PUT /api/nine/gl-accounts/:kind/:key',
  'PUT /api/nine/settings/business-lines/:line',
  'PUT /api/nine/coupon-settings',
  'POST /api/nine/tours/groups',
  'PATCH /api/nine/tours/groups/:id',
  'DELETE /api/nine/tours/groups/:id',
  'POST /api/nine/tours/age-groups',
  'PATCH /api/nine/tours/age-groups/:id',
  'DELETE /api/nine/tours/age-groups/:id',
  'POST /api/nine/tours/terms',
  'PATCH /api/nine/tours/terms/:id',
  'PUT /api/nine/tours/terms/:id/draft',
  'POST /api/nine/tours/terms/:id/publish',
]);

describe('every /api route enforces its declared access', () => {
  it('registers routes of every kind', () => {
    const kinds = new Set(nine.routes.map((r) => kind(r.access)));
    expect(kinds).toContain('public');
    expect(kinds).toContain('session');
    expect(kinds).toContain('location');
  });

  it('answers 401 without a token and with a forged one on every protected route', async () => {
    const protectedRoutes = nine.routes.filter((r) => r.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      for (const headers of [{}, { authorization: 'Bearer forged-token' }, { authorization: 'Basic abc' }]) {
        const res = await nine.app.inject({ ...request(route), headers });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().resp_code).toBe(1002);
      }
    }
  });

  it('answers 403 outside the caller’s locations and without the permission', async () => {
    for (const route of nine.routes.filter((r) => r.access !== 'public' && r.access !== 'session')) {
      const out = await nine.app.inject({
        ...request(route),
        headers: { authorization: `Bearer ${allowed}`, 'location-id': String(foreign) },
      });
      expect(out.statusCode, `${route.method} ${route.url} in a foreign location`).toBe(403);
      if (kind(route.access) === 'permission') {
        const res = await nine.app.inject({
          ...request(route),
          headers: { authorization: `Bearer ${powerless}`, 'location-id': String(home) },
        });
        expect(res.statusCode, `${route.method} ${route.url} without permission`).toBe(403);
      }
    }
  });

  it('succeeds with a token, the location and the permission', async () => {
    for (const route of nine.routes.filter((r) => r.access !== 'public')) {
      // Logout would end the shared session: give it its own.
      const token = route.url.endsWith('/logout')
        ? await login(nine.app, 'all@nine.test')
        : businessWide.has(`${route.method} ${route.url}`)
          ? wide
          : allowed;
      const res = await nine.app.inject({
        ...request(route),
        headers: { ...sampleHeaders(route), authorization: `Bearer ${token}`, 'location-id': String(home) },
      });
      expect([200, 201], `${route.method} ${route.url}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
