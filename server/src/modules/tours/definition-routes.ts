import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { richTextToHtml, type RichTextDoc } from '@nine/shared/rich-text';
import {
  tourBasicInfo,
  tourDefinitionDeleteQuery,
  tourDefinitionPublishInput,
  tourDefinitionStatusInput,
  tourDefinitionStep,
  tourDefinitionStepInput,
  tourDefinitionSteps,
  type TourDefinitionStepInput,
} from '@nine/shared/schemas/tours/definitions';
import { exec, one, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParam, idParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { checkStepReferences, galleryDone, missingSteps, stepValues } from './definition-checks.ts';
import {
  bumpDefinition,
  getDefinition,
  lockDefinition,
  TOUR_MANAGE,
  TOUR_VIEW,
  type DefinitionDetailRow,
} from './definition-queries.ts';
import type { TourDeps } from './register-tours.ts';

const stepParams = z.object({ id: idParam(), step: tourDefinitionStep });

/** Writes one step's columns and child rows (the old child rows replaced). */
async function writeStep(client: Queryable, id: number, input: TourDefinitionStepInput): Promise<void> {
  switch (input.step) {
    case 'basic-info':
      await exec(
        client,
        `UPDATE tour_definitions SET code = $2, name = $3, group_id = $4, duration_minutes = $5, capacity = $6,
           min_participants = $7, participants_per_leader = $8, min_leaders = $9, languages = $10 WHERE id = $1`,
        [
          id,
          input.code,
          input.name,
          input.group_id,
          input.duration_minutes,
          input.capacity,
          input.min_participants,
          input.participants_per_leader,
          input.min_leaders,
          input.languages,
        ],
      );
      return;
    case 'pricing': {
      await exec(client, 'UPDATE tour_definitions SET private_price_minor = $2, taxable = $3 WHERE id = $1', [
        id,
        input.private_price_minor,
        input.taxable,
      ]);
      await exec(client, 'DELETE FROM tour_definition_prices WHERE definition_id = $1', [id]);
      await exec(client, 'DELETE FROM tour_definition_seasons WHERE definition_id = $1', [id]);
      await exec(
        client,
        `INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor)
         SELECT $1, g, p FROM unnest($2::int[], $3::bigint[]) AS t(g, p)`,
        [id, input.prices.map((p) => p.age_group_id), input.prices.map((p) => p.price_minor)],
      );
      for (const season of input.seasons) {
        const { id: seasonId } = await one<{ id: number }>(
          client,
          `INSERT INTO tour_definition_seasons (definition_id, name, days)
           VALUES ($1, $2, daterange($3::date, $4::date, '[]')) RETURNING id`,
          [id, season.name, season.first_day, season.last_day],
        );
        await exec(
          client,
          `INSERT INTO tour_definition_season_prices (season_id, age_group_id, price_minor)
           SELECT $1, g, p FROM unnest($2::int[], $3::bigint[]) AS t(g, p)`,
          [seasonId, season.prices.map((p) => p.age_group_id), season.prices.map((p) => p.price_minor)],
        );
      }
      return;
    }
    case 'cancellation-fee':
      await exec(client, 'UPDATE tour_definitions SET no_show_fee_bp = $2 WHERE id = $1', [
        id,
        input.no_show_fee_bp,
      ]);
      await exec(client, 'DELETE FROM tour_definition_cancellation_tiers WHERE definition_id = $1', [id]);
      await exec(
        client,
        `INSERT INTO tour_definition_cancellation_tiers (definition_id, hours_before, fee_bp)
         SELECT $1, h, f FROM unnest($2::int[], $3::int[]) AS t(h, f)`,
        [id, input.tiers.map((t) => t.hours_before), input.tiers.map((t) => t.fee_bp)],
      );
      return;
    case 'gallery':
      return;
    case 'location':
      await exec(client, 'UPDATE tour_definitions SET meeting_point_id = $2, site_id = $3 WHERE id = $1', [
        id,
        input.meeting_point_id,
        input.site_id,
      ]);
      return;
    case 'items':
      await exec(client, 'DELETE FROM tour_definition_items WHERE definition_id = $1', [id]);
      await exec(
        client,
        `INSERT INTO tour_definition_items (definition_id, product_id, per, age_group_id, units, per_count)
         SELECT $1, p, per, g, u, c FROM unnest($2::int[], $3::text[], $4::int[], $5::int[], $6::int[]) AS t(p, per, g, u, c)`,
        [
          id,
          input.items.map((i) => i.product_id),
          input.items.map((i) => i.per),
          input.items.map((i) => i.age_group_id),
          input.items.map((i) => i.units),
          input.items.map((i) => i.per_count),
        ],
      );
      return;
    case 'description':
      // The HTML is rendered here from the checked document: nothing the client sent reaches a page as HTML.
      await exec(
        client,
        `UPDATE tour_definitions SET description = $2::jsonb, description_html = $3, what_to_bring = $4,
           terms_id = $5, waiver_id = $6 WHERE id = $1`,
        [
          id,
          JSON.stringify(input.description),
          richTextToHtml(input.description as RichTextDoc),
          input.what_to_bring === '' ? null : input.what_to_bring,
          input.terms_id,
          input.waiver_id,
        ],
      );
      return;
  }
}

/**
 * Tour definitions (issue #19, docs/design/tours.md S3): a draft created from its basic information, written
 * step by step (each step a PUT replacing that step's data, versioned), published once every step holds, then
 * active or inactive. Every definition belongs to the request's location; another location's answers 404.
 */
export function registerDefinitionRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;

  app.get('/api/nine/tours/definitions/:id', { config: { access: TOUR_VIEW } }, async (request) => {
    const { id } = parse(idParams, request.params);
    return { data: await getDefinition(db.pool, id, actorOf(request).locationId) };
  });

  app.post('/api/nine/tours/definitions', { config: { access: TOUR_MANAGE } }, async (request, reply) => {
    const input = parse(tourBasicInfo, request.body);
    const detail = await transaction(db, async (client) => {
      const actor = actorOf(request);
      await checkStepReferences(client, 'basic-info', input, { locationId: actor.locationId, groupId: null });
      const { id } = await one<{ id: number }>(
        client,
        `INSERT INTO tour_definitions (location_id, code, name, group_id, duration_minutes, capacity, min_participants,
           participants_per_leader, min_leaders, languages, steps_done, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, ARRAY['basic-info'], $11) RETURNING id`,
        [
          actor.locationId,
          input.code,
          input.name,
          input.group_id,
          input.duration_minutes,
          input.capacity,
          input.min_participants,
          input.participants_per_leader,
          input.min_leaders,
          input.languages,
          actor.userId,
        ],
      );
      await audit(client, actor, {
        entity: 'tour_definition',
        entityId: id,
        action: 'created',
        data: { new: input },
      });
      return getDefinition(client, id, actor.locationId);
    });
    return reply.code(201).send({ data: detail });
  });

  app.put(
    '/api/nine/tours/definitions/:id/steps/:step',
    { config: { access: TOUR_MANAGE } },
    async (request) => {
      const { id, step } = parse(stepParams, request.params);
      const input = parse(tourDefinitionStepInput, request.body);
      if (input.step !== step) {
        throw new AppError('validation', {
          data: { issues: [{ path: 'step', code: 'custom', message: 'step_mismatch' }] },
        });
      }
      const detail = await transaction(db, async (client) => {
        const actor = actorOf(request);
        const locked = await lockDefinition(client, id, actor.locationId, input.version);
        // Part 2 names the tour's seat product after its code (sku TOUR-<code>): fixed once published.
        if (input.step === 'basic-info' && locked.status !== 'draft' && input.code !== locked.code) {
          throw new AppError('validation', {
            data: { issues: [{ path: 'code', code: 'custom', message: 'code_locked' }] },
          });
        }
        const before = await getDefinition(client, id, actor.locationId);
        await checkStepReferences(client, step, input, {
          locationId: actor.locationId,
          groupId: before.group_id,
        });
        if (step === 'gallery' && !galleryDone(before)) {
          throw new AppError('definitionIncomplete', { data: { steps: ['gallery'] } });
        }
        await writeStep(client, id, input);
        // steps_done keeps the editor's order, each step once.
        await bumpDefinition(
          client,
          id,
          `, steps_done = ARRAY(SELECT s FROM unnest($2::text[]) WITH ORDINALITY AS t(s, n)
             WHERE s = ANY(steps_done || $3::text) ORDER BY n)`,
          [tourDefinitionSteps, step],
        );
        const { step: _step, version: _version, ...values } = input;
        await audit(client, actor, {
          entity: 'tour_definition',
          entityId: id,
          action: `step_${step}`,
          data: { old: stepValues(before, step), new: values },
        });
        return getDefinition(client, id, actor.locationId);
      });
      return { data: detail };
    },
  );

  /** Makes the definition active when every step holds (checked again from the database). */
  const activate = (client: Queryable, detail: DefinitionDetailRow) =>
    missingSteps(client, detail).then((steps) => {
      if (steps.length) throw new AppError('definitionIncomplete', { data: { steps } });
    });

  app.post(
    '/api/nine/tours/definitions/:id/publish',
    { config: { access: TOUR_MANAGE } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const { version } = parse(tourDefinitionPublishInput, request.body);
      const detail = await transaction(db, async (client) => {
        const actor = actorOf(request);
        const locked = await lockDefinition(client, id, actor.locationId, version);
        await activate(client, await getDefinition(client, id, actor.locationId));
        await bumpDefinition(client, id, `, status = 'active'`);
        await audit(client, actor, {
          entity: 'tour_definition',
          entityId: id,
          action: 'published',
          data: { old: { status: locked.status }, new: { status: 'active' } },
        });
        return getDefinition(client, id, actor.locationId);
      });
      return { data: detail };
    },
  );

  app.post('/api/nine/tours/definitions/:id/status', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(tourDefinitionStatusInput, request.body);
    const detail = await transaction(db, async (client) => {
      const actor = actorOf(request);
      const locked = await lockDefinition(client, id, actor.locationId, input.version);
      // Leaving draft is publishing: every step must hold, whichever status is asked.
      if (input.status === 'active' || locked.status === 'draft') {
        await activate(client, await getDefinition(client, id, actor.locationId));
      }
      await bumpDefinition(client, id, ', status = $2::tour_definition_status', [input.status]);
      await audit(client, actor, {
        entity: 'tour_definition',
        entityId: id,
        action: 'status',
        data: { old: { status: locked.status }, new: { status: input.status } },
      });
      return getDefinition(client, id, actor.locationId);
    });
    return { data: detail };
  });

  app.delete('/api/nine/tours/definitions/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(tourDefinitionDeleteQuery, request.query);
    const files = await transaction(db, async (client) => {
      const actor = actorOf(request);
      const locked = await lockDefinition(client, id, actor.locationId, version);
      const events = await rows(client, 'SELECT 1 FROM tour_events WHERE definition_id = $1 LIMIT 1', [id]);
      if (locked.status !== 'draft' || events.length) throw new AppError('definitionInUse');
      const before = await getDefinition(client, id, actor.locationId);
      const images = await rows<{ stored_name: string; thumb_name: string }>(
        client,
        'SELECT stored_name, thumb_name FROM tour_definition_images WHERE definition_id = $1',
        [id],
      );
      await exec(client, 'DELETE FROM tour_definitions WHERE id = $1', [id]);
      // The whole draft as it was (every step, image names), so a deletion can be looked into.
      const { created_at: _c, updated_at: _u, description_html: _h, ...deleted } = before;
      await audit(client, actor, {
        entity: 'tour_definition',
        entityId: id,
        action: 'deleted',
        data: { old: deleted },
      });
      return images.flatMap((i) => [i.stored_name, i.thumb_name]);
    });
    // Removed once the rows are gone for good.
    await Promise.all(files.map((f) => rm(join(deps.imagesDir, f), { force: true })));
    return { data: { id } };
  });
}
