import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import {
  LOGO_MAX_BYTES,
  LOGO_SIZE_PX,
  logoParams,
  type LogoAnswer,
  type LogoKind,
} from '@nine/shared/schemas/business-settings';
import type { Db } from '../../db/pool.ts';
import { one } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { bumpSettingsRevision, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { imageTypeOf } from '../inventory/category-routes.ts';
import { assertBusinessWide, BUSINESS_SETTING_CHANGE } from './business-setting-access.ts';

const LOGO_PATH = '/api/nine/business-logo-images/';
const LOGO_FILE = '^[a-f0-9]{32}\\.(jpg|png|webp)$';
const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
const COLUMN = { site: 'site_logo', invoice: 'invoice_logo' } as const satisfies Record<LogoKind, string>;
// A small file can still claim a huge picture; sharp refuses to decode past this many pixels.
const MAX_INPUT_PIXELS = 40_000_000;

/** The column holds the stored file's name only; the URL is built here (older values are no picture). */
export function logoUrlSql(column: string): string {
  return `CASE WHEN ${column} ~ '${LOGO_FILE}' THEN '${LOGO_PATH}' || ${column} END`;
}

const fileParams = z.object({ file: z.string().regex(new RegExp(LOGO_FILE)) });

/** Shrinks the picture to fit the logo square, in its own format; an unreadable picture is a 422. */
async function fitLogo(bytes: Buffer, type: 'jpg' | 'png' | 'webp'): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(LOGO_SIZE_PX, LOGO_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .toFormat(type === 'jpg' ? 'jpeg' : type)
      .toBuffer();
  } catch {
    throw new AppError('logoUnreadable');
  }
}

/**
 * The site and invoice logos of the business: uploaded (JPEG, PNG or WebP, by their first bytes), shrunk on
 * the server to fit 50 x 50 px, stored under DATA_DIR with random names, read publicly by <img> tags.
 */
export function registerBusinessLogoRoutes(app: FastifyInstance, deps: { db: Db; logosDir: string }): void {
  // Names are random so the public read reveals nothing guessable; <img> tags cannot send the token.
  app.get(`${LOGO_PATH}:file`, { config: { access: 'public' } }, async (request, reply) => {
    const { file } = parse(fileParams, request.params);
    const bytes = await readFile(join(deps.logosDir, file)).catch(() => {
      throw new AppError('notFound');
    });
    const type = imageTypeOf(bytes);
    if (!type) throw new AppError('notFound');
    return reply
      .header('content-type', CONTENT_TYPE[type])
      .header('cache-control', 'private, max-age=86400')
      .send(bytes);
  });

  /** Sets (or clears, with null) one logo under the settings save path; answers the old file to remove. */
  const setLogo = (request: Parameters<typeof actorOf>[0], kind: LogoKind, name: string | null) =>
    transaction(deps.db, async (client) => {
      const actor = actorOf(request);
      await assertBusinessWide(client, actor.userId);
      // Revision first, then the row, the order every settings save locks in.
      await bumpSettingsRevision(client);
      const before = await one<Pick<Tables['business_info'], 'version' | 'site_logo' | 'invoice_logo'>>(
        client,
        'SELECT version, site_logo, invoice_logo FROM business_info WHERE id = 1 FOR UPDATE',
      );
      const after = await saveSettings(client, actor, {
        table: 'business_info',
        key: { id: 1 },
        version: before.version,
        changes: { [COLUMN[kind]]: name },
      });
      return { old: before[COLUMN[kind]], version: after.version };
    });

  const answer = (kind: LogoKind, name: string | null, version: number): { data: LogoAnswer } => ({
    data: { kind, url: name ? `${LOGO_PATH}${name}` : null, version },
  });

  app.register(async (scope) => {
    // The app may already parse uploads for every route; registering twice would fail.
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart);
    scope.put(
      '/api/nine/business-logos/:kind',
      { config: { access: BUSINESS_SETTING_CHANGE } },
      async (request) => {
        const { kind } = parse(logoParams, request.params);
        // Checked before the picture is decoded (costly), and again with the save.
        await assertBusinessWide(deps.db.pool, actorOf(request).userId);
        const file = await request.file({ limits: { files: 1, fields: 5, fileSize: LOGO_MAX_BYTES } });
        if (!file) throw new AppError('validation', { data: { field: 'file' } });
        const bytes = await file.toBuffer();
        const type = imageTypeOf(bytes);
        if (!type) throw new AppError('imageTypeInvalid');
        const fitted = await fitLogo(bytes, type);
        const name = `${randomBytes(16).toString('hex')}.${type}`;
        await mkdir(deps.logosDir, { recursive: true });
        await writeFile(join(deps.logosDir, name), fitted);
        const saved = await setLogo(request, kind, name).catch(async (err: unknown) => {
          await rm(join(deps.logosDir, name), { force: true });
          throw err;
        });
        if (saved.old && new RegExp(LOGO_FILE).test(saved.old))
          await rm(join(deps.logosDir, saved.old), { force: true });
        return answer(kind, name, saved.version);
      },
    );
  });

  app.delete(
    '/api/nine/business-logos/:kind',
    { config: { access: BUSINESS_SETTING_CHANGE } },
    async (request) => {
      const { kind } = parse(logoParams, request.params);
      const saved = await setLogo(request, kind, null);
      if (saved.old && new RegExp(LOGO_FILE).test(saved.old))
        await rm(join(deps.logosDir, saved.old), { force: true });
      return answer(kind, null, saved.version);
    },
  );
}
