import type { FastifyInstance } from 'fastify';
import { registerCheckinRoutes } from './checkin-routes.ts';
import { createTourEventService } from './event-service.ts';
import { registerReservationManifest } from './reservation-manifest-routes.ts';
import { registerReservationRoutes } from './reservation-routes.ts';
import { registerShareLinkRoutes } from './share-link-routes.ts';
import type { TourDeps } from './register-tours.ts';

/** Tour reservations (issue #20): booking, the list and detail, the manifest, share links and check-in. */
export function registerReservations(app: FastifyInstance, deps: TourDeps): void {
  // The events' own scope (a guide sees the departures they lead) applies to their reservations too.
  const events = createTourEventService({ auth: deps.auth, now: deps.now });
  registerReservationRoutes(app, deps, events);
  registerReservationManifest(app, deps, events);
  registerShareLinkRoutes(app, deps);
  registerCheckinRoutes(app, deps, events);
}
