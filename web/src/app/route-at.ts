import { APP_BASE } from '@nine/shared/constants';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { paramsAllowed, routeTable, type RouteDef } from './route-table.ts';

/**
 * The route table's first row matching a path inside the app (wouter's own pattern parser, so the router
 * and the start agree). A non-numeric :id matches no order route and falls through to not-found.
 */
export function routeFor(location: string): RouteDef | undefined {
  return routeTable.find((candidate) => {
    const [matched, params] = matchRoute(parse, candidate.path, location);
    return matched && paramsAllowed(params, candidate);
  });
}

/** The route of a page address (`/nine/dashboard`), before any router exists. */
export function routeAtAddress(pathname: string): RouteDef | undefined {
  const inApp = pathname.toLowerCase().startsWith(APP_BASE.toLowerCase())
    ? pathname.slice(APP_BASE.length)
    : pathname;
  return routeFor(inApp === '' ? '/' : inApp);
}
