import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { LOCATION_HEADER, SETTINGS_REVISION_HEADER } from '@nine/shared/constants';
import { grants } from '@nine/shared/permissions';
import type { AuthService } from '../modules/auth/auth-service.ts';
import type { Access } from './access.ts';

export interface ProtectedRoute {
  method: string;
  url: string;
  access: Access;
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function locationFromHeader(value: string | string[] | undefined): number | null {
  if (value === undefined || Array.isArray(value) || value === '') return null;
  const n = Number(value);
  // Ids are PostgreSQL integers: a bigger number is bad input, not a query to run.
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647)
    throw new AppError('validation', { data: { header: LOCATION_HEADER } });
  return n;
}

/**
 * Enforces each route's declared access before its handler runs, and records the routes so one
 * table-driven test can prove every protected endpoint refuses callers without token or permission.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService): ProtectedRoute[] {
  const routes: ProtectedRoute[] = [];
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;

    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('unauthenticated');
    const requested = locationFromHeader(request.headers[LOCATION_HEADER]);
    const found = await auth.authenticate(token, requested);
    if (!found) throw new AppError('unauthenticated');
    const { session, permissions, settingsRevision } = found;
    // Sent even when the request is then refused: a browser learns of a settings change at any request.
    reply.header(SETTINGS_REVISION_HEADER, String(settingsRevision));

    const locationId = requested ?? session.locationId;
    request.auth = {
      userId: session.userId,
      sessionId: session.sessionId,
      locationId,
      tokenHash: session.tokenHash,
    };
    if (access === 'session') return;

    if (locationId === null || permissions === null) throw new AppError('locationForbidden');
    if (access === 'location') return;
    const needs = 'anyOf' in access ? access.anyOf : [access];
    if (!needs.some((need) => grants(permissions, need))) throw new AppError('forbidden');
  });

  return routes;
}
