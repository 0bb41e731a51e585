import { errorCatalogue } from '@nine/shared/errors';
import { ApiError } from '../../../lib/api-client.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True when a booking was refused because the event has too few free seats (1207 with `seats_free`), the one refusal a waitlist answers; short equipment is not.
 */
export function isEventFull(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.respCode !== errorCatalogue.itemsUnavailable.code) return false;
  const data = error.data;
  const records = Array.isArray(data)
    ? data
    : isRecord(data)
      ? Object.values(data).flatMap((value) => (Array.isArray(value) ? value : []))
      : [];
  // The server names free seats on the seat line only; equipment lines never carry `seats_free`.
  return records.some((record) => isRecord(record) && typeof record.seats_free === 'number');
}
