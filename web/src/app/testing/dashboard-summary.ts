import type { DashboardSummary } from '@nine/shared/schemas/dashboard';

/** GET dashboard/summary's `data` at `location`, with figures large enough to show digit grouping. */
export const busySummary = (location: DashboardSummary['location']): DashboardSummary => ({
  location,
  date: '2026-03-02',
  departures_today: 12,
  returns_due_today: 9,
  overdue: 4,
  open_sale_orders: 7,
  orders_created_today: 1234,
  revenue_today_minor: 1234567,
  currency_symbol: '$',
});
