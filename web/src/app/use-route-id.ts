import { useRoute } from 'wouter';
import { findRoute, type RouteName } from './route-table.ts';

/** The numeric `:id` of a route the router matched (it admits numeric ids only), or null. */
export function useRouteId(name: RouteName): number | null {
  const [, params] = useRoute<{ id?: string }>(findRoute(name)?.path ?? '/');
  const id = params?.id;
  return id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : null;
}
