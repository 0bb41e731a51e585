import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourDefinitionsKey } from './list-tour-definitions.ts';

/** DELETE /api/nine/tours/definitions/:id?version=: a draft without events only (409 definitionInUse). */
export function deleteTourDefinition({
  id,
  version,
}: {
  id: number;
  version: number;
}): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/tours/definitions/${id}`, { searchParams: { version } });
}

export function useDeleteTourDefinition() {
  return useInvalidatingMutation(deleteTourDefinition, [tourDefinitionsKey]);
}
