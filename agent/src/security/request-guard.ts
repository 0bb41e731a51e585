import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A localhost agent is reachable from every page the cashier opens: a websocket is not covered by CORS, and
 * DNS rebinding lets a foreign page talk to 127.0.0.1 under its own host name. So every request must name a
 * loopback host, and a browser's Origin must be one of the back-office origins.
 */

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/** True when the Host header names the loopback interface: localhost, 127.0.0.1 or [::1], any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/** Canonical origins (`scheme://host[:port]`, no path, no trailing slash); throws on an invalid one. */
export function normalizeOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not a web origin: ${origin}`);
    return url.origin;
  });
}

export interface GuardPolicy {
  allowedOrigins: readonly string[];
  /** Paths that a browser must open with an allowed Origin (the websocket); elsewhere a missing Origin is fine. */
  originRequired: (path: string) => boolean;
  /**
   * Paths of the agent's own page. They answer the agent's own origin (`http://<Host>`) and no other, not even
   * the back office's: only a form on that page, where a person presses the button, may ask for a pairing code.
   * A navigation (GET, no Origin) opens the page; anything else must carry the agent's own origin.
   */
  ownPage?: (path: string) => boolean;
}

function deny(reply: FastifyReply, code: string, message: string) {
  return reply.code(403).send({ error: { code, message } });
}

/**
 * The onRequest hook of the main port. It runs before @fastify/websocket upgrades, so a refused websocket
 * never opens.
 */
export function createRequestGuard(policy: GuardPolicy) {
  const allowed = new Set(policy.allowedOrigins);
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (!isLoopbackHost(request.headers.host))
      return deny(reply, 'forbidden-host', 'the agent answers to localhost only');
    const origin = request.headers.origin;
    const path = request.url.split('?', 1)[0] ?? '/';
    if (policy.ownPage?.(path) === true) return guardOwnPage(request, reply);
    if (origin === undefined) {
      if (policy.originRequired(path))
        return deny(reply, 'forbidden-origin', 'an allowed Origin is required');
      return;
    }
    if (!allowed.has(origin)) return deny(reply, 'forbidden-origin', 'this origin may not use the agent');
    // Let the back office read /status with fetch().
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  };
}

function guardOwnPage(request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const sameOrigin =
    origin !== undefined && origin.toLowerCase() === `http://${request.headers.host?.toLowerCase()}`;
  // Opening the page is fine from anywhere (the back office links it): it shows no code and cannot be framed.
  if ((request.method === 'GET' || request.method === 'HEAD') && origin === undefined) return;
  // Anything else must come from the page itself, and a browser that says where it comes from must agree.
  if (!sameOrigin || (site !== undefined && site !== 'same-origin'))
    return deny(reply, 'forbidden-origin', 'only the agent’s own page may do this');
}

/** The control port's hook: loopback host, and no browser at all (a page would send an Origin). */
export async function controlGuard(request: FastifyRequest, reply: FastifyReply) {
  if (!isLoopbackHost(request.headers.host))
    return deny(reply, 'forbidden-host', 'the control port answers to localhost only');
  if (request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined) {
    return deny(reply, 'forbidden-origin', 'the control port is not for browsers');
  }
}
