import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  connectFailureHandler,
  connectSession,
  firstNestedMessage,
  messageOf,
  quietApi,
} from './api-client.ts';
import { initI18n, setLanguage } from './i18n.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let requests: Request[];
let answer: () => Response;
let handled: ApiError[];
let disconnect: Array<() => void>;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await setLanguage('en-US', { persist: false });
  requests = [];
  handled = [];
  answer = () => json(200, { data: { ok: true } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      return answer();
    }),
  );
  disconnect = [
    connectSession({ token: () => 'tok-1', locationId: () => 3 }),
    connectFailureHandler((error) => handled.push(error)),
  ];
});
afterEach(() => {
  for (const d of disconnect) d();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer token, the location and the language, and unwraps data', async () => {
    await expect(api.get('nine/general-settings')).resolves.toEqual({ ok: true });
    const [request] = requests;
    expect(new URL(request!.url).pathname).toBe('/api/nine/general-settings');
    expect(request!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(request!.headers.get('location-id')).toBe('3');
    expect(request!.headers.get('accept-language')).toBe('en-US');
  });

  it('turns an envelope into an ApiError, runs the default handling, then re-raises', async () => {
    answer = () =>
      json(403, { resp_code: 1003, resp_message: 'You do not have permission to do this.', data: { a: 1 } });
    const error = await api.post('nine/set-as-kiosk', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      respCode: 1003,
      message: 'You do not have permission to do this.',
      data: { a: 1 },
    });
    expect(handled).toEqual([error]);
  });

  it('the second client raises the same error without any automatic handling', async () => {
    answer = () => json(401, { resp_code: 1010, resp_message: 'The e-mail or password is not correct.' });
    const error = await quietApi.post('nine/user/login', { json: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, respCode: 1010 });
    expect(handled).toEqual([]);
  });

  it('falls back to message, then to the first nested message in data, then to the 500 text', async () => {
    answer = () => json(400, { message: 'Plain message' });
    await expect(api.get('x')).rejects.toMatchObject({ message: 'Plain message', respCode: null });
    answer = () => json(400, { data: { errors: [{ field: 'email', message: 'Nested message' }] } });
    await expect(api.get('x')).rejects.toMatchObject({ message: 'Nested message' });
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(api.get('x')).rejects.toMatchObject({
      status: 502,
      message: 'There appears to be problem fetching data.',
    });
  });

  it('a body without data is an invalid response', async () => {
    answer = () => json(200, { nothing: true });
    await expect(api.get('x')).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(handled).toHaveLength(1);
  });
});

describe('message extraction', () => {
  it('prefers resp_message, then message, then a nested one', () => {
    expect(messageOf({ resp_message: 'A', message: 'B' })).toBe('A');
    expect(messageOf({ resp_message: '', message: 'B' })).toBe('B');
    expect(messageOf({ data: [{ x: 1 }, { inner: { resp_message: 'C' } }] })).toBe('C');
    expect(messageOf('text')).toBeNull();
    expect(firstNestedMessage({ a: { b: { message: 'deep' } } })).toBe('deep');
    expect(firstNestedMessage([1, 'two', null])).toBeNull();
  });
});
