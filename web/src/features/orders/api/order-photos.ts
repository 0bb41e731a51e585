import { i18n } from '../../../lib/i18n.ts';
import { rawRequest } from '../../../lib/raw-request.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';
import type { OrderDetail } from './get-order.ts';

export interface PhotoAuth {
  token: string;
  locationId: number;
}

// Files do not fit the JSON client: plain fetches with the same bearer token and location, failing alike.
const call = (path: string, auth: PhotoAuth, init: RequestInit = {}) =>
  rawRequest(path, auth, i18n.t('errors:internal'), init);

/** POST …/:id/photos (multipart, one file); answers the order. */
export async function uploadOrderPhoto(
  kind: OrderKind,
  id: number,
  file: File,
  auth: PhotoAuth,
): Promise<OrderDetail> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await call(`${ORDER_API_PATH[kind]}/${id}/photos`, auth, { method: 'POST', body: form });
  return ((await response.json()) as { data: OrderDetail }).data;
}

/** GET …/:id/photos/:photoId as a blob, for an object URL (an <img> cannot send the bearer token). */
export async function fetchOrderPhoto(
  kind: OrderKind,
  id: number,
  photoId: number,
  auth: PhotoAuth,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await call(`${ORDER_API_PATH[kind]}/${id}/photos/${photoId}`, auth, { signal });
  return response.blob();
}

/** DELETE …/:id/photos/:photoId; answers the order. */
export async function deleteOrderPhoto(
  kind: OrderKind,
  id: number,
  photoId: number,
  auth: PhotoAuth,
): Promise<OrderDetail> {
  const response = await call(`${ORDER_API_PATH[kind]}/${id}/photos/${photoId}`, auth, { method: 'DELETE' });
  return ((await response.json()) as { data: OrderDetail }).data;
}
