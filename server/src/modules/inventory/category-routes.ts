import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type pg from 'pg';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import {
  attributeInput,
  categoryAttributesInput,
  categoryInput,
  categoryUpdate,
  type AttributeRow,
  type CategoryList,
  type CategoryRow,
} from '@nine/shared/schemas/inventory';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { idOf } from './inventory-shared.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_PATH = '/api/nine/category-images/';
// The column holds only the stored file's name; the URL is built here, once. An older demo seed stored
// a web path there, which prefixed again made a doubled URL: a value the image route below cannot serve
// is answered as no picture rather than a broken one.
const IMAGE_FILE = '^[a-f0-9]{32}\\.(jpg|png|webp)$';

/** The file's own first bytes decide its type, not the name or the header the browser sent. */
export function imageTypeOf(bytes: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}
const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

const fileParams = z.object({ file: z.string().regex(new RegExp(IMAGE_FILE)) });

// Pickers in the product form need the tree and the attributes with only the inventory permission.
const READ_CATEGORIES = {
  anyOf: [
    { resource: 'category', action: 'view' },
    { resource: 'inventory', action: 'view' },
  ],
} as const;
const READ_ATTRIBUTES = {
  anyOf: [
    { resource: 'attribute', action: 'view' },
    { resource: 'category', action: 'view' },
    { resource: 'inventory', action: 'view' },
  ],
} as const;
const CATEGORY_CHANGE = { resource: 'category', action: 'change' } as const;
const ATTRIBUTE_CHANGE = { resource: 'attribute', action: 'change' } as const;

/**
 * The category tree (with images stored under DATA_DIR) and the attributes with the category-attribute
 * map. Multipart parsing lives in this plugin's own scope so no other route accepts form uploads.
 */
