import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import { API_BASE, API_TIMEOUT_MS, LOCATION_HEADER } from '@nine/shared/constants';
import { isErrorEnvelope } from '@nine/shared/errors';
import { currentLanguage, i18n } from './i18n.ts';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

/** Every failed call surfaces as this: the server's envelope when there is one, else a translated fallback. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The catalogue code of the envelope (`resp_code`), or null when the server sent none. */
  readonly respCode: number | null;
  readonly data: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    respCode?: number | null;
    data?: unknown;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.respCode = init.respCode ?? null;
    this.data = init.data;
  }

  /** The envelope's `resp_message` (already translated by the server) or the fallback text. */
  get respMessage(): string {
    return this.message;
  }
}

/** What the client needs from the session; the app connects it, so lib/ never imports a feature. */
export interface SessionBridge {
  token(): string | null;
  locationId(): number | null;
  onUnauthorized(): void;
}

const disconnected: SessionBridge = { token: () => null, locationId: () => null, onUnauthorized: () => {} };
let bridge: SessionBridge = disconnected;

export function connectSession(next: SessionBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = disconnected;
  };
}

const http = ky.create({
  prefixUrl: API_BASE,
  timeout: API_TIMEOUT_MS,
  // Retrying is TanStack Query's job; a POST must never be replayed behind the user's back.
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = bridge.token();
        if (token !== null && !request.headers.has('authorization')) {
          request.headers.set('authorization', `Bearer ${token}`);
        }
        const locationId = bridge.locationId();
        if (locationId !== null && !request.headers.has(LOCATION_HEADER)) {
          request.headers.set(LOCATION_HEADER, String(locationId));
        }
        // The server translates resp_message into this language.
        request.headers.set('accept-language', currentLanguage());
      },
    ],
  },
});

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const status = error.response.status;
    if (status === 401) bridge.onUnauthorized();
    const body: unknown = await error.response.json().catch(() => undefined);
    if (isErrorEnvelope(body)) {
      return new ApiError({
        kind: 'http',
        status,
        respCode: body.resp_code,
        message: body.resp_message,
        data: body.data,
      });
    }
    return new ApiError({ kind: 'http', status, message: i18n.t('errors:internal') });
  }
  if (error instanceof TimeoutError) {
    return new ApiError({ kind: 'timeout', status: 0, message: i18n.t('common:errors.timeout') });
  }
  return new ApiError({ kind: 'network', status: 0, message: i18n.t('common:errors.network') });
}

export type RequestOptions = Pick<Options, 'json' | 'searchParams' | 'headers' | 'signal'>;

async function request<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let body: unknown;
  try {
    body = await http(path, { ...options, method }).json();
  } catch (error) {
    // A cancelled query must stay a cancellation, not become a user-facing error.
    if (options.signal?.aborted) throw error;
    throw await toApiError(error);
  }
  if (typeof body === 'object' && body !== null && 'data' in body) return body.data as T;
  throw new ApiError({ kind: 'invalid-response', status: 200, message: i18n.t('errors:internal') });
}

/** Calls /api/<path> (no leading slash) and returns the unwrapped `data`. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('get', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('post', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('put', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('patch', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('delete', path, options),
};

/** For callers that got a non-ApiError (a schema mismatch, say) and must still show something. */
export function invalidResponse(): ApiError {
  return new ApiError({ kind: 'invalid-response', status: 200, message: i18n.t('errors:internal') });
}
