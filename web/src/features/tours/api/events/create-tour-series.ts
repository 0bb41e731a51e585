import type { TourSeriesCreate, TourSeriesResult } from '@nine/shared/schemas/tours/events';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/event-series: makes the schedule's events; answers the equipment short per day. */
export function createTourSeries(body: TourSeriesCreate): Promise<TourSeriesResult> {
  return quietApi.post<TourSeriesResult>('nine/tours/event-series', { json: body });
}

export function useCreateTourSeries() {
  return useInvalidatingMutation(createTourSeries, [['tours', 'events']]);
}
