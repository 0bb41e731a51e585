import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { emptyRichText, isRichTextEmpty, type RichTextDoc } from '@nine/shared/rich-text';
import {
  tourTermsCreate,
  tourTermsDraftSave,
  tourTermsPublish,
  tourTermsUpdate,
  type TourTerms,
  type TourTermVersion,
  type TourTermVersionRow,
} from '@nine/shared/schemas/tours/settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { bumpSettingsRevision, createSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide } from '../settings/business-setting-access.ts';
import { renderTermsBody, termsFingerprint } from './tour-terms-body.ts';
import { TOUR_MANAGE, TOUR_VIEW } from './tour-settings-routes.ts';

const TERMS = `SELECT t.id, t.kind, t.title, t.active, t.version,
  (SELECT jsonb_build_object('id', v.id, 'number', v.number, 'published_at', v.published_at)
   FROM tour_term_versions v WHERE v.terms_id = t.id AND v.status = 'published'
   ORDER BY v.number DESC LIMIT 1) AS published,
  (SELECT jsonb_build_object('id', v.id, 'number', v.number, 'version', v.version)
   FROM tour_term_versions v WHERE v.terms_id = t.id AND v.status = 'draft') AS draft
  FROM tour_terms t`;

const VERSION_ROW = `v.id, v.number, v.status, v.title, v.created_at, cu.name AS created_by_name, v.published_at,
  pu.name AS published_by_name, encode(v.body_sha256, 'hex') AS body_sha256, v.version`;
const VERSION_FROM = `FROM tour_term_versions v
  LEFT JOIN users cu ON cu.id = v.created_by LEFT JOIN users pu ON pu.id = v.published_by`;

async function termsById(q: Queryable, id: number): Promise<TourTerms> {
  const row = await maybeOne<TourTerms>(q, `${TERMS} WHERE t.id = $1`, [id]);
  if (!row) throw new AppError('notFound');
  return row;
}

