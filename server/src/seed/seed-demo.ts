import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { exec, one, rows } from '../db/sql.ts';
import type { Tables } from '../db/tables.ts';
import { hashPassword } from '../modules/auth/password-hashing.ts';
import { resources } from '@nine/shared/permissions';
import { spreadTax } from '@nine/shared/tax';
import { bulkInsert } from './bulk-insert.ts';
import { AUDIT_COLUMNS, INVOICE_COLUMNS, LINE_COLUMNS } from './order-columns.ts';
import {
  CATALOGUE,
  CITIES,
  CUSTOMER_NOTES,
  FIRST_NAMES,
  LAST_NAMES,
  STAFF_NOTES,
  STREETS,
} from './catalogue.ts';
import { DEMO_ACCOUNTS, DEMO_LOCATIONS, DEMO_PASSWORD, type DemoRole } from './demo-accounts.ts';
import { createRandom, uuid, type Random } from './random.ts';
import { seedRepairs } from './seed-repairs.ts';
import { seedAccountSettings } from './seed-settings-accounts.ts';
import { seedBusinessSettings } from './seed-settings-business.ts';
import { seedCalendarSettings } from './seed-settings-calendar.ts';
import { seedLocationSettings } from './seed-settings-location.ts';
import { seedLocationOtherSettings } from './seed-settings-location-other.ts';
import { seedLineSettings } from './seed-settings-lines.ts';
import { seedKioskSettings } from './seed-settings-kiosk.ts';
import { seedDeliverySettings } from './seed-settings-delivery.ts';
import { seedPriceSettings } from './seed-settings-price.ts';
import { seedCouponSettings } from './seed-settings-coupon.ts';
import { seedTourSettings } from './seed-tours-settings.ts';
import { seedTourLeaders } from './seed-tours-leaders.ts';
import { seedTourDefinitions } from './seed-tours-definitions.ts';
import { seedTourEvents } from './seed-tours-events.ts';
import { seedTourReservations } from './seed-tours-reservations.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TAX_BP = 825;
const TIME_ZONE = 'America/Los_Angeles';

export interface SeedOptions {
  /** 1 = the demo shop (20,000 orders); N multiplies orders, items and customers. */
  scale: number;
  log?: (line: string) => void;
  now?: Date;
}

export interface SeedStats {
  orders: number;
  items: number;
  customers: number;
  ms: number;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const { seeded } = await one<{ seeded: boolean }>(db.pool, 'SELECT EXISTS (SELECT 1 FROM users) AS seeded');
  return seeded;
}

const ROLE_GRANTS: Record<DemoRole, readonly (readonly [string, string])[]> = {
  Administrator: resources.map((r) => [r, 'any'] as const),
  'Counter clerk': [
    ['rent_order', 'manage'],
    ['sell_order', 'manage'],
    ['customer', 'manage'],
    ['inventory', 'view'],
    ['delivery_report', 'view'],
    ['daily_report', 'view'],
    ['financial_transaction', 'change'],
    // sees, books and moves departures; the tour catalogue is the manager's (change does not imply view)
    ['tour', 'view'],
    ['tour', 'change'],
  ],
  'Tour guide': [
    // sees the departures they lead and their manifests, edits no catalogue
    ['tour', 'view'],
    ['customer', 'view'],
    ['rent_order', 'view'],
  ],
  Accountant: [
    ['financial_report', 'any'],
    ['financial_transaction', 'any'],
    ['daily_report', 'any'],
    ['operational_report', 'view'],
    ['sell_order', 'view'],
    ['rent_order', 'view'],
    ['customer', 'view'],
    ['cost', 'view'],
  ],
};

