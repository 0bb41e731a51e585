import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import {
  MAX_TOUR_IMAGES,
  tourDefinitionDeleteQuery,
  tourImageFileParams,
  tourImagesUpdate,
} from '@nine/shared/schemas/tours/definitions';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParam, idParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { imageTypeOf } from '../inventory/category-routes.ts';
import {
  bumpDefinition,
  galleryMaxBytes,
  getDefinition,
  lockDefinition,
  TOUR_IMAGE_FILE,
  TOUR_MANAGE,
} from './definition-queries.ts';
import type { TourDeps } from './register-tours.ts';

// A small file can still claim a huge picture; sharp refuses to decode past this many pixels.
const MAX_INPUT_PIXELS = 40_000_000;
const IMAGE_PX = 1600;
const THUMB_PX = 400;

const imageParams = z.object({ id: idParam(), imageId: idParam() });

interface Rendered {
  data: Buffer;
  width: number;
  height: number;
}

/** The picture turned upright, shrunk to fit `px` (never enlarged), as WebP; unreadable is a 415. */
async function render(bytes: Buffer, px: number): Promise<Rendered> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(px, px, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AppError('imageTypeInvalid');
  }
}

/** How many images a definition holds, where the next goes and whether one is the cover. */
const countImages = (q: Queryable, id: number) =>
  one<{ n: number; next: number; cover: boolean }>(
    q,
    `SELECT count(*)::int AS n, coalesce(max(position) + 1, 0)::int AS next, bool_or(is_cover) IS TRUE AS cover
     FROM tour_definition_images WHERE definition_id = $1`,
    [id],
  );
const refuseFull = (n: number) => {
  if (n >= MAX_TOUR_IMAGES) throw new AppError('tourImageLimit', { data: { max: MAX_TOUR_IMAGES } });
};

const tooLarge = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A definition's gallery: upload (type by magic bytes, size limit of the location's tour settings, re-encoded
 * by sharp to WebP at most 1600 px with a 400 px thumbnail, random names), order, cover and alt texts, delete;
 * and the public read of the files. Every change raises the definition's version.
 */
