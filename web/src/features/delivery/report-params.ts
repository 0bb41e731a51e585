import { deliveryStatuses } from '@nine/shared/schemas/delivery';
import type { DeliveryReportParams, DeliveryStatus, DeliveryType } from './api/get-delivery-report.ts';

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const isType = (value: string | null): value is DeliveryType => value === 'delivery' || value === 'pickup';
const isStatus = (value: string | null): value is DeliveryStatus =>
  value !== null && (deliveryStatuses as readonly string[]).includes(value);

/** The report's filters from a query string; a missing or wrong day is today. */
export function parseReportParams(search: string, today: string): DeliveryReportParams {
  const query = new URLSearchParams(search);
  const date = query.get('date');
  const type = query.get('type');
  const status = query.get('status');
  return {
    date: isDay(date) ? date : today,
    ...(isType(type) ? { type } : {}),
    ...(isStatus(status) ? { status } : {}),
  };
}

export function serializeReportParams(params: DeliveryReportParams): string {
  const query = new URLSearchParams({ date: params.date });
  if (params.type) query.set('type', params.type);
  if (params.status) query.set('status', params.status);
  return query.toString();
}
