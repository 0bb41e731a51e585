import type { BusinessLine, BusinessLineUpdate, ProductLine } from '@nine/shared/schemas/product-lines';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/settings/business-lines/:line (business-wide); quiet: the form shows its own failures. */
export function updateBusinessLine({
  line,
  ...body
}: BusinessLineUpdate & { line: ProductLine }): Promise<BusinessLine> {
  return quietApi.put<BusinessLine>(`nine/settings/business-lines/${line}`, { json: body });
}

export function useUpdateBusinessLine() {
  // The defaults reach the locations' rows: their line and activity views change too.
  return useInvalidatingMutation(
    updateBusinessLine,
    [['business-line'], ['location-line'], ['activity-settings'], ['general-settings']],
    { awaitRefetch: true },
  );
}
