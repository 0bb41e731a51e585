import type { FastifyInstance } from 'fastify';
import { definitionQuestionsUpdate } from '@nine/shared/schemas/tours/participants';
import { exec } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { bumpDefinition, lockDefinition, TOUR_MANAGE } from './definition-queries.ts';
import { questionsOf } from './participant-service.ts';
import type { TourDeps } from './register-tours.ts';

/**
 * The questions a tour asks every participant (issue #20), edited with the description step: the whole list is
 * replaced at once, in order, under the definition's lock and version. Answers already given keep their
 * question ids (a relabelled question sent with its id keeps it); an answer whose question is gone is no longer
 * shown or checked, and is dropped when the participant is next edited.
 */
export function registerDefinitionQuestionRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;

  app.put(
    '/api/nine/tours/definitions/:id/questions',
    { config: { access: TOUR_MANAGE } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const { questions, version } = parse(definitionQuestionsUpdate, request.body);
      const actor = actorOf(request);
      const data = await transaction(db, async (client) => {
        await lockDefinition(client, id, actor.locationId, version);
        const before = await questionsOf(client, id);
        // A question keeps its row (and so the id its answers are keyed by) when the editor names it by id with
        // the same kind (a relabel), or, unnamed, when a row has the same label and kind. A new kind is a new
        // question: answers of the old kind would not fit it.
        const byId = new Map(before.map((q) => [q.id, q]));
        const used = new Set<number>();
        const reuse: Array<number | null> = questions.map((q) => {
          const mine = q.id === undefined ? undefined : byId.get(q.id);
          if (!mine || mine.kind !== q.kind || used.has(mine.id)) return null;
          used.add(mine.id);
          return mine.id;
        });
        questions.forEach((q, i) => {
          if (q.id !== undefined) return;
          const same = before.find((b) => !used.has(b.id) && b.kind === q.kind && b.label === q.label);
          if (same) {
            used.add(same.id);
            reuse[i] = same.id;
          }
        });
        await exec(
          client,
          'DELETE FROM tour_definition_questions WHERE definition_id = $1 AND NOT (id = ANY($2::int[]))',
          [id, [...used]],
        );
        for (const [i, q] of questions.entries()) {
          const options = q.options === null ? null : JSON.stringify(q.options);
          const existing = reuse[i];
          if (existing !== null && existing !== undefined)
            await exec(
              client,
              `UPDATE tour_definition_questions SET label = $2, options = $3::jsonb, required = $4, position = $5
               WHERE id = $1`,
              [existing, q.label, options, q.required, i],
            );
          else
            await exec(
              client,
              `INSERT INTO tour_definition_questions (definition_id, label, kind, options, required, position)
               VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
              [id, q.label, q.kind, options, q.required, i],
            );
        }
        const newVersion = await bumpDefinition(client, id);
        const after = await questionsOf(client, id);
        await audit(client, actor, {
          entity: 'tour_definition',
          entityId: id,
          action: 'questions',
          data: { old: before, new: after },
        });
        return { questions: after, version: newVersion };
      });
      return { data };
    },
  );
}