/**
 * Seeds a believable bike, kayak and tour shop in one transaction: nothing is half-seeded if it
 * fails. Orders stream in chunks so a million of them never sit in memory at once.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedStats> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const scale = options.scale;
  const now = options.now ?? new Date();
  const rng = createRandom(20261121);
  const client = await db.pool.connect();
  try {
    await exec(client, 'BEGIN');
    await exec(client, 'SET LOCAL synchronous_commit = off');
    // A million orders load in one long transaction: the request timeouts of the pool do not apply.
    await exec(
      client,
      'SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0',
    );
    // The generator writes consistent keys, so per-row FK triggers only cost time (3x on a million
    // orders). Needs a superuser (the embedded database is); otherwise the triggers simply run.
    // Unique, check and exclusion constraints are indexes and stay enforced either way.
    await exec(client, 'SAVEPOINT replica');
    await exec(client, 'SET LOCAL session_replication_role = replica')
      .then(() => exec(client, 'RELEASE SAVEPOINT replica'))
      .catch(() => exec(client, 'ROLLBACK TO SAVEPOINT replica'));
    const ref = await seedReferenceData(client, rng);
    // Cash needs an open register: each location's current register is open with a 200.00 float, so the demo
    // counter takes cash at once (Harbor Front's second register, Dock kiosk, stays closed).
    for (const [locationId, registerId] of ref.registerByLocation) {
      await exec(
        client,
        `INSERT INTO register_sessions (cash_register_id, opened_by, opened_at, float_minor) VALUES ($1, $2, $3, 20000)`,
        [registerId, ref.staffIdsByLocation.get(locationId)!.at(-1), now],
      );
    }
    const customers = await seedCustomers(client, rng, 2000 * scale, ref.locationIds, now);
    const catalogue = await seedCatalogue(client, rng, ref, 1000 * scale);
    log(`reference data, ${customers.count} customers and ${catalogue.itemCount} items ready`);
    const orders = await seedOrders(client, rng, {
      ...ref,
      ...catalogue,
      customers,
      now,
      totalOrders: 20_000 * scale,
      log,
    });
    // Its own random stream, so the orders above stay as they were before repairs were seeded.
    const repairs = await seedRepairs(client, createRandom(20261122), {
      items: catalogue.serializedItems,
      staffIdsByLocation: ref.staffIdsByLocation,
      now,
    });
    log(`${repairs} closed repair logs`);
    await seedBusinessSettings(client);
    await seedAccountSettings(client);
    await seedCalendarSettings(client, now);
    await seedLocationSettings(client);
    await seedLocationOtherSettings(client);
    await seedLineSettings(client);
    await seedKioskSettings(client);
    await seedDeliverySettings(client);
    await seedPriceSettings(client, now);
    await seedCouponSettings(client, now);
    await seedTourSettings(client, now);
    log(`${await seedTourLeaders(client, now)} tour leaders`);
    log(`${await seedTourDefinitions(client, now)} tour definitions`);
    log(`${await seedTourEvents(client, now)} tour events`);
    log(`${await seedTourReservations(client, now)} tour reservations`);
    for (const table of [
      'orders',
      'order_items',
      'invoices',
      'invoice_lines',
      'payments',
      'refunds',
      'ledger_entries',
      'audit_log',
    ]) {
      await exec(
        client,
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
      );
    }
    await exec(
      client,
      `SELECT setval('order_number_seq', (SELECT coalesce(max(number), 100000) + 1 FROM orders), false)`,
    );
    await exec(
      client,
      `SELECT setval('invoice_number_seq', (SELECT coalesce(max(number), 500000) + 1 FROM invoices), false)`,
    );
    // The triggers that keep derived tables were skipped with the FK triggers: count those tables afresh.
    await exec(client, 'SELECT rebuild_derived_tables()');
    await exec(client, 'COMMIT');
    await exec(client, 'ANALYZE');
    return { orders, items: catalogue.itemCount, customers: customers.count, ms: Date.now() - started };
  } catch (err) {
    await exec(client, 'ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

interface ReferenceData {
  locationIds: number[];
  staffIdsByLocation: Map<number, number[]>;
  registerByLocation: Map<number, number>;
}

async function seedReferenceData(client: pg.PoolClient, rng: Random): Promise<ReferenceData> {
  const locationIds: number[] = [];
  const locationByCode = new Map<string, number>();
  for (const l of DEMO_LOCATIONS) {
    const { id } = await one<Pick<Tables['locations'], 'id'>>(
      client,
      `INSERT INTO locations (name, code, time_zone, address, zip_code, tel, email) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        l.name,
        l.code,
        TIME_ZONE,
        l.address,
        l.zip_code,
        '+1 415 555 01' + String(locationIds.length + 10),
        `${l.code.toLowerCase()}@nine.test`,
      ],
    );
    locationIds.push(id);
    locationByCode.set(l.code, id);
  }
  await exec(client, `INSERT INTO rental_types (id, name) VALUES (2, 'Tours') ON CONFLICT (id) DO NOTHING`);
  await exec(
    client,
    `UPDATE business_info SET site_title = 'Nine Bikes & Kayaks', site_url = 'https://nine.test', address = '12 Pier Road, San Francisco',
       email = 'hello@nine.test', tel = '+1 415 555 0100', url_prefix = 'nine', zip_code = '94133', tour_is_enabled = true,
       sms_is_enabled = true, accept_external_payments = true, add_adhoc_to_order = true WHERE id = 1`,
  );
  await exec(
    client,
    `INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', ${TAX_BP}, true), ('Tourism levy', 200, false)`,
  );
  // The chart of accounts comes with migration 0002.

  const registerByLocation = new Map<number, number>();
  for (const [i, id] of locationIds.entries()) {
    await exec(
      client,
      `INSERT INTO general_settings (location_id, multi_register, order_print_header, sale_order_print_header, invoice_print_header, allow_staff_credit_card_entry)
       VALUES ($1, $2, $3, $3, $3, true)`,
      [id, i === 0, `Nine Bikes & Kayaks · ${DEMO_LOCATIONS[i]!.name}`],
    );
    for (const rentalType of [1, 2]) {
      // A counter's quick sale is done once paid in full, so sales close themselves (close_sale_order);
      // Lakeside closes them by hand, so the demo shows both ways.
      await exec(
        client,
        `INSERT INTO activity_settings (location_id, rental_type_id, close_sale_order) VALUES ($1, $2, $3)`,
        [id, rentalType, DEMO_LOCATIONS[i]!.code === 'LAKE' ? 'manual' : 'on_full_payment'],
      );
      await exec(
        client,
        `INSERT INTO location_activity_settings (location_id, rental_type_id, delivery_availability) VALUES ($1, $2, $3)`,
        [id, rentalType, i === 0],
      );
    }
    const registers = i === 0 ? ['Front desk', 'Dock kiosk'] : ['Front desk'];
    for (const name of registers) {
      const register = await one<Pick<Tables['cash_registers'], 'id'>>(
        client,
        `INSERT INTO cash_registers (location_id, name, header_title, default_terminal) VALUES ($1, $2, $3, $4) RETURNING id`,
        [
          id,
          name,
          `${DEMO_LOCATIONS[i]!.name} · ${name}`,
          `TERM-${i + 1}${name === 'Front desk' ? 'A' : 'B'}`,
        ],
      );
      if (!registerByLocation.has(id)) registerByLocation.set(id, register.id);
    }
    await exec(client, `UPDATE general_settings SET current_cash_register = $1 WHERE location_id = $2`, [
      registerByLocation.get(id),
      id,
    ]);
  }

  const roleIds = new Map<DemoRole, number>();
  for (const [title, grants] of Object.entries(ROLE_GRANTS) as [DemoRole, (typeof ROLE_GRANTS)[DemoRole]][]) {
    const { id: roleId } = await one<Pick<Tables['roles'], 'id'>>(
      client,
      `INSERT INTO roles (title) VALUES ($1) RETURNING id`,
      [title],
    );
    roleIds.set(title, roleId);
    await bulkInsert(
      client,
      'role_permissions',
      [
        ['role_id', 'int4'],
        ['resource', 'text'],
        ['action', 'text'],
      ],
      grants.map(([r, a]) => [roleId, r, a]),
    );
  }

  const staffIdsByLocation = new Map<number, number[]>(locationIds.map((id) => [id, []]));
  for (const account of DEMO_ACCOUNTS) {
    const hash = await hashPassword(DEMO_PASSWORD);
    const homes = account.locations.map((c) => locationByCode.get(c)!);
    const { id: userId } = await one<Pick<Tables['users'], 'id'>>(
      client,
      `INSERT INTO users (name, email, password_hash, default_location_id, created_at, last_login_at)
       VALUES ($1, $2, $3, $4, now() - interval '400 days', NULL) RETURNING id`,
      [account.name, account.email, hash, homes.length === 1 ? homes[0] : null],
    );
    await exec(client, `INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)`, [
      userId,
      hash,
    ]);
    if (account.accessKey) {
      await exec(client, `UPDATE users SET access_key_hash = $2 WHERE id = $1`, [
        userId,
        await hashPassword(account.accessKey),
      ]);
    }
    for (const locationId of homes) {
      await exec(client, `INSERT INTO user_roles (user_id, role_id, location_id) VALUES ($1, $2, $3)`, [
        userId,
        roleIds.get(account.role),
        locationId,
      ]);
      if (account.role === 'Counter clerk' || account.role === 'Administrator')
        staffIdsByLocation.get(locationId)!.push(userId);
    }
  }
  void rng;
  return { locationIds, staffIdsByLocation, registerByLocation };
}

interface CustomerPool {
  count: number;
  anonymousId: number;
  firstId: number;
}

async function seedCustomers(
  client: pg.PoolClient,
  rng: Random,
  count: number,
  locationIds: number[],
  now: Date,
): Promise<CustomerPool> {
  const { id: anonymousId } = await one<Pick<Tables['customers'], 'id'>>(
    client,
    `INSERT INTO customers (first_name, last_name, is_anonymous, notes) VALUES ('Walk-in', 'customer', true, 'Default customer for quick sales') RETURNING id`,
  );
  const data: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const ascii = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^\w.]/g, '')
      .toLowerCase();
    data.push([
      first,
      last,
      `${ascii}${i}@example.com`,
      `+1 ${rng.int(200, 989)} 555 ${String(rng.int(0, 9999)).padStart(4, '0')}`,
      `${rng.int(1, 999)} ${rng.pick(STREETS)}`,
      String(rng.int(10000, 99999)),
      rng.pick(CITIES),
      'US',
      rng.pick(locationIds),
      new Date(now.getTime() - rng.int(30, 900) * DAY),
    ]);
  }
  await bulkInsert(
    client,
    'customers',
    [
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['email', 'citext'],
      ['phone', 'text'],
      ['address', 'text'],
      ['postal_code', 'text'],
      ['city', 'text'],
      ['country', 'text'],
      ['home_location_id', 'int4'],
      ['created_at', 'timestamptz'],
    ],
    data,
  );
  return { count: count + 1, anonymousId, firstId: anonymousId + 1 };
}

interface ProductRow {
  id: number;
  sku: string;
  kind: 'rent' | 'sale';
  serialized: boolean;
  price: number;
  deposit: number;
  categoryName: string;
}

interface CatalogueData {
  serializedItems: { id: number; productId: number; locationId: number }[];
  bulkRent: ProductRow[];
  sale: ProductRow[];
  productsById: Map<number, ProductRow>;
  itemCount: number;
}

async function seedCatalogue(
  client: pg.PoolClient,
  rng: Random,
  ref: ReferenceData,
  itemCount: number,
): Promise<CatalogueData> {
  const shares = { serialized: 130, bulkRent: 50, sale: 120 };
  const products: ProductRow[] = [];
  const attr = await rows<Pick<Tables['attributes'], 'id'>>(
    client,
    `INSERT INTO attributes (name, kind) VALUES ('Size', 'option'), ('Color', 'option'), ('Year', 'number') RETURNING id`,
  );
  const [sizeAttr, colorAttr, yearAttr] = attr.map((r) => r.id);
  const attributeValues: unknown[][] = [];
  const colors = ['Red', 'Blue', 'Black', 'White', 'Green', 'Orange'];
  let rootOrder = 0;
  for (const root of CATALOGUE) {
    const { id: rootId } = await one<Pick<Tables['categories'], 'id'>>(
      client,
      `INSERT INTO categories (name, rental_type_id, sort_order) VALUES ($1, $2, $3) RETURNING id`,
      [root.name, root.kind === 'rent' ? 1 : null, rootOrder++],
    );
    for (const [childIndex, child] of root.children.entries()) {
      const { id: categoryId } = await one<Pick<Tables['categories'], 'id'>>(
        client,
        // No picture: image_url names a file uploaded under DATA_DIR, which a seed of the database alone has not.
        `INSERT INTO categories (parent_id, name, rental_type_id, sort_order) VALUES ($1, $2, $3, $4) RETURNING id`,
        [rootId, child.name, root.kind === 'rent' ? 1 : null, childIndex],
      );
      await exec(
        client,
        `INSERT INTO category_attributes (category_id, attribute_id) VALUES ($1, $2), ($1, $3)`,
        [categoryId, sizeAttr, colorAttr],
      );
      const bucket = root.kind === 'sale' ? 'sale' : child.serialized ? 'serialized' : 'bulkRent';
      const leaves = CATALOGUE.flatMap((r) => r.children.map((ch) => ({ r, ch }))).filter(
        ({ r, ch }) => (r.kind === 'sale' ? 'sale' : ch.serialized ? 'serialized' : 'bulkRent') === bucket,
      );
      const index = leaves.findIndex(({ ch }) => ch === child);
      const perLeaf =
        Math.floor(shares[bucket] / leaves.length) + (index < shares[bucket] % leaves.length ? 1 : 0);
      const prefix = child.name
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 4)
        .toUpperCase();
      for (let n = 0; n < perLeaf; n++) {
        const model = child.models[n % child.models.length]!;
        const option = child.options[Math.floor(n / child.models.length) % child.options.length]!;
        const year = 2023 + Math.floor(n / (child.models.length * child.options.length));
        const sku = `${prefix}-${String(products.length + 1).padStart(4, '0')}`;
        const price = Math.round(rng.int(child.price[0], child.price[1]) / 50) * 50;
        const product = await one<Pick<Tables['products'], 'id'>>(
          client,
          `INSERT INTO products (kind, sku, name, option, category_id, rental_type_id, is_serialized, barcode, price_minor, hourly_price_minor, deposit_minor, tax_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1) RETURNING id`,
          [
            root.kind,
            sku,
            root.kind === 'rent' ? `${model} ${option} ${year}` : `${model} ${option}`,
            option,
            categoryId,
            root.kind === 'rent' ? 1 : null,
            child.serialized,
            `40${String(products.length + 1).padStart(10, '0')}`,
            price,
            root.kind === 'rent' ? Math.round(price / 5 / 50) * 50 : null,
            child.deposit,
          ],
        );
        const row: ProductRow = {
          id: product.id,
          sku,
          kind: root.kind,
          serialized: child.serialized,
          price,
          deposit: child.deposit,
          categoryName: child.name,
        };
        products.push(row);
        attributeValues.push([row.id, sizeAttr, option], [row.id, colorAttr, rng.pick(colors)]);
        if (root.kind === 'rent') attributeValues.push([row.id, yearAttr, String(year)]);
      }
    }
  }
  await bulkInsert(
    client,
    'product_attribute_values',
    [
      ['product_id', 'int4'],
      ['attribute_id', 'int4'],
      ['value', 'text'],
    ],
    attributeValues,
  );

  const serializedProducts = products.filter((p) => p.serialized);
  const items: unknown[][] = [];
  const serializedItems: CatalogueData['serializedItems'] = [];
  for (let i = 0; i < itemCount; i++) {
    const product = serializedProducts[i % serializedProducts.length]!;
    const locationId = ref.locationIds[Math.floor(rng.next() * ref.locationIds.length)]!;
    const id = i + 1;
    items.push([
      id,
      product.id,
      `${product.sku}-${String(Math.floor(i / serializedProducts.length) + 1).padStart(3, '0')}`,
      `29${String(id).padStart(10, '0')}`,
      locationId,
      locationId,
    ]);
    serializedItems.push({ id, productId: product.id, locationId });
  }
  await bulkInsert(
    client,
    'items',
    [
      ['id', 'int4'],
      ['product_id', 'int4'],
      ['sku', 'text'],
      ['barcode', 'text'],
      ['home_location_id', 'int4'],
      ['current_location_id', 'int4'],
    ],
    items,
    { overridingSystemValue: true },
  );
  await exec(client, `SELECT setval(pg_get_serial_sequence('items', 'id'), $1)`, [itemCount]);

  const stock: unknown[][] = [];
  for (const p of products.filter((x) => !x.serialized))
    for (const l of ref.locationIds) stock.push([p.id, l, rng.int(20, 200)]);
  await bulkInsert(
    client,
    'stock_levels',
    [
      ['product_id', 'int4'],
      ['location_id', 'int4'],
      ['quantity', 'int4'],
    ],
    stock,
  );

  return {
    serializedItems,
    bulkRent: products.filter((p) => p.kind === 'rent' && !p.serialized),
    sale: products.filter((p) => p.kind === 'sale'),
    productsById: new Map(products.map((p) => [p.id, p])),
    itemCount,
  };
}

interface OrderContext extends ReferenceData, CatalogueData {
  customers: CustomerPool;
  now: Date;
  totalOrders: number;
  log: (line: string) => void;
}

/** Rows gathered for one chunk of orders, flushed together. */
class Batch {
  orders: unknown[][] = [];
  orderItems: unknown[][] = [];
  invoices: unknown[][] = [];
  invoiceLines: unknown[][] = [];
  payments: unknown[][] = [];
  refunds: unknown[][] = [];
  /** Credit notes made by refunds: after the refunds they name. */
  creditNotes: unknown[][] = [];
  creditNoteLines: unknown[][] = [];
  ledger: unknown[][] = [];
  audit: unknown[][] = [];
}

