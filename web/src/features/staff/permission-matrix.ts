import {
  actions,
  grants,
  resources,
  type Action,
  type Permission,
  type Resource,
} from '@nine/shared/permissions';

export const permissionKey = (p: Permission) => `${p.resource}:${p.action}`;

/**
 * Whether the viewer may grant this permission, by the server's rule: granting `any` (every action) needs
 * `any` on the resource; other actions follow the usual implications (manage gives view and change).
 */
export function canGrant(held: readonly Permission[], p: Permission): boolean {
  return p.action === 'any'
    ? held.some((h) => h.resource === p.resource && h.action === 'any')
    : grants(held, p);
}

export function hasPermission(set: readonly Permission[], resource: Resource, action: Action): boolean {
  return set.some((p) => p.resource === resource && p.action === action);
}

export function togglePermission(
  set: readonly Permission[],
  resource: Resource,
  action: Action,
  on: boolean,
): Permission[] {
  const rest = set.filter((p) => !(p.resource === resource && p.action === action));
  return on ? [...rest, { resource, action }] : rest;
}

/**
 * A cell is editable when the viewer holds that permission, or when the role already had it (removing a
 * grant is never an escalation; the server only checks what is added).
 */
export function cellEditable(
  held: readonly Permission[],
  original: readonly Permission[],
  p: Permission,
): boolean {
  return canGrant(held, p) || hasPermission(original, p.resource, p.action);
}

/** Sorted as the matrix shows it, so saving sends a stable list. */
export function sortPermissions(set: readonly Permission[]): Permission[] {
  const order = (p: Permission) => resources.indexOf(p.resource) * actions.length + actions.indexOf(p.action);
  return [...set].sort((a, b) => order(a) - order(b));
}
