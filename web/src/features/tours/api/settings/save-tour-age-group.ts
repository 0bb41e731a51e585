import type { TourAgeGroup, tourAgeGroupInput } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourAgeGroupsKey } from './get-tour-age-groups.ts';

export type TourAgeGroupValues = NonNullable<(typeof tourAgeGroupInput)['~standard']['types']>['output'];

/** POST /api/nine/tours/age-groups, or PATCH /api/nine/tours/age-groups/:id with the version read. */
export function saveTourAgeGroup(
  target: { id: number; version: number } | null,
  body: TourAgeGroupValues,
): Promise<TourAgeGroup> {
  return target
    ? quietApi.patch<TourAgeGroup>(`nine/tours/age-groups/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<TourAgeGroup>('nine/tours/age-groups', { json: body });
}

export function useSaveTourAgeGroup() {
  return useInvalidatingMutation(
    (vars: { target: { id: number; version: number } | null; body: TourAgeGroupValues }) =>
      saveTourAgeGroup(vars.target, vars.body),
    [tourAgeGroupsKey],
  );
}