export function registerDefinitionImageRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db, imagesDir } = deps;

  // Random names only, so the public read reveals nothing guessable; the landing page shows these.
  app.get('/api/nine/tour-images/:file', { config: { access: 'public' } }, async (request, reply) => {
    const { file } = parse(tourImageFileParams, request.params);
    const bytes = await readFile(join(imagesDir, file)).catch(() => {
      throw new AppError('notFound');
    });
    if (imageTypeOf(bytes) !== 'webp') throw new AppError('notFound');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });

  app.register(async (scope) => {
    // The app may already parse uploads for every route; registering twice would fail.
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart);
    scope.post(
      '/api/nine/tours/definitions/:id/images',
      { config: { access: TOUR_MANAGE } },
      async (request, reply) => {
        const { id } = parse(idParams, request.params);
        const { locationId } = actorOf(request);
        // Checked before the picture is read and decoded (costly), and again under the lock.
        await getDefinition(db.pool, id, locationId);
        refuseFull((await countImages(db.pool, id)).n);
        const maxBytes = await galleryMaxBytes(db.pool, locationId);
        const file = await request.file({ limits: { files: 1, fields: 5, fileSize: maxBytes } });
        if (!file)
          throw new AppError('validation', {
            data: { issues: [{ path: 'file', code: 'custom', message: 'required' }] },
          });
        const bytes = await file.toBuffer().catch((err: unknown) => {
          if (tooLarge(err)) throw new AppError('tourImageTooLarge', { data: { max_bytes: maxBytes } });
          throw err;
        });
        if (!imageTypeOf(bytes)) throw new AppError('imageTypeInvalid');
        // The upload is decoded once; the thumbnail is made from the (much smaller) 1600 px result.
        const image = await render(bytes, IMAGE_PX);
        const thumb = await render(image.data, THUMB_PX);
        const base = randomBytes(16).toString('hex');
        const names = { stored: `${base}.webp`, thumb: `${base}-t.webp` };
        const files = [names.stored, names.thumb].map((n) => join(imagesDir, n));
        await mkdir(imagesDir, { recursive: true });
        // Written before the row; removed again unless the row commits (a failed write or transaction), so no
        // row names a missing file and no file is left without a row.
        let committed = false;
        try {
          await writeFile(files[0]!, image.data);
          await writeFile(files[1]!, thumb.data);
          const detail = await transaction(db, async (client) => {
            const actor = actorOf(request);
            await lockDefinition(client, id, actor.locationId);
            const count = await countImages(client, id);
            refuseFull(count.n);
            const { id: imageId } = await one<{ id: number }>(
              client,
              `INSERT INTO tour_definition_images (definition_id, stored_name, thumb_name, content_type, width, height,
             size_bytes, position, is_cover, created_by)
           VALUES ($1, $2, $3, 'image/webp', $4, $5, $6, $7, $8, $9) RETURNING id`,
              [
                id,
                names.stored,
                names.thumb,
                image.width,
                image.height,
                image.data.length,
                count.next,
                !count.cover, // the first image is the cover until another is chosen
                actor.userId,
              ],
            );
            await bumpDefinition(client, id);
            await audit(client, actor, {
              entity: 'tour_definition',
              entityId: id,
              action: 'image_added',
              data: { new: { image_id: imageId, width: image.width, height: image.height } },
            });
            return getDefinition(client, id, actor.locationId);
          });
          committed = true;
          return await reply.code(201).send({ data: detail });
        } finally {
          if (!committed) await Promise.all(files.map((f) => rm(f, { force: true })));
        }
      },
    );
  });

  app.put('/api/nine/tours/definitions/:id/images', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(tourImagesUpdate, request.body);
    const detail = await transaction(db, async (client) => {
      const actor = actorOf(request);
      await lockDefinition(client, id, actor.locationId, input.version);
      const before = await rows<
        Pick<Tables['tour_definition_images'], 'id' | 'position' | 'is_cover' | 'alt'>
      >(
        client,
        'SELECT id, position, is_cover, alt FROM tour_definition_images WHERE definition_id = $1 ORDER BY position',
        [id],
      );
      const ids = new Set(before.map((i) => i.id));
      // The order names every image once: under the version check, a list that differs is a mistake, not a race.
      if (input.order.length !== ids.size || input.order.some((i) => !ids.has(i))) {
        throw new AppError('validation', {
          data: { issues: [{ path: 'order', code: 'custom', message: 'not_all_images' }] },
        });
      }
      if (ids.size > 0 && input.cover_id === null) {
        throw new AppError('validation', {
          data: { issues: [{ path: 'cover_id', code: 'custom', message: 'required' }] },
        });
      }
      const alts = Object.entries(input.alts).map(([k, v]) => [Number(k), v] as const);
      if (alts.some(([imageId]) => !ids.has(imageId))) {
        throw new AppError('validation', {
          data: { issues: [{ path: 'alts', code: 'custom', message: 'unknown' }] },
        });
      }
      // Positions are unique per definition, checked at commit (deferred), so one statement may swap them.
      await exec(
        client,
        `UPDATE tour_definition_images i SET position = t.pos - 1
         FROM unnest($2::int[]) WITH ORDINALITY AS t(id, pos) WHERE i.id = t.id AND i.definition_id = $1`,
        [id, input.order],
      );
      // One cover: the old one is cleared first, the index allowing one at a time.
      await exec(
        client,
        'UPDATE tour_definition_images SET is_cover = false WHERE definition_id = $1 AND is_cover AND id <> $2',
        [id, input.cover_id ?? 0],
      );
      await exec(
        client,
        'UPDATE tour_definition_images SET is_cover = true WHERE definition_id = $1 AND id = $2',
        [id, input.cover_id ?? 0],
      );
      if (alts.length) {
        await exec(
          client,
          `UPDATE tour_definition_images i SET alt = nullif(t.alt, '')
           FROM unnest($2::int[], $3::text[]) AS t(id, alt) WHERE i.id = t.id AND i.definition_id = $1`,
          [id, alts.map(([k]) => k), alts.map(([, v]) => v)],
        );
      }
      await bumpDefinition(client, id);
      await audit(client, actor, {
        entity: 'tour_definition',
        entityId: id,
        action: 'images_arranged',
        data: {
          old: {
            order: before.map((i) => i.id),
            cover_id: before.find((i) => i.is_cover)?.id ?? null,
            alts: Object.fromEntries(before.filter((i) => i.alt !== null).map((i) => [i.id, i.alt])),
          },
          new: { order: input.order, cover_id: input.cover_id, alts: input.alts },
        },
      });
      return getDefinition(client, id, actor.locationId);
    });
    return { data: detail };
  });

  app.delete(
    '/api/nine/tours/definitions/:id/images/:imageId',
    { config: { access: TOUR_MANAGE } },
    async (request) => {
      const { id, imageId } = parse(imageParams, request.params);
      // The version shown: removing an image someone else just arranged or replaced is a conflict.
      const { version } = parse(tourDefinitionDeleteQuery, request.query);
      const { detail, files } = await transaction(db, async (client) => {
        const actor = actorOf(request);
        const locked = await lockDefinition(client, id, actor.locationId, version);
        const image = await maybeOne<
          Pick<
            Tables['tour_definition_images'],
            'stored_name' | 'thumb_name' | 'is_cover' | 'alt' | 'position'
          >
        >(
          client,
          `SELECT stored_name, thumb_name, is_cover, alt, position FROM tour_definition_images
           WHERE id = $1 AND definition_id = $2`,
          [imageId, id],
        );
        if (!image) throw new AppError('notFound');
        const { n } = await one<{ n: number }>(
          client,
          'SELECT count(*)::int AS n FROM tour_definition_images WHERE definition_id = $1',
          [id],
        );
        // A published tour keeps a cover for its page: its last image is replaced, not removed.
        if (n === 1 && locked.status !== 'draft') {
          throw new AppError('definitionIncomplete', { data: { steps: ['gallery'] } });
        }
        await exec(client, 'DELETE FROM tour_definition_images WHERE id = $1', [imageId]);
        // Close the gap; a removed cover passes to the first image left.
        await exec(
          client,
          `UPDATE tour_definition_images i SET position = t.pos - 1
         FROM (SELECT id, row_number() OVER (ORDER BY position) AS pos FROM tour_definition_images WHERE definition_id = $1) t
         WHERE i.id = t.id`,
          [id],
        );
        if (image.is_cover) {
          await exec(
            client,
            `UPDATE tour_definition_images SET is_cover = true
           WHERE id = (SELECT id FROM tour_definition_images WHERE definition_id = $1 ORDER BY position LIMIT 1)`,
            [id],
          );
        }
        await bumpDefinition(client, id);
        await audit(client, actor, {
          entity: 'tour_definition',
          entityId: id,
          action: 'image_removed',
          data: {
            old: {
              image_id: imageId,
              stored_name: image.stored_name,
              alt: image.alt,
              position: image.position,
              is_cover: image.is_cover,
            },
          },
        });
        return {
          detail: await getDefinition(client, id, actor.locationId),
          files: [image.stored_name, image.thumb_name],
        };
      });
      // After the commit: a rolled-back delete keeps its files.
      await Promise.all(
        files.filter((f) => TOUR_IMAGE_FILE.test(f)).map((f) => rm(join(imagesDir, f), { force: true })),
      );
      return { data: detail };
    },
  );
}
