import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import {
  API_BASE,
  API_TIMEOUT_MS,
  IDEMPOTENCY_HEADER,
  LOCATION_HEADER,
  SETTINGS_REVISION_HEADER,
} from '@nine/shared/constants';
import { currentLanguage, i18n } from './i18n.ts';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

/** Every failed call surfaces as this: what the server said when it said something, else a translated fallback. */
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

  /** The message to show: resp_message (translated by the server), else message, else a nested one. */
  get respMessage(): string {
    return this.message;
  }
}

/** What the client needs from the session; the app connects it, so lib/ never imports a feature. */
export interface SessionBridge {
  token(): string | null;
  locationId(): number | null;
}

const disconnected: SessionBridge = { token: () => null, locationId: () => null };
let bridge: SessionBridge = disconnected;

export function connectSession(next: SessionBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = disconnected;
  };
}

/** Runs on every failure of the main client (spec section 8); the app connects the real one. */
export type FailureHandler = (error: ApiError) => void;
const ignoreFailure: FailureHandler = () => {};
let failureHandler: FailureHandler = ignoreFailure;

export function connectFailureHandler(next: FailureHandler): () => void {
  failureHandler = next;
  return () => {
    if (failureHandler === next) failureHandler = ignoreFailure;
  };
}

/** Hears the business's settings revision on every answer that carries it; the app connects the real one. */
export type RevisionListener = (revision: number) => void;
let revisionListener: RevisionListener | null = null;

export function connectSettingsRevision(next: RevisionListener): () => void {
  revisionListener = next;
  return () => {
    if (revisionListener === next) revisionListener = null;
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
    afterResponse: [
      (_request, _options, response) => {
        const revision = Number(response.headers.get(SETTINGS_REVISION_HEADER) ?? Number.NaN);
        if (Number.isSafeInteger(revision)) revisionListener?.(revision);
      },
    ],
  },
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The first resp_message or message found anywhere inside data (field errors, nested envelopes). */
export function firstNestedMessage(value: unknown, depth = 0): string | null {
  if (depth > 8) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstNestedMessage(item, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isRecord(value)) return null;
  if (nonEmpty(value.resp_message)) return value.resp_message;
  if (nonEmpty(value.message)) return value.message;
  for (const nested of Object.values(value)) {
    const found = firstNestedMessage(nested, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Spec section 8: resp_message, else message, else the first nested message in data. */
export function messageOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (nonEmpty(body.resp_message)) return body.resp_message;
  if (nonEmpty(body.message)) return body.message;
  return firstNestedMessage(body.data);
}

export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const body: unknown = await error.response.json().catch(() => undefined);
    return new ApiError({
      kind: 'http',
      status,
      respCode: isRecord(body) && typeof body.resp_code === 'number' ? body.resp_code : null,
      message: messageOf(body) ?? i18n.t('errors:internal'),
      data: isRecord(body) ? body.data : undefined,
    });
  }
  if (error instanceof TimeoutError) {
    return new ApiError({ kind: 'timeout', status: 0, message: i18n.t('common:errors.timeout') });
  }
  return new ApiError({ kind: 'network', status: 0, message: i18n.t('common:errors.network') });
}

/** A list call's query string: only the params that are set; option lists travel as comma lists (f_status=a,b). */
export function queryParams(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

// body: multipart uploads (FormData); ky sets the boundary header itself.
export type RequestOptions = Pick<Options, 'json' | 'searchParams' | 'headers' | 'signal' | 'body'>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An idempotent POST's options: one key per attempt, resent on a retry, so the server applies it once. */
export const idempotent = (json: unknown, idempotencyKey: string): RequestOptions => ({
  json,
  headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
});

async function request<T>(
  handled: boolean,
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let body: unknown;
  try {
    body = await http(path, { ...options, method }).json();
  } catch (error) {
    // A cancelled query must stay a cancellation, not become a user-facing error.
    if (options.signal?.aborted) throw error;
    const apiError = await toApiError(error);
    if (handled) failureHandler(apiError);
    throw apiError;
  }
  if (isRecord(body) && 'data' in body) return body.data as T;
  const invalid = invalidResponse();
  if (handled) failureHandler(invalid);
  throw invalid;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function createClient(handled: boolean): ApiClient {
  return {
    get: (path, options) => request(handled, 'get', path, options),
    post: (path, options) => request(handled, 'post', path, options),
    put: (path, options) => request(handled, 'put', path, options),
    patch: (path, options) => request(handled, 'patch', path, options),
    delete: (path, options) => request(handled, 'delete', path, options),
  };
}

/** Calls /api/<path> (no leading slash) and returns the unwrapped `data`; failures get the default handling. */
export const api = createClient(true);

/**
 * The second client (spec section 7): same headers, no automatic handling. For screens that show the
 * failure themselves, such as the sign-in forms, where a toast or a 401 redirect would be wrong.
 */
export const quietApi = createClient(false);

/** For callers that got a non-ApiError (a schema mismatch, say) and must still show something. */
export function invalidResponse(): ApiError {
  return new ApiError({ kind: 'invalid-response', status: 200, message: i18n.t('errors:internal') });
}

/** The endpoint function of a GET whose query string is its params, as lists and reports take them. */
export function getWithParams<P extends object, T>(path: string) {
  return (params: P, { signal }: { signal?: AbortSignal } = {}): Promise<T> =>
    api.get<T>(path, { searchParams: queryParams(params), signal });
}
