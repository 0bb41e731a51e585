import { API_BASE } from '@nine/shared/constants';
import { ApiError, messageOf, toApiError } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';
import type { OrderDetail } from './get-order.ts';

export interface PhotoAuth {
  token: string;
  locationId: number;
}

/**
 * Files do not fit the JSON client, so these are plain fetches with the same bearer token and
 * location; failures become the same typed errors.
 */
async function call(path: string, auth: PhotoAuth, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${auth.token}`,
        'location-id': String(auth.locationId),
        'accept-language': currentLanguage(),
      },
    });
  } catch (error) {
    throw await toApiError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    throw new ApiError({
      kind: 'http',
      status: response.status,
      respCode: typeof record.resp_code === 'number' ? record.resp_code : null,
      message: messageOf(body) ?? i18n.t('errors:internal'),
      data: record.data,
    });
  }
  return response;
}

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
