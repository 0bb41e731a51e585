import type { TourPlace, tourPlaceInput } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourPlacesKey } from './get-tour-places.ts';

export type TourPlaceValues = NonNullable<(typeof tourPlaceInput)['~standard']['types']>['output'];

/** POST /api/nine/tours/places, or PATCH /api/nine/tours/places/:id with the version read. */
export function saveTourPlace(
  target: { id: number; version: number } | null,
  body: TourPlaceValues,
): Promise<TourPlace> {
  return target
    ? quietApi.patch<TourPlace>(`nine/tours/places/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<TourPlace>('nine/tours/places', { json: body });
}

export function useSaveTourPlace() {
  return useInvalidatingMutation(
    (vars: { target: { id: number; version: number } | null; body: TourPlaceValues }) =>
      saveTourPlace(vars.target, vars.body),
    [tourPlacesKey],
  );
}
