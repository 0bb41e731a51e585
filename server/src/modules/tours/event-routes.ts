import type { FastifyInstance } from 'fastify';
import { registerTourEquipmentCheck } from './event-equipment-check.ts';
import { registerTourEventLeaders } from './event-leader-routes.ts';
import { registerTourEventReads } from './event-read-routes.ts';
import { registerTourEventSeries } from './event-series-routes.ts';
import { createTourEventService } from './event-service.ts';
import { registerTourEventWrites } from './event-write-routes.ts';
import type { TourDeps } from './register-tours.ts';

/** Tour events and series (issue #19): one service shared by the event route files. */
export function registerTourEvents(app: FastifyInstance, deps: TourDeps): void {
  const events = createTourEventService({ auth: deps.auth, now: deps.now });
  registerTourEventReads(app, deps, events);
  registerTourEventWrites(app, deps, events);
  registerTourEventLeaders(app, deps, events);
  registerTourEventSeries(app, deps, events);
  registerTourEquipmentCheck(app, deps, events);
}
