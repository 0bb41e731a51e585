import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourAgeGroupsKey } from './get-tour-age-groups.ts';

/** DELETE /api/nine/tours/age-groups/:id at the version shown; one in use is refused (409, a toast). */
export function deleteTourAgeGroup({
  id,
  version,
}: {
  id: number;
  version: number;
}): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/tours/age-groups/${id}`, { searchParams: { version } });
}

export function useDeleteTourAgeGroup() {
  return useInvalidatingMutation(deleteTourAgeGroup, [tourAgeGroupsKey]);
}
