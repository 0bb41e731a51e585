import { useMutation } from '@tanstack/react-query';
import type { PricePreview, PricePreviewRequest } from '@nine/shared/schemas/price-settings';
import { quietApi } from '../../../lib/api-client.ts';

export type { PricePreview } from '@nine/shared/schemas/price-settings';

/** POST /api/nine/price-preview: a product priced for a period; it saves nothing. */
export function previewPrice(body: PricePreviewRequest): Promise<PricePreview> {
  return quietApi.post<PricePreview>('nine/price-preview', { json: body });
}

// Reads only: nothing to invalidate.
export function usePricePreview() {
  return useMutation({ mutationFn: previewPrice });
}
