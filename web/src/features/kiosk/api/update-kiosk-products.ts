import type { KioskProductList, KioskProductsUpdate } from '@nine/shared/schemas/kiosk';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { kioskProductsQueryKey } from './get-kiosk-products.ts';

/** PUT /api/nine/kiosk/products (the whole list, in order); the editor shows its own failures. */
export function useUpdateKioskProducts() {
  return useInvalidatingMutation(
    (body: KioskProductsUpdate) => quietApi.put<KioskProductList>('nine/kiosk/products', { json: body }),
    [kioskProductsQueryKey],
  );
}
