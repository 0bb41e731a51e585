import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import {
  itemInput,
  itemTransfer,
  itemUpdate,
  productInput,
  productUpdate,
  stockInput,
  type InventoryItem,
  type ProductRow,
} from '@nine/shared/schemas/inventory';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { ITEM_SELECT, productById } from './inventory-routes.ts';
import { assertCodesFree, assertLocation, CHANGE, idOf } from './inventory-shared.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

/** Attribute values must fit their attribute: a number, one of the options, true/false. */
export async function checkAttributeValues(
  client: Queryable,
  values: { attribute_id: number; value: string }[],
): Promise<void> {
  if (values.length === 0) return;
  // `options` is a JSON array of the option texts (attributeInput writes it).
  const attributes = await rows<Pick<Tables['attributes'], 'id' | 'kind'> & { options: string[] }>(
    client,
    'SELECT id, kind, options FROM attributes WHERE id = ANY($1)',
    [values.map((v) => v.attribute_id)],
  );
  const byId = new Map(attributes.map((r) => [r.id, r]));
  const bad = values.filter((v) => {
    const a = byId.get(v.attribute_id);
    if (!a) return true;
    if (a.kind === 'number') return v.value === '' || !Number.isFinite(Number(v.value));
    if (a.kind === 'boolean') return v.value !== 'true' && v.value !== 'false';
    if (a.kind === 'option') return !a.options.includes(v.value);
    return false;
  });
  if (bad.length)
    throw new AppError('attributeValueInvalid', { data: { attribute_ids: bad.map((b) => b.attribute_id) } });
}

async function writeAttributes(
  client: Queryable,
  productId: number,
  values: { attribute_id: number; value: string }[],
): Promise<void> {
  await checkAttributeValues(client, values);
  await exec(client, 'DELETE FROM product_attribute_values WHERE product_id = $1', [productId]);
  const kept = values.filter((v) => v.value !== '');
  if (kept.length)
    await exec(
      client,
      `INSERT INTO product_attribute_values (product_id, attribute_id, value)
       SELECT $1, * FROM unnest($2::int[], $3::text[])`,
      [productId, kept.map((v) => v.attribute_id), kept.map((v) => v.value)],
    );
}

async function lockProduct(client: Queryable, id: number) {
  const product = await maybeOne<Pick<Tables['products'], 'version' | 'is_serialized'>>(
    client,
    // A tour's seat product is kept by its definition (migration 0046): not edited here.
    `SELECT version, is_serialized FROM products WHERE id = $1 AND kind <> 'tour' FOR UPDATE`,
    [id],
  );
  if (!product) throw new AppError('notFound');
  return product;
}

