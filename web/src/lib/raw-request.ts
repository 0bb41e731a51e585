import { API_BASE } from '@nine/shared/constants';
import { ApiError, messageOf, toApiError } from './api-client.ts';
import { currentLanguage } from './i18n.ts';

export interface RawRequestAuth {
  token: string;
  /** Sent as `location-id` for a location's data. */
  locationId?: number;
}

/**
 * A plain fetch of `/api/<path>` with the session's bearer token, for what the JSON client cannot carry (a
 * file download, a multipart upload). A failure becomes the same typed `ApiError`, with `fallbackMessage`
 * when the server said nothing.
 */
export async function rawRequest(
  path: string,
  auth: RawRequestAuth,
  fallbackMessage: string,
  init: RequestInit = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${auth.token}`,
        ...(auth.locationId === undefined ? {} : { 'location-id': String(auth.locationId) }),
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
      message: messageOf(body) ?? fallbackMessage,
      data: record.data,
    });
  }
  return response;
}
