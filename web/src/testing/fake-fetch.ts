import { vi } from 'vitest';

/** A JSON answer as the server sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs `fetch` with `answer`; the returned list records a copy of each request the app sent, so a test
 * can read its URL, headers and body afterwards. Undo with `vi.unstubAllGlobals()`.
 */
export function stubFetch(answer: (request: Request, url: URL) => Response | Promise<Response>): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request.clone());
      return answer(request, new URL(request.url));
    }),
  );
  return requests;
}
