import { z } from 'zod';

/** Today's figures for one location, as GET /api/nine/dashboard/summary answers them. */
export const dashboardSummary = z.object({
  location: z.object({ id: z.number(), name: z.string() }),
  /** The location's today, YYYY-MM-DD. */
  date: z.string(),
  departures_today: z.number().int(),
  returns_due_today: z.number().int(),
  overdue: z.number().int(),
  open_sale_orders: z.number().int(),
  orders_created_today: z.number().int(),
  revenue_today_minor: z.number().int(),
  currency_symbol: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
