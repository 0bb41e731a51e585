import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import type { AccessKeys } from '../auth/access-keys.ts';
import { registerBarcodeRoutes } from './barcode-routes.ts';
import { registerCalendarRoutes } from './calendar-routes.ts';
import { registerMaintenanceRoutes } from './maintenance-routes.ts';
import { registerRepairRoutes } from './repair-routes.ts';
import { registerStockReportRoutes } from './report-routes.ts';
import { registerStocktakeRoutes } from './stocktake-routes.ts';

/** Barcodes, availability calendar, scheduled maintenance, repair logs and stocktakes (issue 7). */
export function registerStock(app: FastifyInstance, deps: { db: Db; accessKeys: AccessKeys }): void {
  registerBarcodeRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  registerMaintenanceRoutes(app, deps);
  registerRepairRoutes(app, deps);
  registerStocktakeRoutes(app, deps);
  registerStockReportRoutes(app, deps);
}
