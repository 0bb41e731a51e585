import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import {
  ORDER_PHOTO_EXTENSIONS,
  orderParticipantInput,
  orderSignatureInput,
  type ORDER_PHOTO_TYPES,
  type OrderSignatureInput,
} from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { getOrderDetail } from './order-detail.ts';
import {
  assertOrderAccess,
  kindOf,
  listLocation,
  PATH,
  RESOURCE,
  resourceOf,
} from './order-routes-shared.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams, idParam } from '../../lib/id-param.ts';

type Kind = 'rent' | 'sale';

/** The location an order belongs to, or null when there is no such order. */
export async function orderLocation(db: Db, id: number): Promise<number | null> {
  const order = await maybeOne<Pick<Tables['orders'], 'location_id'>>(
    db.pool,
    'SELECT location_id FROM orders WHERE id = $1',
    [id],
  );
  return order?.location_id ?? null;
}

/** Locks the order in the session's location; another location's order is named, not hidden (1211). */
async function lockOrder(client: Queryable, id: number, locationId: number, kind: Kind): Promise<void> {
  const order = await maybeOne<Pick<Tables['orders'], 'type' | 'location_id'>>(
    client,
    'SELECT type, location_id FROM orders WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!order || kindOf(order.type) !== kind) throw new AppError('notFound');
  if (order.location_id !== locationId) throw new AppError('orderOtherLocation');
}

const childParams = bigIdParams.extend({
  childId: idParam('bigint'),
});

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A typed signature drawn by the server: the name in a script face, escaped, as an SVG data URL. */
export function typedSignatureSvg(name: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120">` +
    `<text x="16" y="76" font-family="'Brush Script MT', 'Segoe Script', cursive" font-size="44" fill="#1a1a1a">` +
    `${escapeXml(name)}</text><line x1="16" y1="92" x2="464" y2="92" stroke="#888" stroke-width="1"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The type a file's first bytes prove; the declared type and extension are not trusted. */
export function sniffPhotoType(head: Buffer): (typeof ORDER_PHOTO_TYPES)[number] | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const EXTENSION: Record<(typeof ORDER_PHOTO_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Stores the customer's signature on an order (replacing an earlier one) with its audit row; the caller
 * holds the order's lock. A drawn signature must really be a PNG; a typed one is drawn here.
 */
export async function saveOrderSignature(
  client: Queryable,
  actor: Actor,
  orderId: number,
  input: OrderSignatureInput,
): Promise<void> {
  const image = input.method === 'drawn' ? input.image : typedSignatureSvg(input.signer_name);
  if (
    input.method === 'drawn' &&
    sniffPhotoType(Buffer.from(image.slice(image.indexOf(',') + 1), 'base64')) !== 'image/png'
  )
    throw new AppError('validation', { data: { issues: [{ path: 'image', code: 'not_a_png' }] } });
  await exec(
    client,
    `INSERT INTO order_signatures (order_id, method, signer_name, image, signed_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) DO UPDATE SET method = EXCLUDED.method, signer_name = EXCLUDED.signer_name,
       image = EXCLUDED.image, signed_by = EXCLUDED.signed_by, signed_at = now()`,
    [orderId, input.method, input.signer_name, image, actor.userId],
  );
  await audit(client, actor, {
    entity: 'order',
    entityId: orderId,
    action: 'signed',
    data: { method: input.method, signer_name: input.signer_name },
  });
}

/** Keeps `orders.order_image` (the list's photo flag) pointing at the newest photo, or null. */
async function refreshOrderImage(client: Queryable, id: number): Promise<void> {
  await exec(
    client,
    `UPDATE orders SET order_image = (SELECT stored_name FROM order_photos WHERE order_id = $1 ORDER BY id DESC LIMIT 1),
       updated_at = now() WHERE id = $1`,
    [id],
  );
}

/**
 * The order view's customer info and photos: participants, the signature, photo upload, view and
 * delete. Each change writes its audit row (the timeline) in the same transaction and answers the order.
 */
export function registerOrderExtras(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; photosDir: string },
): void {
  const answer = async (
    request: FastifyRequest,
    kind: Kind,
    id: number,
    work: (c: pg.PoolClient) => Promise<void>,
  ) => {
    const actor = actorOf(request);
    await assertOrderAccess(deps.db.pool, deps.auth, actor, id, 'change');
    const result = await transaction(deps.db, async (client) => {
      await lockOrder(client, id, actor.locationId, kind);
      await work(client);
      return { status: 200, body: await getOrderDetail(client, id, actor.locationId) };
    });
    return { data: result.body };
  };

  const uploadPhoto = async (request: FastifyRequest, kind: Kind) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const { max } = await one<{ max: Tables['general_settings']['order_photo_max_bytes'] }>(
      deps.db.pool,
      'SELECT coalesce((SELECT order_photo_max_bytes FROM general_settings WHERE location_id = $1), 5242880) AS max',
      [actor.locationId],
    );
    if (!request.isMultipart())
      throw new AppError('validation', { data: { issues: [{ path: 'file', code: 'required' }] } });
    const file = await request.file({ limits: { fileSize: max, files: 1 }, throwFileSizeLimit: false });
    if (!file) throw new AppError('validation', { data: { issues: [{ path: 'file', code: 'required' }] } });
    const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
    if (!(ORDER_PHOTO_EXTENSIONS as readonly string[]).includes(extension)) {
      file.file.resume();
      throw new AppError('photoTypeInvalid');
    }

    await mkdir(deps.photosDir, { recursive: true });
    const tempName = `${randomUUID()}.part`;
    const tempPath = resolve(deps.photosDir, tempName);
    let head = Buffer.alloc(0);
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(file.file, measure, createWriteStream(tempPath));
    const type = sniffPhotoType(head);
    if (file.file.truncated || type === null || size === 0) {
      await unlink(tempPath).catch(() => undefined);
      if (file.file.truncated)
        throw new AppError('photoTooLarge', { params: { max: Math.floor((max / 1048576) * 10) / 10 } });
      throw new AppError('photoTypeInvalid');
    }
    const storedName = `${id}-${randomUUID()}.${EXTENSION[type]}`;
    await rename(tempPath, resolve(deps.photosDir, storedName));
    try {
      return await answer(request, kind, id, async (client) => {
        const photo = await one<Pick<Tables['order_photos'], 'id'>>(
          client,
          `INSERT INTO order_photos (order_id, stored_name, file_name, content_type, size_bytes, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [id, storedName, file.filename.slice(0, 200), type, size, actor.userId],
        );
        await refreshOrderImage(client, id);
        await audit(client, actor, {
          entity: 'order',
          entityId: id,
          action: 'photo_added',
          data: {
            photo_id: photo.id,
            file_name: file.filename.slice(0, 200),
          },
        });
      });
    } catch (err) {
      // Nothing recorded it: the file goes too.
      await unlink(resolve(deps.photosDir, storedName)).catch(() => undefined);
      throw err;
    }
  };

  for (const kind of ['rent', 'sale'] as const) {
    const base = `/api/nine/${PATH[kind]}/:id`;
    const change = { access: { resource: RESOURCE[kind], action: 'change' } } as const;
    const view = { access: { resource: RESOURCE[kind], action: 'view' } } as const;

    app.post(`${base}/participants`, { config: change }, async (request) => {
      const { id } = parse(bigIdParams, request.params);
      const input = parse(orderParticipantInput, request.body);
      return answer(request, kind, id, async (client) => {
        const participant = await one<Pick<Tables['order_participants'], 'id'>>(
          client,
          `INSERT INTO order_participants (order_id, name, age, weight_kg, notes, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [
            id,
            input.name,
            input.age ?? null,
            input.weight_kg ?? null,
            input.notes || null,
            actorOf(request).userId,
          ],
        );
        await audit(client, actorOf(request), {
          entity: 'order',
          entityId: id,
          action: 'participant_added',
          data: {
            participant_id: participant.id,
            name: input.name,
          },
        });
      });
    });

    app.delete(`${base}/participants/:childId`, { config: change }, async (request) => {
      const { id, childId } = parse(childParams, request.params);
      return answer(request, kind, id, async (client) => {
        const removed = await maybeOne<Pick<Tables['order_participants'], 'name'>>(
          client,
          'DELETE FROM order_participants WHERE id = $1 AND order_id = $2 RETURNING name',
          [childId, id],
        );
        if (!removed) throw new AppError('notFound');
        await audit(client, actorOf(request), {
          entity: 'order',
          entityId: id,
          action: 'participant_removed',
          data: {
            participant_id: childId,
            name: removed.name,
          },
        });
      });
    });

    app.put(`${base}/signature`, { config: change }, async (request) => {
      const { id } = parse(bigIdParams, request.params);
      const input = parse(orderSignatureInput, request.body);
      return answer(request, kind, id, (client) => saveOrderSignature(client, actorOf(request), id, input));
    });

    // Multipart only here, in its own scope: other modules register it for their uploads too.
    app.register(async (scope) => {
      await scope.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
      scope.post(`${base}/photos`, { config: change }, async (request) => uploadPhoto(request, kind));
    });

    app.get(`${base}/photos/:childId`, { config: view }, async (request, reply) => {
      const { id, childId } = parse(childParams, request.params);
      const photo = await maybeOne<
        Pick<Tables['order_photos'], 'stored_name' | 'content_type'> &
          Pick<Tables['orders'], 'location_id' | 'type'>
      >(
        deps.db.pool,
        `SELECT ph.stored_name, ph.content_type, o.location_id, o.type FROM order_photos ph JOIN orders o ON o.id = ph.order_id
         WHERE ph.id = $1 AND ph.order_id = $2`,
        [childId, id],
      );
      if (!photo || kindOf(photo.type) !== kind) throw new AppError('notFound');
      // As the view: another location's order needs the same permission there.
      await listLocation(request, deps.auth, photo.location_id, {
        resource: resourceOf(photo.type),
        action: 'view',
      }).catch(() => {
        throw new AppError('notFound');
      });
      const path = resolve(deps.photosDir, photo.stored_name);
      if (!(await stat(path).catch(() => null))?.isFile()) throw new AppError('notFound');
      return reply
        .header('content-type', photo.content_type)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path));
    });

    app.delete(`${base}/photos/:childId`, { config: change }, async (request) => {
      const { id, childId } = parse(childParams, request.params);
      let removed: string | null = null;
      const result = await answer(request, kind, id, async (client) => {
        const photo = await maybeOne<Pick<Tables['order_photos'], 'stored_name' | 'file_name'>>(
          client,
          'DELETE FROM order_photos WHERE id = $1 AND order_id = $2 RETURNING stored_name, file_name',
          [childId, id],
        );
        if (!photo) throw new AppError('notFound');
        removed = photo.stored_name;
        await refreshOrderImage(client, id);
        await audit(client, actorOf(request), {
          entity: 'order',
          entityId: id,
          action: 'photo_removed',
          data: {
            photo_id: childId,
            file_name: photo.file_name,
          },
        });
      });
      // After the commit: a failed delete leaves an orphan file, never a row without its file.
      if (removed) await unlink(resolve(deps.photosDir, removed)).catch(() => undefined);
      return result;
    });
  }
}
