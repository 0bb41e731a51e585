import { describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../testing/i18n-suite.ts';
import { ApiError } from './api-client.ts';
import { rawRequest } from './raw-request.ts';

setUpTranslatedSuite();

// A plain fetch(url, init), not a Request: record both.
function answer(response: () => Response) {
  const sent: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, headers: new Headers(init?.headers) });
      return response();
    }),
  );
  return sent;
}

describe('rawRequest', () => {
  it('sends the bearer token, the location and the language, and answers the response as it came', async () => {
    const requests = answer(() => new Response('a,b\n', { headers: { 'content-type': 'text/csv' } }));
    const response = await rawRequest('nine/files/1', { token: 'tok', locationId: 4 }, 'Failed');
    expect(await response.text()).toBe('a,b\n');
    const [sent] = requests;
    expect(sent!.url).toBe('/api/nine/files/1');
    expect(sent!.headers.get('authorization')).toBe('Bearer tok');
    expect(sent!.headers.get('location-id')).toBe('4');
    expect(sent!.headers.get('accept-language')).toBe('en-US');
  });

  it('turns a refusal into a typed error with the server’s message and data, else the fallback', async () => {
    answer(() => json(409, { resp_code: 1300, resp_message: 'Taken', data: { id: 3 } }));
    const refused = await rawRequest('nine/x', { token: 't' }, 'Failed').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, respCode: 1300, message: 'Taken', data: { id: 3 } });

    const requests = answer(() => new Response('oops', { status: 500 }));
    const failed = await rawRequest('nine/x', { token: 't' }, 'Failed').catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 500, respCode: null, message: 'Failed' });
    expect(requests[0]!.headers.has('location-id')).toBe(false);
  });
});
