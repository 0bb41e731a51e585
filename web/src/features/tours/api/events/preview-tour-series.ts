import type { TourSeriesCreate, TourSeriesPreview } from '@nine/shared/schemas/tours/events';
import { quietApi } from '../../../../lib/api-client.ts';

/** POST /api/nine/tours/event-series/preview: the days a schedule would make; nothing is saved. */
export function previewTourSeries(body: TourSeriesCreate): Promise<TourSeriesPreview> {
  return quietApi.post<TourSeriesPreview>('nine/tours/event-series/preview', { json: body });
}
