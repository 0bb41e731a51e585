import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourGroupsKey } from './get-tour-groups.ts';

/** DELETE /api/nine/tours/groups/:id at the version shown; one in use is refused (409, a toast). */
export function deleteTourGroup({ id, version }: { id: number; version: number }): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/tours/groups/${id}`, { searchParams: { version } });
}

export function useDeleteTourGroup() {
  return useInvalidatingMutation(deleteTourGroup, [tourGroupsKey]);
}
