import type { FastifyInstance } from 'fastify';
import { registerEventCancelWithReservations } from './event-cancel-reservations.ts';
import type { TourDeps } from './register-tours.ts';
import { registerReservationCancelRoutes } from './reservation-cancel-routes.ts';
import { registerReservationMove } from './reservation-move.ts';
import { registerWaitlistRoutes } from './waitlist-routes.ts';

/** Changing tour reservations (issue #20): move, cancel with fee, the waiting list, cancelling a departure. */
export function registerReservationChanges(app: FastifyInstance, deps: TourDeps): void {
  registerReservationMove(app, deps);
  registerReservationCancelRoutes(app, deps);
  registerWaitlistRoutes(app, deps);
  registerEventCancelWithReservations(app, deps);
}