async function versionById(q: Queryable, id: number): Promise<TourTermVersion> {
  const row = await maybeOne<TourTermVersion>(
    q,
    `SELECT ${VERSION_ROW}, v.terms_id, v.body, v.body_html, v.body_text ${VERSION_FROM} WHERE v.id = $1`,
    [id],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

type VersionLock = Pick<Tables['tour_term_versions'], 'id' | 'status' | 'version' | 'number' | 'body'> & {
  body_sha256: string;
};

/**
 * The first lock of every terms write after the revision: the document's row, so two people starting the
 * next draft or publishing the same one take turns and the second reads what the first did.
 */
async function lockTerms(q: Queryable, id: number): Promise<void> {
  if (!(await maybeOne(q, 'SELECT id FROM tour_terms WHERE id = $1 FOR UPDATE', [id])))
    throw new AppError('notFound');
}

async function lockDraft(
  q: Queryable,
  termsId: number,
  draftId: number,
  version: number,
): Promise<VersionLock> {
  const row = await maybeOne<VersionLock>(
    q,
    `SELECT id, status, version, number, body, encode(body_sha256, 'hex') AS body_sha256
     FROM tour_term_versions WHERE id = $1 AND terms_id = $2 FOR UPDATE`,
    [draftId, termsId],
  );
  if (!row) throw new AppError('notFound');
  if (row.status === 'published') throw new AppError('termsVersionPublished');
  if (row.version !== version) throw new AppError('versionConflict', { data: { version: row.version } });
  return row;
}

async function insertDraft(q: Queryable, actor: Actor, termsId: number, body: RichTextDoc): Promise<number> {
  const rendered = renderTermsBody(body);
  const { id, number } = await one<{ id: number; number: number }>(
    q,
    `INSERT INTO tour_term_versions (terms_id, number, status, body, body_html, body_text, body_sha256, created_by)
     SELECT $1, coalesce(max(number), 0) + 1, 'draft', $2, $3, $4, $5, $6
     FROM tour_term_versions WHERE terms_id = $1
     RETURNING id, number`,
    [termsId, JSON.stringify(body), rendered.html, rendered.text, rendered.sha256, actor.userId],
  );
  await audit(q, actor, {
    entity: 'tour_terms',
    entityId: termsId,
    action: 'draft_created',
    data: { number },
  });
  return id;
}

/**
 * Writes a new body into the locked draft. The audit keeps the fingerprints and versions, not the bodies
 * (up to 100 kB each): the versions table holds the text.
 */
async function saveDraftBody(
  q: Queryable,
  actor: Actor,
  termsId: number,
  draft: VersionLock,
  body: RichTextDoc,
): Promise<VersionLock> {
  const rendered = renderTermsBody(body);
  const saved = await one<{ version: number; body_sha256: string }>(
    q,
    `UPDATE tour_term_versions SET body = $2, body_html = $3, body_text = $4, body_sha256 = $5,
            version = version + 1
     WHERE id = $1 RETURNING version, encode(body_sha256, 'hex') AS body_sha256`,
    [draft.id, JSON.stringify(body), rendered.html, rendered.text, rendered.sha256],
  );
  await audit(q, actor, {
    entity: 'tour_terms',
    entityId: termsId,
    action: 'draft_saved',
    data: {
      number: draft.number,
      old: { version: draft.version, body_sha256: draft.body_sha256 },
      new: saved,
    },
  });
  return { ...draft, ...saved, body };
}

/**
 * Terms and waiver documents (docs/design/tours.md S1), business-wide: tour manage at every location for a
 * change. A document's text lives in numbered versions; at most one draft at a time (the partial unique
 * index), edited at its version, and publishing renders the html, text and SHA-256 on the server. A
 * published version never changes: the API answers 409 termsVersionPublished and the trigger
 * tour_term_versions_immutable refuses any UPDATE or DELETE that gets past it. Every write raises the
 * settings revision first.
 */
export function registerTourTermsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  app.get('/api/nine/tours/terms', { config: { access: TOUR_VIEW } }, async () => {
    const found = await rows<TourTerms>(db.pool, `${TERMS} ORDER BY t.kind, t.title, t.id`);
    return { data: { rows: found } };
  });

  app.post('/api/nine/tours/terms', { config: { access: TOUR_MANAGE } }, async (request, reply) => {
    const input = parse(tourTermsCreate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      const terms = await createSettings(
        client,
        actor,
        'tour_terms',
        { kind: input.kind, title: input.title },
        (r) => r.id,
      );
      await insertDraft(client, actor, terms.id, input.body);
      return termsById(client, terms.id);
    });
    reply.code(201);
    return { data };
  });

  app.patch('/api/nine/tours/terms/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(tourTermsUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      await saveSettings(client, actor, { table: 'tour_terms', key: { id }, version, changes });
      return termsById(client, id);
    });
    return { data };
  });

  app.get('/api/nine/tours/terms/:id/versions', { config: { access: TOUR_VIEW } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const data = await transaction(
      db,
      async (client) => ({
        terms: await termsById(client, id),
        versions: await rows<TourTermVersionRow>(
          client,
          `SELECT ${VERSION_ROW} ${VERSION_FROM} WHERE v.terms_id = $1 ORDER BY v.number DESC`,
          [id],
        ),
      }),
      { readOnly: true },
    );
    return { data };
  });

  app.get('/api/nine/tours/term-versions/:id', { config: { access: TOUR_VIEW } }, async (request) => {
    const { id } = parse(idParams, request.params);
    return { data: await versionById(db.pool, id) };
  });

  app.put('/api/nine/tours/terms/:id/draft', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(tourTermsDraftSave, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      await bumpSettingsRevision(client);
      await lockTerms(client, id);
      if (input.draft_id === null) {
        const existing = (await termsById(client, id)).draft;
        // Someone else started the next draft since this screen was loaded.
        if (existing) throw new AppError('versionConflict', { data: { version: existing.version } });
        const latest = await maybeOne<{ body: RichTextDoc }>(
          client,
          `SELECT body FROM tour_term_versions WHERE terms_id = $1 AND status = 'published'
           ORDER BY number DESC LIMIT 1`,
          [id],
        );
        return versionById(
          client,
          await insertDraft(client, actor, id, input.body ?? latest?.body ?? emptyRichText),
        );
      }
      const draft = await lockDraft(client, id, input.draft_id, input.version);
      await saveDraftBody(client, actor, id, draft, input.body);
      return versionById(client, draft.id);
    });
    return { data };
  });

  app.post('/api/nine/tours/terms/:id/publish', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(tourTermsPublish, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      await bumpSettingsRevision(client);
      await lockTerms(client, id);
      const locked = await lockDraft(client, id, input.draft_id, input.version);
      // Unsaved edits are saved with the publish: both or neither (the same body again is no edit).
      const edited =
        input.body !== undefined && termsFingerprint(input.body).toString('hex') !== locked.body_sha256;
      const draft = edited ? await saveDraftBody(client, actor, id, locked, input.body!) : locked;
      if (isRichTextEmpty(draft.body as RichTextDoc))
        throw new AppError('validation', { data: { issues: [{ path: 'body', code: 'required' }] } });
      // Rendered again from the body as stored: what is published is what the server wrote.
      const rendered = renderTermsBody(draft.body as RichTextDoc);
      // The title is copied in, so the version keeps the name it was published (and signed) under.
      const published = await one<{ body_sha256: string }>(
        client,
        `UPDATE tour_term_versions SET status = 'published', published_at = now(), published_by = $2,
                body_html = $3, body_text = $4, body_sha256 = $5, version = version + 1,
                title = (SELECT title FROM tour_terms WHERE id = terms_id)
         WHERE id = $1 RETURNING encode(body_sha256, 'hex') AS body_sha256`,
        [draft.id, actor.userId, rendered.html, rendered.text, rendered.sha256],
      );
      await audit(client, actor, {
        entity: 'tour_terms',
        entityId: id,
        action: 'published',
        data: { number: draft.number, body_sha256: published.body_sha256 },
      });
      return versionById(client, draft.id);
    });
    return { data };
  });
}