export function registerCategoryRoutes(app: FastifyInstance, deps: { db: Db; imagesDir: string }): void {
  const tx = <T>(work: (client: pg.PoolClient) => Promise<T>) => transaction(deps.db, work);

  app.get(
    '/api/nine/categories',
    { config: { access: { anyOf: [...READ_CATEGORIES.anyOf] } } },
    async (request) => {
      const [categories, setting] = await Promise.all([
        rows<CategoryRow>(
          deps.db.pool,
          `SELECT c.id, c.parent_id, c.name, CASE WHEN c.image_url ~ '${IMAGE_FILE}' THEN '${IMAGE_PATH}' || c.image_url END AS image_url,
                c.sort_order, (SELECT count(*) FROM products p WHERE p.category_id = c.id)::int AS product_count,
                coalesce((SELECT array_agg(ca.attribute_id ORDER BY ca.attribute_id) FROM category_attributes ca WHERE ca.category_id = c.id), '{}') AS attribute_ids
         FROM categories c ORDER BY c.sort_order, c.name, c.id`,
        ),
        maybeOne<{ show: Tables['activity_settings']['show_category_image_in_admin_pannel'] }>(
          deps.db.pool,
          `SELECT show_category_image_in_admin_pannel AS show FROM activity_settings WHERE location_id = $1 AND rental_type_id = 1`,
          [actorOf(request).locationId],
        ),
      ]);
      const list: CategoryList = { rows: categories, show_images: setting?.show ?? true };
      return { data: list };
    },
  );

  /** A parent must exist and must not be the category itself or below it. */
  async function checkParent(client: Queryable, id: number | null, parent: number) {
    const found = await one<{ cycle: boolean; exists: boolean }>(
      client,
      `WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM categories WHERE id = $1
         UNION ALL SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
       SELECT EXISTS (SELECT 1 FROM categories WHERE id = $1) AS exists, EXISTS (SELECT 1 FROM up WHERE id = $2) AS cycle`,
      [parent, id],
    );
    if (!found.exists) throw new AppError('notFound', { data: { parent_id: parent } });
    if (found.cycle) throw new AppError('categoryCycle');
  }

  app.post('/api/nine/categories', { config: { access: CATEGORY_CHANGE } }, async (request, reply) => {
    const input = parse(categoryInput, request.body);
    const row = await tx(async (client) => {
      if (input.parent_id) await checkParent(client, null, input.parent_id);
      const created = await one<Pick<Tables['categories'], 'id' | 'parent_id' | 'name' | 'sort_order'>>(
        client,
        'INSERT INTO categories (name, parent_id, sort_order) VALUES ($1, $2, $3) RETURNING id, parent_id, name, sort_order',
        [input.name, input.parent_id ?? null, input.sort_order],
      );
      await audit(client, actorOf(request), {
        entity: 'category',
        entityId: created.id,
        action: 'created',
        data: input,
      });
      return created;
    });
    return reply.code(201).send({ data: row });
  });

  app.patch('/api/nine/categories/:id', { config: { access: CATEGORY_CHANGE } }, async (request) => {
    const id = idOf(request);
    const input = parse(categoryUpdate, request.body);
    const row = await tx(async (client) => {
      const found = await exec(client, 'SELECT 1 FROM categories WHERE id = $1 FOR UPDATE', [id]);
      if (!found) throw new AppError('notFound');
      if (input.parent_id) await checkParent(client, id, input.parent_id);
      const fields = Object.entries(input).filter(([, v]) => v !== undefined);
      if (fields.length)
        await exec(
          client,
          `UPDATE categories SET ${fields.map(([k], i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`,
          [id, ...fields.map(([, v]) => v)],
        );
      await audit(client, actorOf(request), {
        entity: 'category',
        entityId: id,
        action: 'updated',
        data: input,
      });
      // Locked above: the row is still there.
      return one<Pick<Tables['categories'], 'id' | 'parent_id' | 'name' | 'sort_order'>>(
        client,
        'SELECT id, parent_id, name, sort_order FROM categories WHERE id = $1',
        [id],
      );
    });
    return { data: row };
  });

  app.delete('/api/nine/categories/:id', { config: { access: CATEGORY_CHANGE } }, async (request) => {
    const id = idOf(request);
    const image = await tx(async (client) => {
      const found = await maybeOne<Pick<Tables['categories'], 'image_url'>>(
        client,
        'SELECT image_url FROM categories WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!found) throw new AppError('notFound');
      // Only whether a child or a product exists matters: exec's count of the rows found.
      const used = await exec(
        client,
        'SELECT 1 FROM categories WHERE parent_id = $1 UNION ALL SELECT 1 FROM products WHERE category_id = $1 LIMIT 1',
        [id],
      );
      if (used) throw new AppError('categoryInUse');
      await exec(client, 'DELETE FROM categories WHERE id = $1', [id]);
      await audit(client, actorOf(request), {
        entity: 'category',
        entityId: id,
        action: 'deleted',
        data: {},
      });
      return found.image_url;
    });
    if (image) await rm(join(deps.imagesDir, image), { force: true });
    return { data: { id } };
  });

  // Image files are named by random ids so the public read below reveals nothing guessable; <img> tags
  // cannot send the bearer token.
  app.get('/api/nine/category-images/:file', { config: { access: 'public' } }, async (request, reply) => {
    const { file } = parse(fileParams, request.params);
    const bytes = await readFile(join(deps.imagesDir, file)).catch(() => {
      throw new AppError('notFound');
    });
    const type = imageTypeOf(bytes);
    if (!type) throw new AppError('notFound');
    return reply
      .header('content-type', CONTENT_TYPE[type])
      .header('cache-control', 'private, max-age=86400')
      .send(bytes);
  });

  app.register(async (scope) => {
    // The app may already parse uploads for every route; registering twice would fail.
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart);
    scope.put('/api/nine/categories/:id/image', { config: { access: CATEGORY_CHANGE } }, async (request) => {
      const id = idOf(request);
      const file = await request.file({ limits: { files: 1, fields: 5, fileSize: IMAGE_MAX_BYTES } });
      if (!file) throw new AppError('validation', { data: { field: 'file' } });
      const bytes = await file.toBuffer();
      const type = imageTypeOf(bytes);
      if (!type) throw new AppError('imageTypeInvalid');
      const name = `${randomBytes(16).toString('hex')}.${type}`;
      await mkdir(deps.imagesDir, { recursive: true });
      await writeFile(join(deps.imagesDir, name), bytes);
      const old = await tx(async (client) => {
        const found = await maybeOne<Pick<Tables['categories'], 'image_url'>>(
          client,
          'SELECT image_url FROM categories WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!found) throw new AppError('notFound');
        await exec(client, 'UPDATE categories SET image_url = $2 WHERE id = $1', [id, name]);
        await audit(client, actorOf(request), {
          entity: 'category',
          entityId: id,
          action: 'image_set',
          data: { file: name },
        });
        return found.image_url;
      }).catch(async (err: unknown) => {
        await rm(join(deps.imagesDir, name), { force: true });
        throw err;
      });
      if (old) await rm(join(deps.imagesDir, old), { force: true });
      return { data: { id, image_url: `${IMAGE_PATH}${name}` } };
    });
  });

  app.delete('/api/nine/categories/:id/image', { config: { access: CATEGORY_CHANGE } }, async (request) => {
    const id = idOf(request);
    const old = await tx(async (client) => {
      const found = await maybeOne<Pick<Tables['categories'], 'image_url'>>(
        client,
        'SELECT image_url FROM categories WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!found) throw new AppError('notFound');
      await exec(client, 'UPDATE categories SET image_url = NULL WHERE id = $1', [id]);
      await audit(client, actorOf(request), {
        entity: 'category',
        entityId: id,
        action: 'image_removed',
        data: {},
      });
      return found.image_url;
    });
    if (old) await rm(join(deps.imagesDir, old), { force: true });
    return { data: { id, image_url: null } };
  });

  // Attributes ---------------------------------------------------------------------------------------

  app.get('/api/nine/attributes', { config: { access: { anyOf: [...READ_ATTRIBUTES.anyOf] } } }, async () => {
    const attributes = await rows<AttributeRow>(
      deps.db.pool,
      `SELECT a.id, a.name, a.kind, a.options,
              coalesce((SELECT array_agg(ca.category_id ORDER BY ca.category_id) FROM category_attributes ca WHERE ca.attribute_id = a.id), '{}') AS category_ids
       FROM attributes a ORDER BY a.name, a.id`,
    );
    return { data: { rows: attributes } };
  });

  app.post('/api/nine/attributes', { config: { access: ATTRIBUTE_CHANGE } }, async (request, reply) => {
    const input = parse(attributeInput, request.body);
    const row = await tx(async (client) => {
      const created = await one<AttributeRow>(
        client,
        `INSERT INTO attributes (name, kind, options) VALUES ($1, $2, $3) RETURNING id, name, kind, options, '{}'::int[] AS category_ids`,
        [input.name, input.kind, JSON.stringify(input.kind === 'option' ? input.options : [])],
      );
      await audit(client, actorOf(request), {
        entity: 'attribute',
        entityId: created.id,
        action: 'created',
        data: input,
      });
      return created;
    });
    return reply.code(201).send({ data: row });
  });

  app.put('/api/nine/attributes/:id', { config: { access: ATTRIBUTE_CHANGE } }, async (request) => {
    const id = idOf(request);
    const input = parse(attributeInput, request.body);
    const row = await tx(async (client) => {
      const updated = await maybeOne<AttributeRow>(
        client,
        `UPDATE attributes SET name = $2, kind = $3, options = $4 WHERE id = $1
         RETURNING id, name, kind, options, coalesce((SELECT array_agg(category_id ORDER BY category_id) FROM category_attributes WHERE attribute_id = $1), '{}') AS category_ids`,
        [id, input.name, input.kind, JSON.stringify(input.kind === 'option' ? input.options : [])],
      );
      if (!updated) throw new AppError('notFound');
      await audit(client, actorOf(request), {
        entity: 'attribute',
        entityId: id,
        action: 'updated',
        data: input,
      });
      return updated;
    });
    return { data: row };
  });

  // Deleting an attribute removes its values from products (ON DELETE CASCADE); the audit keeps the count.
  app.delete('/api/nine/attributes/:id', { config: { access: ATTRIBUTE_CHANGE } }, async (request) => {
    const id = idOf(request);
    await tx(async (client) => {
      const values = await one<{ n: number }>(
        client,
        'SELECT count(*)::int AS n FROM product_attribute_values WHERE attribute_id = $1',
        [id],
      );
      const deleted = await exec(client, 'DELETE FROM attributes WHERE id = $1', [id]);
      if (!deleted) throw new AppError('notFound');
      await audit(client, actorOf(request), {
        entity: 'attribute',
        entityId: id,
        action: 'deleted',
        data: { values_removed: values.n },
      });
    });
    return { data: { id } };
  });

  // The category-attribute map: which attributes products of a category are described by.
  app.put(
    '/api/nine/categories/:id/attributes',
    { config: { access: ATTRIBUTE_CHANGE } },
    async (request) => {
      const id = idOf(request);
      const { attribute_ids } = parse(categoryAttributesInput, request.body);
      const ids = [...new Set(attribute_ids)];
      await tx(async (client) => {
        const found = await exec(client, 'SELECT 1 FROM categories WHERE id = $1 FOR UPDATE', [id]);
        if (!found) throw new AppError('notFound');
        const known = await one<{ n: number }>(
          client,
          'SELECT count(*)::int AS n FROM attributes WHERE id = ANY($1)',
          [ids],
        );
        if (known.n !== ids.length) throw new AppError('notFound', { data: { attribute_ids: ids } });
        await exec(client, 'DELETE FROM category_attributes WHERE category_id = $1', [id]);
        await exec(
          client,
          'INSERT INTO category_attributes (category_id, attribute_id) SELECT $1, unnest($2::int[])',
          [id, ids],
        );
        await audit(client, actorOf(request), {
          entity: 'category',
          entityId: id,
          action: 'attributes_set',
          data: { attribute_ids: ids },
        });
      });
      return { data: { id, attribute_ids: ids } };
    },
  );
}
