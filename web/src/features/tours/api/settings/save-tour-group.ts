import type { TourGroup, tourGroupInput } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourGroupsKey } from './get-tour-groups.ts';

export type TourGroupValues = NonNullable<(typeof tourGroupInput)['~standard']['types']>['output'];

/** POST /api/nine/tours/groups, or PATCH /api/nine/tours/groups/:id with the version read. */
export function saveTourGroup(
  target: { id: number; version: number } | null,
  body: TourGroupValues,
): Promise<TourGroup> {
  return target
    ? quietApi.patch<TourGroup>(`nine/tours/groups/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<TourGroup>('nine/tours/groups', { json: body });
}

export function useSaveTourGroup() {
  return useInvalidatingMutation(
    (vars: { target: { id: number; version: number } | null; body: TourGroupValues }) =>
      saveTourGroup(vars.target, vars.body),
    [tourGroupsKey],
  );
}
