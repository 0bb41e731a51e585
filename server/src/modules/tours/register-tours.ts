import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import type { AccessKeys } from '../auth/access-keys.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { MoneyService } from '../money/money-service.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { Translate } from '../../lib/translator.ts';
import { registerTourAgeGroupRoutes } from './tour-age-group-routes.ts';
import { registerTourGroupRoutes } from './tour-group-routes.ts';
import { registerTourPlaceRoutes } from './tour-place-routes.ts';
import { registerTourSettingsRoutes } from './tour-settings-routes.ts';
import { registerTourTermsRoutes } from './tour-terms-routes.ts';
import { registerDefinitionImageRoutes } from './definition-image-routes.ts';
import { registerDefinitionList } from './definition-list.ts';
import { registerDefinitionRoutes } from './definition-routes.ts';
import { registerTourEvents } from './event-routes.ts';
import { registerLeaderDaysOffRoutes } from './leader-days-off-routes.ts';
import { registerLeaderRoutes } from './leader-routes.ts';
import { registerLeaderSkillRoutes } from './leader-skill-routes.ts';
import { registerParticipantRoutes } from './participant-routes.ts';
import { registerWaiverRoutes } from './waiver-routes.ts';
import { registerDefinitionQuestionRoutes } from './definition-questions-routes.ts';
import { registerReservations } from './reservation-register.ts';
import { registerReservationChanges } from './reservation-change-register.ts';

export interface TourDeps {
  db: Db;
  auth: AuthService;
  /** Where gallery images and their thumbnails are kept (DATA_DIR/tour-images). */
  imagesDir: string;
  now?: () => Date;
  /** Reservations (#20) are orders: created, moved and cancelled through the order and money services. */
  orders: OrderService;
  money: MoneyService;
  /** Approvals by access key (waiving a cancellation fee without tour:manage). */
  accessKeys?: AccessKeys;
  /** Where the app is reached from outside (config.publicUrl): share links point there. */
  publicUrl?: string;
  /** Server-side strings (waiver PDF labels, the consent sentence a waiver records). */
  translate?: Translate;
}

/**
 * Tours: settings, leaders, definitions and their gallery, events and series (#19); reservations, participants and
 * waivers (#20).
 */
export function registerTours(app: FastifyInstance, deps: TourDeps): void {
  // Definitions first: the access test publishes one before the age-group sample adds a group it has no price for.
  registerDefinitionList(app, deps);
  registerDefinitionRoutes(app, deps);
  registerDefinitionImageRoutes(app, deps);
  registerTourSettingsRoutes(app, deps);
  registerTourPlaceRoutes(app, deps);
  registerTourGroupRoutes(app, deps);
  registerTourAgeGroupRoutes(app, deps);
  registerTourTermsRoutes(app, deps);
  registerLeaderRoutes(app, deps);
  registerLeaderSkillRoutes(app, deps);
  registerLeaderDaysOffRoutes(app, deps);
  registerTourEvents(app, deps);
  // #20: reservations, participants, waivers
  registerParticipantRoutes(app, deps);
  registerWaiverRoutes(app, deps);
  registerDefinitionQuestionRoutes(app, deps);
  registerReservations(app, deps);
  registerReservationChanges(app, deps);
}
