import { vi } from 'vitest';

/*
 * The network edge of web tests: fetch() stubbed with answers by route, so everything between the screen
 * and fetch() stays real. Tests undo it with vi.unstubAllGlobals().
 */

/** A JSON answer as the server sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the server answers for a route it does not have. */
export const notFoundResponse = (message = 'Not found') =>
  jsonResponse(404, { resp_code: 1004, resp_message: message });

export interface ApiCall {
  method: string;
  /** Without the /api/ prefix, with the query string: "nine/users?page=1". */
  path: string;
  /** The parsed JSON body, undefined without one. */
  body: unknown;
}

export type ApiAnswer = (body: unknown) => Response | Promise<Response>;

/**
 * Answers by "METHOD path", the path without /api/ and without the query ("GET nine/users"); anything else
 * gets a 404. Returns every call made, in order, with its parsed body.
 */
export function stubApi(answers: Record<string, ApiAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\//, '');
      const text = await request.text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      calls.push({ method: request.method, path: `${path}${url.search}`, body });
      const answer = answers[`${request.method} ${path}`];
      return answer === undefined ? notFoundResponse() : answer(body);
    }),
  );
  return calls;
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * Answers by "METHOD /full/pathname" ("POST /api/nine/user/login"), or by what `route` picks for a path
 * no key names (one with an id in it); anything else gets a 404 with `notFoundMessage`. Returns a copy of
 * every request, in order, for `requestsTo`.
 */
export function stubFetch(
  routes: Record<string, FetchHandler>,
  options: { notFoundMessage?: string; route?: (method: string, url: URL) => FetchHandler | undefined } = {},
): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request.clone());
      const url = new URL(request.url);
      const handler = routes[`${request.method} ${url.pathname}`] ?? options.route?.(request.method, url);
      return handler ? handler(request) : notFoundResponse(options.notFoundMessage);
    }),
  );
  return requests;
}

/** The recorded requests to one route. */
export const requestsTo = (requests: readonly Request[], method: string, path: string) =>
  requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
