import type { LeaderEventsQuery } from '@nine/shared/schemas/tours/leaders';
import type { LeaderEventPage } from '@nine/shared/schemas/tours/leader-contracts';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';
import { pageQueryOptions } from '../../../../lib/page-query.ts';

export type LeaderEventsParams = Partial<LeaderEventsQuery>;

/** GET /api/nine/tours/leaders/:id/events: the departures the leader is assigned to here, latest first. */
export const leaderEventsQueryOptions = (locationId: number, id: number, params: LeaderEventsParams) =>
  pageQueryOptions(['tours', 'leaders', 'events', locationId, id, params] as const, (signal) =>
    getWithParams<LeaderEventsParams, LeaderEventPage>(`nine/tours/leaders/${id}/events`)(params, { signal }),
  );

export function useLeaderEvents(locationId: number | null, id: number, params: LeaderEventsParams) {
  return useLocationQuery(locationId, (location) => leaderEventsQueryOptions(location, id, params));
}
