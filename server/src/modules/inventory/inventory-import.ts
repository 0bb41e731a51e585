import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { parse as parseCsv } from 'csv-parse/sync';
import { AppError } from '@nine/shared/errors';
import {
  IMPORT_MAX_BYTES,
  importColumns,
  type ImportReason,
  type ImportRefusal,
  type ImportReport,
} from '@nine/shared/schemas/inventory';
import type { Db } from '../../db/pool.ts';
import { exec, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { CHANGE } from './inventory-shared.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { mayActAt } from '../../lib/location-access.ts';

const REQUIRED = ['kind', 'sku', 'name', 'price'] as const;

type Cells = Partial<Record<(typeof importColumns)[number], string>>;

interface PlannedProduct {
  sku: string;
  kind: 'rent' | 'sale';
  name: string;
  option: string | null;
  category_id: number | null;
  is_serialized: boolean;
  barcode: string | null;
  price_minor: number;
  deposit_minor: number;
  existingId: number | null;
}

/** "12", "12.5", "12.50" → minor units; anything else is refused rather than guessed. */
function toMinor(text: string): number | null {
  const m = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

function toBool(text: string): boolean | null {
  const t = text.toLowerCase();
  if (['yes', 'true', '1', 'y'].includes(t)) return true;
  if (['no', 'false', '0', 'n'].includes(t)) return false;
  return null;
}

/** Every row is checked before anything is written; one refused row means nothing is imported. */
export async function planImport(
  client: Queryable,
  records: Cells[],
  mayWriteAt: (locationId: number) => Promise<boolean>,
) {
  const norm = (s: string | undefined) => (s ?? '').trim();
  const lower = (s: string) => s.toLowerCase();
  const skus = [...new Set(records.map((r) => lower(norm(r.sku))).filter(Boolean))];
  const itemSkus = records.map((r) => lower(norm(r.item_sku))).filter(Boolean);
  const barcodes = [
    ...records.map((r) => lower(norm(r.barcode))),
    ...records.map((r) => lower(norm(r.item_barcode))),
  ].filter(Boolean);

  const [categories, locations, products, takenSkus, takenBarcodes] = await Promise.all([
    rows<Pick<Tables['categories'], 'id' | 'name'>>(client, 'SELECT id, name FROM categories'),
    rows<Pick<Tables['locations'], 'id' | 'name' | 'code'>>(client, 'SELECT id, name, code FROM locations'),
    rows<Pick<Tables['products'], 'id' | 'sku' | 'kind' | 'is_serialized'>>(
      client,
      'SELECT id, sku, kind, is_serialized FROM products WHERE lower(sku) = ANY($1)',
      [skus],
    ),
    rows<{ code: string; owner: 'item' | 'product' }>(
      client,
      `SELECT lower(sku) AS code, 'item' AS owner FROM items WHERE lower(sku) = ANY($1)
       UNION ALL SELECT lower(sku), 'product' FROM products WHERE lower(sku) = ANY($1)`,
      [[...skus, ...itemSkus]],
    ),
    rows<{ code: string; product_sku: string | null }>(
      client,
      `SELECT lower(barcode) AS code, NULL AS product_sku FROM items WHERE lower(barcode) = ANY($1)
       UNION ALL SELECT lower(barcode), lower(sku) FROM products WHERE lower(barcode) = ANY($1)`,
      [barcodes],
    ),
  ]);
  const categoryIds = new Map<string, number[]>();
  for (const c of categories)
    categoryIds.set(lower(c.name), [...(categoryIds.get(lower(c.name)) ?? []), c.id]);
  const locationByName = new Map<string, number>();
  for (const l of locations) {
    locationByName.set(lower(l.name), l.id);
    locationByName.set(lower(l.code), l.id);
  }
  const existing = new Map(products.map((p) => [lower(p.sku), p]));
  const itemSkuTaken = new Set(takenSkus.map((r) => r.code));
  const productSkuUsedByItem = new Set(takenSkus.filter((r) => r.owner === 'item').map((r) => r.code));
  const barcodeOwner = new Map(takenBarcodes.map((r) => [r.code, r.product_sku]));
  const allowed = new Map<number, boolean>();

  const planned = new Map<string, PlannedProduct>();
  const items: { productSku: string; sku: string; barcode: string; locationId: number }[] = [];
  const stock = new Map<string, { productSku: string; locationId: number; quantity: number }>();
  const seenItemSkus = new Set<string>();
  const seenBarcodes = new Map<string, string>();
  const refused: ImportRefusal[] = [];

  for (const [index, r] of records.entries()) {
    const reasons: ImportReason[] = [];
    const sku = norm(r.sku);
    const key = lower(sku);
    const kind = lower(norm(r.kind));
    const name = norm(r.name);
    const itemSku = norm(r.item_sku);
    const itemBarcode = norm(r.item_barcode);
    const barcode = norm(r.barcode);
    if (!sku) reasons.push('sku_missing');
    else if (sku.length > 64) reasons.push('sku_too_long');
    if (kind !== 'rent' && kind !== 'sale') reasons.push('kind_invalid');
    if (!name) reasons.push('name_missing');
    const price = toMinor(norm(r.price));
    if (price === null) reasons.push('price_invalid');
    const deposit = norm(r.deposit) ? toMinor(norm(r.deposit)) : 0;
    if (deposit === null) reasons.push('deposit_invalid');
    const serializedText = norm(r.serialized);
    const serialized = serializedText ? toBool(serializedText) : Boolean(itemSku || itemBarcode);
    if (serialized === null) reasons.push('serialized_invalid');

    let categoryId: number | null = null;
    if (norm(r.category)) {
      const ids = categoryIds.get(lower(norm(r.category))) ?? [];
      if (ids.length === 0) reasons.push('category_unknown');
      else if (ids.length > 1) reasons.push('category_ambiguous');
      else categoryId = ids[0]!;
    }
    let locationId: number | null = null;
    if (norm(r.location)) {
      locationId = locationByName.get(lower(norm(r.location))) ?? null;
      if (locationId === null) reasons.push('location_unknown');
      else {
        if (!allowed.has(locationId)) allowed.set(locationId, await mayWriteAt(locationId));
        if (!allowed.get(locationId)) reasons.push('location_forbidden');
      }
    }

    const found = existing.get(key);
    const earlier = planned.get(key);
    if (found && (found.kind !== kind || (serialized !== null && found.is_serialized !== serialized)))
      reasons.push('product_mismatch');
    if (earlier && (earlier.kind !== kind || earlier.is_serialized !== serialized || earlier.name !== name))
      reasons.push('sku_conflict');
    if (!found && key && productSkuUsedByItem.has(key)) reasons.push('sku_taken');
    if (barcode && !found && !earlier) {
      const owner = barcodeOwner.get(lower(barcode));
      if (
        owner !== undefined ||
        (seenBarcodes.has(lower(barcode)) && seenBarcodes.get(lower(barcode)) !== key)
      )
        reasons.push('barcode_taken');
    }

    if (itemSku || itemBarcode) {
      if (!itemSku || !itemBarcode) reasons.push('item_incomplete');
      if (serialized === false) reasons.push('item_on_bulk_product');
      if (locationId === null && !norm(r.location)) reasons.push('location_missing');
      if (
        itemSku &&
        (itemSkuTaken.has(lower(itemSku)) || seenItemSkus.has(lower(itemSku)) || planned.has(lower(itemSku)))
      )
        reasons.push('item_sku_taken');
      if (itemBarcode && (barcodeOwner.has(lower(itemBarcode)) || seenBarcodes.has(lower(itemBarcode))))
        reasons.push('item_barcode_taken');
    }
    const quantityText = norm(r.quantity);
    let quantity: number | null = null;
    if (quantityText) {
      quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : null;
      if (quantity === null) reasons.push('quantity_invalid');
      if (serialized === true) reasons.push('quantity_on_serialized');
      if (locationId === null && !norm(r.location)) reasons.push('location_missing');
      if (locationId !== null && stock.has(`${key}@${locationId}`)) reasons.push('stock_duplicate');
    }

    if (reasons.length) {
      refused.push({ line: index + 2, sku, reasons: [...new Set(reasons)] });
      continue;
    }
    if (!found && !earlier)
      planned.set(key, {
        sku,
        kind: kind as 'rent' | 'sale',
        name,
        option: norm(r.option) || null,
        category_id: categoryId,
        is_serialized: serialized!,
        barcode: barcode || null,
        price_minor: price!,
        deposit_minor: deposit!,
        existingId: null,
      });
    if (barcode) seenBarcodes.set(lower(barcode), key);
    if (itemSku) {
      items.push({ productSku: key, sku: itemSku, barcode: itemBarcode, locationId: locationId! });
      seenItemSkus.add(lower(itemSku));
      seenBarcodes.set(lower(itemBarcode), `item:${itemSku}`);
    }
    if (quantity !== null)
      stock.set(`${key}@${locationId}`, { productSku: key, locationId: locationId!, quantity });
  }
  return { refused, planned: [...planned.values()], existing, items, stock: [...stock.values()] };
}

async function applyImport(client: Queryable, plan: Awaited<ReturnType<typeof planImport>>) {
  const ids = new Map<string, number>([...plan.existing].map(([k, p]) => [k, p.id]));
  const p = plan.planned;
  if (p.length) {
    const created = await rows<Pick<Tables['products'], 'id' | 'sku'>>(
      client,
      `INSERT INTO products (sku, kind, name, option, category_id, is_serialized, barcode, price_minor, deposit_minor)
       SELECT * FROM unnest($1::text[], $2::product_kind[], $3::text[], $4::text[], $5::int[], $6::bool[], $7::text[], $8::bigint[], $9::bigint[])
       RETURNING id, sku`,
      [
        p.map((x) => x.sku),
        p.map((x) => x.kind),
        p.map((x) => x.name),
        p.map((x) => x.option),
        p.map((x) => x.category_id),
        p.map((x) => x.is_serialized),
        p.map((x) => x.barcode),
        p.map((x) => x.price_minor),
        p.map((x) => x.deposit_minor),
      ],
    );
    for (const r of created) ids.set(r.sku.toLowerCase(), r.id);
  }
  if (plan.items.length)
    await exec(
      client,
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id)
       SELECT pid, sku, barcode, loc, loc FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS t(pid, sku, barcode, loc)`,
      [
        plan.items.map((i) => ids.get(i.productSku)),
        plan.items.map((i) => i.sku),
        plan.items.map((i) => i.barcode),
        plan.items.map((i) => i.locationId),
      ],
    );
  if (plan.stock.length)
    await exec(
      client,
      `INSERT INTO stock_levels (product_id, location_id, quantity)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[])
       ON CONFLICT (product_id, location_id) DO UPDATE SET quantity = excluded.quantity, updated_at = now()`,
      [
        plan.stock.map((s) => ids.get(s.productSku)),
        plan.stock.map((s) => s.locationId),
        plan.stock.map((s) => s.quantity),
      ],
    );
}

/**
 * CSV import of products, items and bulk stock: .csv only, at most 10 MB, all rows or none. Refused
 * rows come back line by line with reason codes the web app translates.
 */
export function registerInventoryImport(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.register(async (scope) => {
    // The app may already parse uploads for every route; registering twice would fail.
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart);
    scope.post('/api/nine/inventory/import', { config: { access: CHANGE } }, async (request) => {
      const file = await request.file({ limits: { files: 1, fields: 5, fileSize: IMPORT_MAX_BYTES } });
      if (!file) throw new AppError('importFileInvalid', { data: { reason: 'no_file' } });
      if (!/\.csv$/i.test(file.filename))
        throw new AppError('importFileInvalid', { data: { reason: 'not_csv' } });
      const bytes = await file.toBuffer();
      let records: Cells[];
      try {
        records = parseCsv(bytes, {
          columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
          bom: true,
          skip_empty_lines: true,
          trim: true,
        });
      } catch {
        throw new AppError('importFileInvalid', { data: { reason: 'unreadable' } });
      }
      const header = records[0] ? Object.keys(records[0]) : [];
      const unknown = header.filter((h) => !(importColumns as readonly string[]).includes(h));
      const missing = REQUIRED.filter((h) => !header.includes(h));
      if (records.length === 0 || unknown.length || missing.length)
        throw new AppError('importFileInvalid', { data: { reason: 'header', unknown, missing } });

      const { userId, locationId } = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        const mayWriteAt = (at: number) => mayActAt(deps.auth, { userId, locationId }, at, CHANGE, client);
        const plan = await planImport(client, records, mayWriteAt);
        const report: ImportReport = {
          imported: plan.refused.length === 0,
          rows: records.length,
          products_created: plan.planned.length,
          items_created: plan.items.length,
          stock_rows: plan.stock.length,
          refused: plan.refused,
        };
        if (!report.imported) throw new AppError('importRefused', { data: report });
        await applyImport(client, plan);
        await audit(client, actorOf(request), {
          entity: 'inventory_import',
          entityId: 0,
          action: 'imported',
          data: {
            file: file.filename,
            rows: report.rows,
            products_created: report.products_created,
            items_created: report.items_created,
            stock_rows: report.stock_rows,
          },
        });
        return { status: 200, body: report };
      });
      return { data: result.body };
    });
  });
}
