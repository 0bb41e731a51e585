import type { FastifyInstance } from 'fastify';
import { tourEquipmentCheckQuery, type TourEventEquipment } from '@nine/shared/schemas/tours/events';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { EVENT_READ, type TourEventService } from './event-service.ts';
import type { TourDeps } from './register-tours.ts';

/**
 * The equipment an event of a definition would need, before it is made (the New event dialog shows the
 * shortfall): the same worst case as an event's, for [starts_at, starts_at + duration) at the location.
 */
export function registerTourEquipmentCheck(
  app: FastifyInstance,
  deps: TourDeps,
  events: TourEventService,
): void {
  app.get(
    '/api/nine/tours/definitions/:id/equipment-check',
    { config: { access: EVENT_READ } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const q = parse(tourEquipmentCheckQuery, request.query);
      const actor = actorOf(request);
      const data = await transaction(
        deps.db,
        async (client) => {
          const definition = await events.definitionFor(client, id, actor.locationId, { lock: false });
          const startsAt = new Date(q.starts_at);
          const result: TourEventEquipment = {
            lines: await events.equipmentLines(client, {
              definition_id: definition.id,
              location_id: actor.locationId,
              capacity: q.capacity ?? definition.capacity,
              starts_at: startsAt,
              ends_at: new Date(startsAt.getTime() + definition.duration_minutes * 60_000),
            }),
          };
          return result;
        },
        { readOnly: true },
      );
      return { data };
    },
  );
}