async function lockItem(client: Queryable, id: number) {
  const item = await maybeOne<
    Pick<Tables['items'], 'version' | 'status' | 'current_location_id' | 'home_location_id'>
  >(
    client,
    'SELECT version, status, current_location_id, home_location_id FROM items WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!item) throw new AppError('notFound');
  return item;
}

/** An item this transaction holds locked or has just written. */
async function itemById(client: Queryable, id: number): Promise<InventoryItem> {
  return one<InventoryItem>(client, `SELECT ${ITEM_SELECT} WHERE i.id = $1`, [id]);
}

/** Product create/edit, serialized items (create, edit, transfer, delete) and bulk stock per location. */
export function registerProductRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  const tx = <T>(work: (client: pg.PoolClient) => Promise<T>) => transaction(deps.db, work);

  idempotentRoute(
    app,
    deps.db,
    { url: '/api/nine/inventory/products', access: CHANGE, body: productInput },
    async (client, actor, input) => {
      await assertCodesFree(client, { sku: input.sku, barcode: input.barcode });
      const { id } = await one<Pick<Tables['products'], 'id'>>(
        client,
        `INSERT INTO products (kind, sku, name, option, category_id, is_serialized, barcode, price_minor, hourly_price_minor, deposit_minor, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          input.kind,
          input.sku,
          input.name,
          input.option || null,
          input.category_id ?? null,
          input.is_serialized,
          input.barcode || null,
          input.price_minor,
          input.hourly_price_minor ?? null,
          input.deposit_minor,
          input.active,
        ],
      );
      await writeAttributes(client, id, input.attributes);
      await audit(client, actor, {
        entity: 'product',
        entityId: id,
        action: 'created',
        data: input,
      });
      return (await productById(client, id))!;
    },
  );

  app.patch('/api/nine/inventory/products/:id', { config: { access: CHANGE } }, async (request) => {
    const id = idOf(request);
    const { version, attributes, ...changes } = parse(productUpdate, request.body);
    const product: ProductRow = await tx(async (client) => {
      const current = await lockProduct(client, id);
      if (current.version !== version)
        throw new AppError('versionConflict', { data: { version: current.version } });
      await assertCodesFree(client, { sku: changes.sku, barcode: changes.barcode }, { productId: id });
      const fields = Object.entries(changes)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, v === '' ? null : v] as const);
      const sets = fields.map(([k], i) => `${k} = $${i + 2}`).join(', ');
      await exec(
        client,
        `UPDATE products SET ${sets ? `${sets}, ` : ''}version = version + 1, updated_at = now() WHERE id = $1`,
        [id, ...fields.map(([, v]) => v)],
      );
      if (attributes) await writeAttributes(client, id, attributes);
      await audit(client, actorOf(request), {
        entity: 'product',
        entityId: id,
        action: 'updated',
        data: { ...Object.fromEntries(fields), attributes },
      });
      return (await productById(client, id))!;
    });
    return { data: product };
  });

  app.post(
    '/api/nine/inventory/products/:id/items',
    { config: { access: CHANGE } },
    async (request, reply) => {
      const productId = idOf(request);
      const input = parse(itemInput, request.body);
      const current = input.current_location_id ?? input.home_location_id;
      await assertLocation(request, deps.auth, input.home_location_id, CHANGE);
      await assertLocation(request, deps.auth, current, CHANGE);
      if (input.status === 'rented') throw new AppError('validation', { data: { field: 'status' } });
      const item = await tx(async (client) => {
        const product = await lockProduct(client, productId);
        if (!product.is_serialized) throw new AppError('productNotSerialized');
        await assertCodesFree(client, { sku: input.sku, barcode: input.barcode });
        const { id } = await one<Pick<Tables['items'], 'id'>>(
          client,
          `INSERT INTO items (product_id, sku, barcode, status, home_location_id, current_location_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [productId, input.sku, input.barcode, input.status, input.home_location_id, current],
        );
        await audit(client, actorOf(request), {
          entity: 'item',
          entityId: id,
          action: 'created',
          data: { product_id: productId, ...input },
        });
        return itemById(client, id);
      });
      return reply.code(201).send({ data: item });
    },
  );

  app.patch('/api/nine/inventory/items/:id', { config: { access: CHANGE } }, async (request) => {
    const id = idOf(request);
    const { version, ...changes } = parse(itemUpdate, request.body);
    if (changes.home_location_id) await assertLocation(request, deps.auth, changes.home_location_id, CHANGE);
    const item = await tx(async (client) => {
      const current = await lockItem(client, id);
      await assertLocation(request, deps.auth, current.current_location_id, CHANGE, client);
      if (current.version !== version)
        throw new AppError('versionConflict', { data: { version: current.version } });
      // `rented` belongs to orders: a rented item changes status only by being returned.
      if (changes.status && current.status === 'rented') throw new AppError('itemRented');
      await assertCodesFree(client, { sku: changes.sku, barcode: changes.barcode }, { itemId: id });
      const fields = Object.entries(changes).filter(([, v]) => v !== undefined);
      const sets = fields.map(([k], i) => `${k} = $${i + 2}`).join(', ');
      await exec(
        client,
        `UPDATE items SET ${sets ? `${sets}, ` : ''}version = version + 1, updated_at = now() WHERE id = $1`,
        [id, ...fields.map(([, v]) => v)],
      );
      await audit(client, actorOf(request), {
        entity: 'item',
        entityId: id,
        action: 'updated',
        data: { from: current, ...Object.fromEntries(fields) },
      });
      return itemById(client, id);
    });
    return { data: item };
  });

  // A transfer moves the item's current location and is logged with both ends in the audit log.
  app.post('/api/nine/inventory/items/:id/transfer', { config: { access: CHANGE } }, async (request) => {
    const id = idOf(request);
    const input = parse(itemTransfer, request.body);
    await assertLocation(request, deps.auth, input.to_location_id, CHANGE);
    const item = await tx(async (client) => {
      const current = await lockItem(client, id);
      await assertLocation(request, deps.auth, current.current_location_id, CHANGE, client);
      if (current.version !== input.version)
        throw new AppError('versionConflict', { data: { version: current.version } });
      if (current.status === 'rented') throw new AppError('itemRented');
      await exec(
        client,
        'UPDATE items SET current_location_id = $2, version = version + 1, updated_at = now() WHERE id = $1',
        [id, input.to_location_id],
      );
      await audit(client, actorOf(request), {
        entity: 'item',
        entityId: id,
        action: 'transferred',
        data: {
          from_location_id: current.current_location_id,
          to_location_id: input.to_location_id,
          note: input.note ?? null,
        },
      });
      return itemById(client, id);
    });
    return { data: item };
  });

  // Only an item nobody ever booked may be deleted; the rest are retired, keeping their history.
  app.delete('/api/nine/inventory/items/:id', { config: { access: CHANGE } }, async (request) => {
    const id = idOf(request);
    await tx(async (client) => {
      const current = await lockItem(client, id);
      await assertLocation(request, deps.auth, current.current_location_id, CHANGE, client);
      // Only whether a line exists matters: exec's count of the rows found.
      const used = await exec(client, 'SELECT 1 FROM order_items WHERE item_id = $1 LIMIT 1', [id]);
      if (used) throw new AppError('itemInUse');
      await exec(client, 'DELETE FROM items WHERE id = $1', [id]);
      await audit(client, actorOf(request), {
        entity: 'item',
        entityId: id,
        action: 'deleted',
        data: current,
      });
    });
    return { data: { id } };
  });

  app.put('/api/nine/inventory/products/:id/stock', { config: { access: CHANGE } }, async (request) => {
    const productId = idOf(request);
    const input = parse(stockInput, request.body);
    await assertLocation(request, deps.auth, input.location_id, CHANGE);
    const level = await tx(async (client) => {
      const product = await lockProduct(client, productId);
      if (product.is_serialized) throw new AppError('productSerialized');
      const before = await maybeOne<Pick<Tables['stock_levels'], 'quantity'>>(
        client,
        'SELECT quantity FROM stock_levels WHERE product_id = $1 AND location_id = $2',
        [productId, input.location_id],
      );
      await exec(
        client,
        `INSERT INTO stock_levels (product_id, location_id, quantity) VALUES ($1, $2, $3)
         ON CONFLICT (product_id, location_id) DO UPDATE SET quantity = excluded.quantity, updated_at = now()`,
        [productId, input.location_id, input.quantity],
      );
      await audit(client, actorOf(request), {
        entity: 'product',
        entityId: productId,
        action: 'stock_set',
        data: {
          location_id: input.location_id,
          from: before?.quantity ?? 0,
          to: input.quantity,
        },
      });
      return { product_id: productId, ...input };
    });
    return { data: level };
  });
}