const ORDER_COLUMNS = [
  ['id', 'int8'],
  ['number', 'int8'],
  ['type', 'order_type'],
  ['source', 'order_source'],
  ['status', 'order_status'],
  ['location_id', 'int4'],
  ['customer_id', 'int4'],
  ['rental_type_id', 'int4'],
  ['planned_start', 'timestamptz'],
  ['planned_finish', 'timestamptz'],
  ['actual_start', 'timestamptz'],
  ['actual_finish', 'timestamptz'],
  ['closed_at', 'timestamptz'],
  ['cancelled_at', 'timestamptz'],
  ['total_minor', 'int8'],
  ['deposit_minor', 'int8'],
  ['staff_note', 'varchar'],
  ['customer_note', 'text'],
  ['deposit_in_custody', 'bool'],
  ['cc_skipped', 'bool'],
  ['has_delivery', 'bool'],
  ['created_by', 'int4'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;
const ITEM_COLUMNS = [
  ['id', 'int8'],
  ['order_id', 'int8'],
  ['product_id', 'int4'],
  ['item_id', 'int4'],
  ['quantity', 'int4'],
  ['unit_price_minor', 'int8'],
  ['status', 'order_item_status'],
  ['planned_start', 'timestamptz'],
  ['planned_finish', 'timestamptz'],
  ['delivered_at', 'timestamptz'],
  ['returned_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
] as const;
const CREDIT_NOTE_COLUMNS = [
  ...INVOICE_COLUMNS,
  ['credits_invoice_id', 'int8'],
  ['refund_id', 'int8'],
  ['of_sale_order', 'bool'],
] as const;
const PAYMENT_COLUMNS = [
  ['id', 'int8'],
  ['order_id', 'int8'],
  ['invoice_id', 'int8'],
  ['customer_id', 'int4'],
  ['location_id', 'int4'],
  ['cash_register_id', 'int4'],
  ['method', 'payment_method'],
  ['amount_minor', 'int8'],
  ['created_by', 'int4'],
  ['created_at', 'timestamptz'],
] as const;
const REFUND_COLUMNS = [
  ['id', 'int8'],
  ['payment_id', 'int8'],
  ['amount_minor', 'int8'],
  ['reason', 'text'],
  ['created_by', 'int4'],
  ['created_at', 'timestamptz'],
] as const;
const LEDGER_COLUMNS = [
  ['txn_id', 'uuid'],
  ['gl_code', 'text'],
  ['amount_minor', 'int8'],
  ['location_id', 'int4'],
  ['order_id', 'int8'],
  ['invoice_id', 'int8'],
  ['payment_id', 'int8'],
  ['refund_id', 'int8'],
  ['created_at', 'timestamptz'],
] as const;

async function flush(client: pg.PoolClient, b: Batch): Promise<void> {
  await bulkInsert(client, 'orders', ORDER_COLUMNS, b.orders, { overridingSystemValue: true });
  await bulkInsert(client, 'order_items', ITEM_COLUMNS, b.orderItems, { overridingSystemValue: true });
  await bulkInsert(client, 'invoices', INVOICE_COLUMNS, b.invoices, { overridingSystemValue: true });
  await bulkInsert(client, 'invoice_lines', LINE_COLUMNS, b.invoiceLines);
  await bulkInsert(client, 'payments', PAYMENT_COLUMNS, b.payments, { overridingSystemValue: true });
  await bulkInsert(client, 'refunds', REFUND_COLUMNS, b.refunds, { overridingSystemValue: true });
  await bulkInsert(client, 'invoices', CREDIT_NOTE_COLUMNS, b.creditNotes, { overridingSystemValue: true });
  await bulkInsert(client, 'invoice_lines', LINE_COLUMNS, b.creditNoteLines);
  await bulkInsert(client, 'ledger_entries', LEDGER_COLUMNS, b.ledger);
  await bulkInsert(client, 'audit_log', AUDIT_COLUMNS, b.audit);
}

interface Line {
  id: number;
  productId: number;
  itemId: number | null;
  quantity: number;
  unit: number;
  status: string;
  deliveredAt: Date | null;
  returnedAt: Date | null;
}

async function seedOrders(client: pg.PoolClient, rng: Random, ctx: OrderContext): Promise<number> {
  const now = ctx.now.getTime();
  const spanStart = now - 730 * DAY;
  const spanEnd = now + 30 * DAY;
  const ids = { order: 0, item: 0, invoice: 0, payment: 0, refund: 0 };
  let batch = new Batch();
  let written = 0;

  const customerFor = (anonymousShare: number) =>
    rng.chance(anonymousShare)
      ? ctx.customers.anonymousId
      : ctx.customers.firstId + Math.floor(rng.next() * (ctx.customers.count - 1));
  const clerkAt = (locationId: number) => rng.pick(ctx.staffIdsByLocation.get(locationId)!);
  const at = (ms: number) => new Date(ms);

  const addMoney = (o: {
    orderId: number;
    type: 'rent' | 'sale';
    status: string;
    locationId: number;
    customerId: number;
    lines: Line[];
    billingFrom: number;
    billingTo: number;
    createdAt: number;
    settledAt: number;
    clerk: number;
  }): number => {
    const subtotal = o.lines.reduce((s, l) => s + l.unit * l.quantity, 0);
    const discount = rng.chance(0.1) ? Math.round(subtotal / 10) : 0;
    // Tax on the discounted net, rounded half up once per invoice (the documented rule).
    const tax = Math.round(((subtotal - discount) * TAX_BP) / 10_000);
    const total = subtotal - discount + tax;
    if (o.status === 'pending' || o.status === 'cancelled') return total;
    const invoiceId = ++ids.invoice;
    const posted = ['closed', 'returned'].includes(o.status);
    batch.invoices.push([
      invoiceId,
      500_000 + invoiceId,
      o.type,
      posted ? 'posted' : 'in_progress',
      o.orderId,
      o.customerId,
      o.locationId,
      at(o.billingFrom),
      at(o.billingTo),
      subtotal,
      discount,
      tax,
      total,
      at(o.createdAt),
      at(o.createdAt),
      posted ? at(o.settledAt) : null,
      at(posted ? o.settledAt : o.createdAt),
    ]);
    let remainingTax = tax;
    o.lines.forEach((l, i) => {
      const lineNet = l.unit * l.quantity;
      const lineTax = i === o.lines.length - 1 ? remainingTax : Math.round((lineNet * TAX_BP) / 10_000);
      remainingTax -= lineTax;
      const product = ctx.productsById.get(l.productId)!;
      batch.invoiceLines.push([
        invoiceId,
        l.id,
        `${product.categoryName}: ${product.sku}`,
        l.quantity,
        l.unit,
        1,
        lineTax,
        lineNet + lineTax,
      ]);
    });
    if (posted) {
      const txn = uuid(rng);
      const revenue = o.type === 'rent' ? '4000' : '4010';
      const legs: [string, number][] = [
        ['1100', total],
        [revenue, -(subtotal - discount)],
        ['2200', -tax],
      ];
      for (const [account, amount] of legs)
        batch.ledger.push([
          txn,
          account,
          amount,
          o.locationId,
          o.orderId,
          invoiceId,
          null,
          null,
          at(o.settledAt),
        ]);
    }
    // How much was paid: settled orders in full, live ones often in part, some not at all.
    let paid = total;
    if (o.status === 'closed') paid = rng.chance(0.03) ? Math.round(total / 2) : total;
    else if (o.status === 'open') paid = 0;
    else if (o.status === 'confirmed') paid = rng.chance(0.4) ? Math.round(total * 0.3) : 0;
    else paid = rng.chance(0.7) ? total : rng.chance(0.6) ? Math.round(total / 2) : 0;
    // What refunds on the closed order took off its price (credit notes), and of its tax.
    let credited = 0;
    let creditedTax = 0;
    const parts =
      paid > 0 && rng.chance(0.15)
        ? [Math.round(paid / 2), paid - Math.round(paid / 2)]
        : paid > 0
          ? [paid]
          : [];
    for (const [i, amount] of parts.entries()) {
      const paymentId = ++ids.payment;
      const method = rng.chance(0.4) ? 'cash' : rng.chance(0.92) ? 'card' : 'external';
      const paidAt = i === 0 ? o.createdAt + rng.int(0, 30) * 60_000 : Math.min(now, o.settledAt);
      batch.payments.push([
        paymentId,
        o.orderId,
        invoiceId,
        o.customerId,
        o.locationId,
        ctx.registerByLocation.get(o.locationId),
        method,
        amount,
        o.clerk,
        at(paidAt),
      ]);
      const gl = method === 'cash' ? '1000' : method === 'card' ? '1010' : '1020';
      const txn = uuid(rng);
      batch.ledger.push([txn, gl, amount, o.locationId, o.orderId, invoiceId, paymentId, null, at(paidAt)]);
      batch.ledger.push([
        txn,
        '1100',
        -amount,
        o.locationId,
        o.orderId,
        invoiceId,
        paymentId,
        null,
        at(paidAt),
      ]);
      if (o.status === 'closed' && rng.chance(0.01)) {
        const refundId = ++ids.refund;
        const refund = Math.max(1, Math.round(amount / 5));
        const refundAt = Math.min(now, paidAt + DAY);
        batch.refunds.push([refundId, paymentId, refund, 'Goodwill: late pick-up', o.clerk, at(refundAt)]);
        const rtxn = uuid(rng);
        for (const [account, amount] of [
          ['1100', refund],
          [gl, -refund],
        ] as const)
          batch.ledger.push([
            rtxn,
            account,
            amount,
            o.locationId,
            o.orderId,
            invoiceId,
            paymentId,
            refundId,
            at(refundAt),
          ]);
        // A refund on a closed order lowers its price (money-service refund, creditRefund): a posted credit
        // note with one line takes it off the invoice, its tax apportioned by the one tax rule.
        const noteId = ++ids.invoice;
        const noteTax = spreadTax([refund, total - credited - refund], tax - creditedTax)[0]!;
        credited += refund;
        creditedTax += noteTax;
        batch.creditNotes.push([
          noteId,
          500_000 + noteId,
          'credit_note',
          'posted',
          o.orderId,
          o.customerId,
          o.locationId,
          at(o.billingFrom),
          at(o.billingTo),
          -(refund - noteTax),
          0,
          -noteTax,
          -refund,
          at(refundAt),
          at(refundAt),
          at(refundAt),
          at(refundAt),
          invoiceId,
          refundId,
          o.type === 'sale',
        ]);
        batch.creditNoteLines.push([
          noteId,
          null,
          'Refund: Goodwill: late pick-up',
          1,
          -(refund - noteTax),
          null,
          -noteTax,
          -refund,
        ]);
        // Not from the generator: drawing from it here would change every order seeded after this one.
        const ntxn = `c0000000-0000-4000-a000-${noteId.toString(16).padStart(12, '0')}`;
        const revenue = o.type === 'rent' ? '4000' : '4010';
        for (const [gl, amount] of [
          ['1100', -refund],
          [revenue, refund - noteTax],
          ['2200', noteTax],
        ] as const)
          batch.ledger.push([ntxn, gl, amount, o.locationId, o.orderId, noteId, null, null, at(refundAt)]);
      }
    }
    return total - credited;
  };

  const pushOrder = (o: {
    type: 'rent' | 'sale';
    status: string;
    locationId: number;
    customerId: number;
    plannedStart: number | null;
    plannedFinish: number | null;
    actualStart: number | null;
    actualFinish: number | null;
    createdAt: number;
    closedAt: number | null;
    cancelledAt: number | null;
    lines: Omit<Line, 'id'>[];
    deposit: number;
    source: string;
  }) => {
    const orderId = ++ids.order;
    const clerk = clerkAt(o.locationId);
    const lines: Line[] = o.lines.map((l) => ({ ...l, id: ++ids.item }));
    for (const l of lines) {
      batch.orderItems.push([
        l.id,
        orderId,
        l.productId,
        l.itemId,
        l.quantity,
        l.unit,
        l.status,
        o.plannedStart === null ? null : at(o.plannedStart),
        o.plannedFinish === null ? null : at(o.plannedFinish),
        l.deliveredAt,
        l.returnedAt,
        at(o.createdAt),
      ]);
    }
    const settledAt = o.closedAt ?? o.actualFinish ?? o.createdAt;
    const total = addMoney({
      orderId,
      type: o.type,
      status: o.status,
      locationId: o.locationId,
      customerId: o.customerId,
      lines,
      billingFrom: o.plannedStart ?? o.createdAt,
      billingTo: o.plannedFinish ?? o.createdAt,
      createdAt: o.createdAt,
      settledAt,
      clerk,
    });
    const live = ['delivered', 'partially-delivered', 'partially-returned'].includes(o.status);
    const updatedAt = Math.max(
      o.createdAt,
      o.closedAt ?? o.cancelledAt ?? o.actualFinish ?? o.actualStart ?? o.createdAt,
    );
    batch.orders.push([
      orderId,
      100_000 + orderId,
      o.type,
      o.source,
      o.status,
      o.locationId,
      o.customerId,
      o.type === 'rent' ? 1 : null,
      o.plannedStart === null ? null : at(o.plannedStart),
      o.plannedFinish === null ? null : at(o.plannedFinish),
      o.actualStart === null ? null : at(o.actualStart),
      o.actualFinish === null ? null : at(o.actualFinish),
      o.closedAt === null ? null : at(o.closedAt),
      o.cancelledAt === null ? null : at(o.cancelledAt),
      total,
      o.deposit,
      rng.chance(0.1) ? rng.pick(STAFF_NOTES) : null,
      rng.chance(0.08) ? rng.pick(CUSTOMER_NOTES) : null,
      live && o.deposit > 0,
      rng.chance(0.05),
      o.type === 'rent' && rng.chance(0.07),
      clerk,
      at(o.createdAt),
      at(updatedAt),
    ]);
    batch.audit.push([
      clerk,
      o.locationId,
      'order',
      String(orderId),
      'created',
      JSON.stringify({
        status: o.status === 'open' || o.type === 'sale' ? 'open' : 'pending',
        source: o.source,
      }),
      at(o.createdAt),
    ]);
    written++;
  };

  const maybeFlush = async (force = false) => {
    if (batch.orders.length >= 5000 || (force && batch.orders.length > 0)) {
      await flush(client, batch);
      batch = new Batch();
      if (written % 100_000 < 5000 || force) ctx.log(`orders written: ${written}`);
    }
  };

  // Rentals: items rented together ("bundles") each walk their own timeline of slots, so no
  // serialized item is ever double-booked; the database's exclusion constraint checks it anyway.
  const rentTotal = Math.round(ctx.totalOrders * 0.65);
  const bundles: { locationId: number; items: { id: number; productId: number }[] }[] = [];
  for (const locationId of ctx.locationIds) {
    const here = ctx.serializedItems.filter((i) => i.locationId === locationId);
    for (let i = 0; i < here.length;) {
      const size = Math.min(here.length - i, rng.chance(0.5) ? 1 : rng.int(2, 3));
      bundles.push({ locationId, items: here.slice(i, i + size) });
      i += size;
    }
  }
  const bulkRentAt = ctx.bulkRent;
  for (const [bi, bundle] of bundles.entries()) {
    const bookings = Math.floor(rentTotal / bundles.length) + (bi < rentTotal % bundles.length ? 1 : 0);
    const slot = (spanEnd - spanStart) / Math.max(1, bookings);
    let nextStartKnown: number | null = null;
    const starts: number[] = [];
    for (let k = 0; k < bookings; k++) {
      const slotStart = spanStart + k * slot;
      const duration = Math.min(slot * 0.8, rng.chance(0.6) ? rng.int(2, 8) * HOUR : rng.int(1, 7) * DAY);
      const start = slotStart + Math.floor(rng.next() * Math.max(0, slot - duration - HOUR));
      const rounded = Math.floor(start / (15 * 60_000)) * 15 * 60_000;
      starts.push(
        rounded,
        rounded + Math.floor(duration / (15 * 60_000)) * 15 * 60_000 || rounded + 15 * 60_000,
      );
    }
    for (let k = 0; k < bookings; k++) {
      const plannedStart = starts[2 * k]!;
      const plannedFinish = starts[2 * k + 1]!;
      nextStartKnown = k + 1 < bookings ? starts[2 * (k + 1)]! : null;
      // Booked up to two weeks ahead; bookings for the coming weeks were made over the last two.
      const booked = plannedStart - rng.int(1, 14 * 24) * HOUR;
      const createdAt = booked < now - 60_000 ? booked : now - rng.int(1, 14 * 24 * 60) * 60_000;
      let status: string;
      if (plannedStart > now)
        status = rng.chance(0.05) ? 'cancelled' : rng.chance(0.55) ? 'confirmed' : 'pending';
      else if (plannedFinish > now)
        status = rng.chance(0.1)
          ? 'confirmed'
          : bundle.items.length > 1 && rng.chance(0.12)
            ? 'partially-delivered'
            : 'delivered';
      else if (
        nextStartKnown !== null &&
        nextStartKnown > now &&
        plannedFinish > now - 5 * DAY &&
        rng.chance(0.4)
      )
        status = bundle.items.length > 1 && rng.chance(0.5) ? 'partially-returned' : 'delivered';
      else
        status = rng.chance(0.06)
          ? 'cancelled'
          : rng.chance(0.05) && plannedFinish > now - 20 * DAY
            ? 'returned'
            : 'closed';
      const started = [
        'delivered',
        'partially-delivered',
        'partially-returned',
        'returned',
        'closed',
      ].includes(status);
      const finished = status === 'returned' || status === 'closed';
      const actualStart = started ? Math.min(now, plannedStart + rng.int(-10, 40) * 60_000) : null;
      const actualFinish = finished
        ? Math.max(actualStart! + 15 * 60_000, plannedFinish - rng.int(0, 90) * 60_000)
        : null;
      const closedAt = status === 'closed' ? Math.min(now, actualFinish! + rng.int(5, 240) * 60_000) : null;
      const cancelledAt = status === 'cancelled' ? Math.min(now, createdAt + rng.int(1, 72) * HOUR) : null;
      const days = Math.max(1, Math.ceil((plannedFinish - plannedStart) / DAY));
      const lines: Omit<Line, 'id'>[] = bundle.items.map((item, idx) => {
        const product = ctx.productsById.get(item.productId)!;
        const delivered = status === 'partially-delivered' ? idx === 0 : started;
        const returned = finished || (status === 'partially-returned' && idx === 0);
        const itemStatus =
          status === 'cancelled'
            ? 'cancelled'
            : returned
              ? 'returned'
              : delivered
                ? 'delivered'
                : status === 'pending'
                  ? 'pending'
                  : 'confirmed';
        return {
          productId: item.productId,
          itemId: item.id,
          quantity: 1,
          unit: product.price * days,
          status: itemStatus,
          deliveredAt: delivered && actualStart !== null ? at(actualStart) : null,
          returnedAt: returned ? at(actualFinish ?? Math.min(now, plannedFinish - 30 * 60_000)) : null,
        };
      });
      if (bulkRentAt.length && rng.chance(0.4)) {
        const gear = rng.pick(bulkRentAt);
        const lineStatus = lines[0]!.status;
        lines.push({
          productId: gear.id,
          itemId: null,
          quantity: bundle.items.length,
          unit: gear.price * days,
          status: lineStatus,
          deliveredAt: lines[0]!.deliveredAt,
          returnedAt: lines[0]!.returnedAt,
        });
      }
      const deposit = bundle.items.reduce((s, i) => s + ctx.productsById.get(i.productId)!.deposit, 0);
      pushOrder({
        type: 'rent',
        status,
        locationId: bundle.locationId,
        customerId: customerFor(0),
        plannedStart,
        plannedFinish,
        actualStart,
        actualFinish,
        createdAt,
        closedAt,
        cancelledAt,
        lines,
        deposit,
        source: rng.pick(['web', 'web', 'phone', 'walk_in', 'walk_in', 'back_end', 'kiosk']),
      });
      await maybeFlush();
    }
  }

  // Sales at the counter: spread over the two years, most closed, the last few days' some open.
  const saleTotal = ctx.totalOrders - rentTotal;
  for (let s = 0; s < saleTotal; s++) {
    const createdAt = spanStart + Math.floor(rng.next() * (now - spanStart - 60_000));
    const locationId = rng.pick(ctx.locationIds);
    const status = rng.chance(0.04)
      ? 'cancelled'
      : createdAt > now - 3 * DAY && rng.chance(0.3)
        ? 'open'
        : 'closed';
    const lines: Omit<Line, 'id'>[] = Array.from({ length: rng.int(1, 4) }, () => {
      const product = rng.pick(ctx.sale);
      return {
        productId: product.id,
        itemId: null,
        quantity: rng.int(1, 3),
        unit: product.price,
        status: status === 'cancelled' ? 'cancelled' : status === 'closed' ? 'sold' : 'pending',
        deliveredAt: null,
        returnedAt: null,
      };
    });
    const closedAt = status === 'closed' ? createdAt + rng.int(1, 10) * 60_000 : null;
    pushOrder({
      type: 'sale',
      status,
      locationId,
      customerId: customerFor(0.6),
      plannedStart: null,
      plannedFinish: null,
      actualStart: null,
      actualFinish: null,
      createdAt,
      closedAt,
      cancelledAt: status === 'cancelled' ? createdAt + 5 * 60_000 : null,
      lines,
      deposit: 0,
      source: 'walk_in',
    });
    await maybeFlush();
  }
  await maybeFlush(true);

  // Only the first location delivers (location activity settings): its delivery orders get a drop-off
  // before the start and a pick-up at the end, with every item of the order on both runs.
  await exec(client, `UPDATE orders SET has_delivery = false WHERE has_delivery AND location_id <> $1`, [
    ctx.locationIds[0],
  ]);
  await exec(
    client,
    `WITH runs AS (
       SELECT o.id AS order_id, o.location_id, kind.type, kind.at, o.status,
              coalesce(c.address, '1 Main St') AS address, c.postal_code
       FROM orders o LEFT JOIN customers c ON c.id = o.customer_id
       CROSS JOIN LATERAL (VALUES ('delivery'::delivery_type, o.planned_start - interval '1 hour'), ('pickup'::delivery_type, o.planned_finish)) AS kind(type, at)
       WHERE o.has_delivery AND o.type = 'rent' AND o.status <> 'cancelled')
     INSERT INTO deliveries (order_id, location_id, type, status, scheduled_at, address, zip_code)
     SELECT order_id, location_id, type,
            (CASE WHEN at > now() THEN 'scheduled' WHEN type = 'delivery' OR status IN ('returned', 'closed') THEN 'done' ELSE 'scheduled' END)::delivery_status,
            at, address, postal_code
     FROM runs`,
  );
  await exec(
    client,
    `INSERT INTO delivery_items (delivery_id, order_item_id)
     SELECT d.id, oi.id FROM deliveries d JOIN order_items oi ON oi.order_id = d.order_id WHERE oi.status <> 'cancelled'`,
  );

  // Items out on live rentals are shown as rented.
  await exec(
    client,
    `UPDATE items i SET status = 'rented' FROM order_items oi
    WHERE oi.item_id = i.id AND oi.status = 'delivered'`,
  );
  await exec(client, `UPDATE items SET status = 'maintenance' WHERE status = 'available' AND id % 97 = 0`);
  await exec(client, `UPDATE items SET status = 'retired' WHERE status = 'available' AND id % 211 = 0`);
  await exec(
    client,
    `UPDATE items i SET rent_count = s.n, rent_minutes = s.minutes FROM (
      SELECT item_id, count(*) AS n, sum(extract(epoch FROM (returned_at - delivered_at)) / 60)::bigint AS minutes
      FROM order_items WHERE item_id IS NOT NULL AND returned_at IS NOT NULL AND delivered_at IS NOT NULL GROUP BY item_id) s
    WHERE s.item_id = i.id`,
  );
  return written;
}
