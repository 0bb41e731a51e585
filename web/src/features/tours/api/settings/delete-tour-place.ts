import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourPlacesKey } from './get-tour-places.ts';

/** DELETE /api/nine/tours/places/:id at the version shown; one in use is refused (409 tourPlaceInUse, a toast). */
export function deleteTourPlace({ id, version }: { id: number; version: number }): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/tours/places/${id}`, { searchParams: { version } });
}

export function useDeleteTourPlace() {
  return useInvalidatingMutation(deleteTourPlace, [tourPlacesKey]);
}
