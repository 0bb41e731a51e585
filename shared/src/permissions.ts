/** Resources and actions of spec section 6. Permissions are granted per location through roles. */
export const resources = [
  'attribute',
  'cost',
  'customer',
  'daily_report',
  'coupon',
  'financial_report',
  'inventory',
  'operational_report',
  'category',
  'activity',
  'rent_order',
  'role_and_permission',
  'sell_order',
  'business_setting',
  'staff',
  'tour',
  'financial_transaction',
  'delivery_report',
  'maintenance',
  'location_setting',
  'pricing',
  'delivery_setting',
] as const;

export const actions = ['view', 'manage', 'change', 'changeCost', 'refund', 'any'] as const;

export type Resource = (typeof resources)[number];
export type Action = (typeof actions)[number];

/** What a role grants: an action on a resource. `any` in a grant means every action. */
export interface Permission {
  resource: Resource;
  action: Action;
}

/** A requirement: the resource and action an endpoint or screen needs. */
export interface Requirement {
  resource: Resource;
  action: Action;
}

/** Actions that `manage` implies; changeCost and refund must be granted on their own. */
const impliedByManage: ReadonlySet<Action> = new Set(['view', 'change']);

export function grants(held: readonly Permission[], need: Requirement): boolean {
  return held.some((p) => {
    if (p.resource !== need.resource) return false;
    if (need.action === 'any' || p.action === 'any' || p.action === need.action) return true;
    return p.action === 'manage' && impliedByManage.has(need.action);
  });
}

/** Navigation rule 2: a route needing several resources admits a user holding at least one of them. */
export function grantsAnyOf(held: readonly Permission[], needs: readonly Resource[]): boolean {
  return needs.length === 0 || needs.some((resource) => grants(held, { resource, action: 'any' }));
}

export function isResource(value: string): value is Resource {
  return (resources as readonly string[]).includes(value);
}

export function isAction(value: string): value is Action {
  return (actions as readonly string[]).includes(value);
}
