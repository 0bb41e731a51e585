import type { ParseKeys } from 'i18next';
import type { appNamespaces } from '../lib/locale-namespaces.ts';
import type { Action, Resource } from '@nine/shared/permissions';

/**
 * Every screen that exists. Screens not built yet are absent (the catch-all answers for them), and later
 * issues add rows here. Names follow the spec where it gives one (DashboardIndex, not-found).
 */
export type RouteName =
  | 'Home'
  | 'Login'
  | 'SsoSignIn'
  | 'PasswordExpired'
  | 'ForgotPassword'
  | 'ResetPassword'
  | 'DashboardIndex'
  | 'localSettings'
  | 'versionHistory'
  | 'activitySettings'
  | 'businessSettings'
  | 'locationSettings'
  | 'deliverySettings'
  | 'couponSettings'
  | 'priceSettings'
  | 'businessRentSettings'
  | 'businessSaleSettings'
  | 'businessTourSettings'
  | 'locationRentSettings'
  | 'locationSaleSettings'
  | 'locationTourSettings'
  | 'rentOrders'
  | 'rentOrder'
  | 'rentOrderPrint'
  | 'rentOrderPrint55mm'
  | 'saleOrders'
  | 'saleOrder'
  | 'saleOrderPrint'
  | 'saleOrderPrint55mm'
  | 'createOrder'
  | 'quickSale'
  | 'activeRecurringOrders'
  | 'deliveryReport'
  | 'deliveryReportPrint'
  | 'rentInvoices'
  | 'saleInvoices'
  | 'invoice'
  | 'invoicePrint'
  | 'invoicePrint55mm'
  | 'downloadCenter'
  | 'usersManagement'
  | 'rolesManagement'
  | 'paymentPrint'
  | 'printDefault'
  | 'cashRegisters'
  | 'customers'
  | 'customer'
  | 'partners'
  | 'rentInventory'
  | 'saleInventory'
  | 'rentInventoryDetail'
  | 'saleInventoryDetail'
  | 'categories'
  | 'attributes'
  | 'barcodes'
  | 'barcodePrint'
  | 'availabilityCalendar'
  | 'availabilityCalendarDetails'
  | 'scheduledMaintenance'
  | 'stocktakeReport'
  | 'repairLogs'
  | 'repairLogsPrint'
  | 'maintenanceReport'
  | 'maintenanceReportPrint'
  | 'kiosk'
  | 'participantSign'
  | 'easySign'
  | 'tourManagementSettings'
  | 'tourManagementSettingsTab'
  | 'tourSettings'
  | 'tourEventsCalendar'
  | 'tourEvents'
  | 'tourInstances'
  | 'tourDefinitionsList'
  | 'tourDefinitions'
  | 'tourDefinitionEditor'
  | 'tourLeaders'
  | 'tourLeader'
  | 'tourReservations'
  | 'tourReservationList'
  | 'tourManifestPrint'
  | 'tourReservation'
  | 'tourReservationPrint'
  | 'not-found';

/** Product lines a business switches on or off as a whole; their screens and menu entries follow. */
export type Feature = 'tour';
export type Features = Record<Feature, boolean>;

/**
 * 'kiosk': the locked-down customer screen of a device in kiosk mode (no menu, large touch targets).
 * 'landing': the public pages a customer opens (the business's page, the participant page, easy-sign).
 */
export type RouteLayout = 'dashboard' | 'auth' | 'bare' | 'kiosk' | 'landing';

export interface RouteDef {
  name: RouteName;
  /** wouter pattern relative to the /nine base; '*' is the catch-all. */
  path: string;
  /** i18next key of the page title; null means the product name (navigation rule 5). */
  titleKey: ParseKeys<typeof appNamespaces> | null;
  /** Admitted when the user holds at least one of these with ability `any` (navigation rule 2). */
  resources: readonly Resource[];
  /** Narrows rule 2 to this action on one of `resources`: a screen that only writes (creating an order). */
  action?: Action;
  layout: RouteLayout;
  /** Skips the sign-in check (navigation rule 1). */
  noAuth?: boolean;
  /** A public page a signed-in visitor does not see: sent there instead (the landing page → dashboard). */
  signedInTo?: RouteName;
  /** Also shown on a device in kiosk mode (easy-sign and the participant page it opens). */
  kiosk?: boolean;
  /** Browser back is refused and sends the user to this route instead (navigation rule 4). */
  blockBack?: { to: RouteName };
  /** A product line the business may switch off (business_info.tour_is_enabled): then the dashboard answers. */
  feature?: Feature;
  /** `:id` may also be `new`: a record's editor before its first save creates it. */
  newId?: boolean;
}

export const routeTable: readonly RouteDef[] = [
  // The base path: the business's public landing page, or the dashboard for signed-in staff.
  {
    name: 'Home',
    path: '/',
    titleKey: null,
    resources: [],
    layout: 'landing',
    noAuth: true,
    signedInTo: 'DashboardIndex',
  },
  // The public pages of tours (issue #20): no sign-in, also on a kiosk.
  {
    name: 'participantSign',
    path: '/participant/signe',
    titleKey: 'participant:sign.title',
    resources: [],
    layout: 'landing',
    noAuth: true,
    kiosk: true,
  },
  {
    name: 'easySign',
    path: '/easy-sign',
    titleKey: 'participant:easySign.title',
    resources: [],
    layout: 'landing',
    noAuth: true,
    kiosk: true,
  },
  {
    name: 'Login',
    path: '/auth/login',
    titleKey: 'auth:login.title',
    resources: [],
    layout: 'auth',
    noAuth: true,
  },
  {
    name: 'SsoSignIn',
    path: '/auth/sso/sign-in',
    titleKey: 'auth:sso.title',
    resources: [],
    layout: 'auth',
    noAuth: true,
    // Behind it lies the identity provider's page, whose one-time state is spent: start again at login.
    blockBack: { to: 'Login' },
  },
  {
    name: 'PasswordExpired',
    path: '/auth/password-expired',
    titleKey: 'auth:password_expired.title',
    resources: [],
    layout: 'auth',
    noAuth: true,
    blockBack: { to: 'Login' },
  },
  {
    name: 'ForgotPassword',
    path: '/auth/forgot-password',
    titleKey: 'auth:forgot.title',
    resources: [],
    layout: 'auth',
    noAuth: true,
  },
  {
    name: 'ResetPassword',
    path: '/auth/reset-password',
    titleKey: 'auth:reset.title',
    resources: [],
    layout: 'auth',
    noAuth: true,
  },
  {
    name: 'DashboardIndex',
    path: '/dashboard',
    titleKey: 'common:dashboard.title',
    resources: [],
    layout: 'dashboard',
  },
  {
    name: 'localSettings',
    path: '/local-settings',
    titleKey: 'settings:local.title',
    resources: [],
    layout: 'dashboard',
  },
  {
    name: 'versionHistory',
    path: '/version-history',
    titleKey: 'settings:version_history.title',
    resources: [],
    layout: 'dashboard',
  },
  {
    name: 'downloadCenter',
    path: '/exports',
    titleKey: 'exports:center.title',
    resources: [],
    layout: 'dashboard',
  },
  // One screen with Users, Roles and Access Policies tabs (spec section 2).
  {
    name: 'usersManagement',
    path: '/users',
    titleKey: 'menu:items.users',
    resources: ['staff'],
    layout: 'dashboard',
  },
  {
    name: 'rolesManagement',
    path: '/roles',
    titleKey: 'menu:items.roles',
    resources: ['role_and_permission'],
    layout: 'dashboard',
  },
  {
    name: 'activitySettings',
    path: '/settings/activity',
    titleKey: 'settings:activity.title',
    resources: ['activity'],
    layout: 'dashboard',
  },
  {
    name: 'businessSettings',
    path: '/settings/business',
    titleKey: 'settings:business.title',
    resources: ['business_setting'],
    layout: 'dashboard',
  },
  {
    name: 'locationSettings',
    path: '/settings/location',
    titleKey: 'settings:location.title',
    resources: ['location_setting'],
    layout: 'dashboard',
  },
  {
    name: 'deliverySettings',
    path: '/settings/delivery',
    titleKey: 'settings:delivery.title',
    resources: ['delivery_setting'],
    layout: 'dashboard',
  },
  {
    name: 'priceSettings',
    path: '/settings/price',
    titleKey: 'settings:price.title',
    resources: ['pricing'],
    layout: 'dashboard',
  },
  {
    name: 'businessRentSettings',
    path: '/settings/business-rent',
    titleKey: 'settings:product_lines.titles.business_rent',
    resources: ['business_setting'],
    layout: 'dashboard',
  },
  {
    name: 'businessSaleSettings',
    path: '/settings/business-sale',
    titleKey: 'settings:product_lines.titles.business_sale',
    resources: ['business_setting'],
    layout: 'dashboard',
  },
  {
    name: 'businessTourSettings',
    path: '/settings/business-tour',
    titleKey: 'settings:product_lines.titles.business_tour',
    resources: ['business_setting'],
    layout: 'dashboard',
  },
  {
    name: 'locationRentSettings',
    path: '/settings/location-rent',
    titleKey: 'settings:product_lines.titles.location_rent',
    resources: ['location_setting'],
    layout: 'dashboard',
  },
  {
    name: 'locationSaleSettings',
    path: '/settings/location-sale',
    titleKey: 'settings:product_lines.titles.location_sale',
    resources: ['location_setting'],
    layout: 'dashboard',
  },
  {
    name: 'locationTourSettings',
    path: '/settings/location-tour',
    titleKey: 'settings:product_lines.titles.location_tour',
    resources: ['location_setting'],
    layout: 'dashboard',
  },
  {
    name: 'couponSettings',
    path: '/settings/coupon',
    titleKey: 'settings:coupon.title',
    resources: ['coupon'],
    layout: 'dashboard',
  },
  // Orders. An `:id` must be numeric (spec section 2): the router skips a row whose id is not.
  {
    name: 'rentOrders',
    path: '/rent-orders',
    titleKey: 'orders:titles.rent_orders',
    resources: ['rent_order'],
    layout: 'dashboard',
  },
  {
    name: 'rentOrderPrint',
    path: '/rent-orders/:id/print',
    titleKey: 'orders:titles.rent_order_print',
    resources: ['rent_order'],
    layout: 'bare',
  },
  {
    name: 'rentOrderPrint55mm',
    path: '/rent-orders/:id/print-55mm',
    titleKey: 'orders:titles.rent_order_print_55mm',
    resources: ['rent_order'],
    layout: 'bare',
  },
  {
    name: 'rentOrder',
    path: '/rent-orders/:id',
    titleKey: 'orders:titles.rent_order',
    resources: ['rent_order'],
    layout: 'dashboard',
  },
  {
    name: 'saleOrders',
    path: '/sale-orders',
    titleKey: 'orders:titles.sale_orders',
    resources: ['sell_order'],
    layout: 'dashboard',
  },
  {
    name: 'quickSale',
    path: '/sale-orders/new',
    titleKey: 'orders:titles.quick_sale',
    resources: ['sell_order'],
    layout: 'dashboard',
  },
  {
    name: 'createOrder',
    path: '/create-order',
    titleKey: 'orders:titles.create_order',
    // What POST /rent-orders requires: who cannot create an order is not offered the wizard.
    resources: ['rent_order'],
    action: 'change',
    layout: 'dashboard',
  },
  {
    name: 'saleOrderPrint',
    path: '/sale-orders/:id/print',
    titleKey: 'orders:titles.sale_order_print',
    resources: ['sell_order'],
    layout: 'bare',
  },
  {
    name: 'saleOrderPrint55mm',
    path: '/sale-orders/:id/print-55mm',
    titleKey: 'orders:titles.sale_order_print_55mm',
    resources: ['sell_order'],
    layout: 'bare',
  },
  {
    name: 'saleOrder',
    path: '/sale-orders/:id',
    titleKey: 'orders:titles.sale_order',
    resources: ['sell_order'],
    layout: 'dashboard',
  },
  // Invoices (spec section 6): the lists need sell_order; one invoice and its prints rent_order or sell_order.
  {
    name: 'rentInvoices',
    path: '/invoices/rents',
    titleKey: 'money:invoices.titles.rents',
    resources: ['sell_order'],
    layout: 'dashboard',
  },
  {
    name: 'saleInvoices',
    path: '/invoices/sale',
    titleKey: 'money:invoices.titles.sale',
    resources: ['sell_order'],
    layout: 'dashboard',
  },
  {
    name: 'invoicePrint',
    path: '/invoices/:id/print',
    titleKey: 'money:invoices.titles.print',
    resources: ['rent_order', 'sell_order'],
    layout: 'bare',
  },
  {
    name: 'invoicePrint55mm',
    path: '/invoices/:id/print-55mm',
    titleKey: 'money:invoices.titles.print_55mm',
    resources: ['rent_order', 'sell_order'],
    layout: 'bare',
  },
  {
    name: 'invoice',
    path: '/invoices/:id',
    titleKey: 'money:invoices.titles.invoice',
    resources: ['rent_order', 'sell_order'],
    layout: 'dashboard',
  },
  // Payments (issue 6): 'Print Payment' screens at 55 mm, and the counter's cash registers.
  {
    name: 'paymentPrint',
    path: '/payments/:id/print',
    titleKey: 'money:payments.print.title',
    resources: ['rent_order', 'sell_order', 'financial_transaction'],
    layout: 'bare',
  },
  {
    name: 'printDefault',
    path: '/print-default/:printId',
    titleKey: 'money:payments.print.title',
    resources: ['rent_order', 'sell_order', 'financial_transaction'],
    layout: 'bare',
  },
  {
    name: 'cashRegisters',
    path: '/cash-registers',
    titleKey: 'money:registers.title',
    resources: ['financial_transaction'],
    layout: 'dashboard',
  },
  {
    name: 'activeRecurringOrders',
    path: '/active-recurring-orders',
    titleKey: 'fulfilment:titles.active_recurring_orders',
    resources: ['sell_order'],
    layout: 'dashboard',
  },
  {
    name: 'deliveryReport',
    path: '/reports/delivery-report',
    titleKey: 'fulfilment:titles.delivery_report',
    resources: ['delivery_report'],
    layout: 'dashboard',
  },
  {
    name: 'deliveryReportPrint',
    path: '/reports/delivery-report/print',
    titleKey: 'fulfilment:titles.delivery_report_print',
    resources: ['delivery_report'],
    layout: 'bare',
  },
  // Customers (issue 8). customer/admin needs no permission (spec section 6); its tabs check their own.
  {
    name: 'customers',
    path: '/customers',
    titleKey: 'customers:titles.customers',
    resources: ['customer'],
    layout: 'dashboard',
  },
  {
    name: 'customer',
    path: '/customers/:id',
    titleKey: 'customers:titles.customer',
    resources: ['customer'],
    layout: 'dashboard',
  },
  {
    name: 'partners',
    path: '/customer/admin',
    titleKey: 'customers:titles.admin',
    resources: [],
    layout: 'dashboard',
  },
  // Inventory (spec section 6): inventory for the lists and product pages, category and attribute for theirs.
  {
    name: 'rentInventory',
    path: '/inventory/rent',
    titleKey: 'inventory:titles.rent',
    resources: ['inventory'],
    layout: 'dashboard',
  },
  {
    name: 'saleInventory',
    path: '/inventory/sale',
    titleKey: 'inventory:titles.sale',
    resources: ['inventory'],
    layout: 'dashboard',
  },
  {
    name: 'rentInventoryDetail',
    path: '/inventory/detail/rent/:id',
    titleKey: 'inventory:titles.detail',
    // Spec section 6: no permission; the page leaves cost and revenue to inventory holders.
    resources: [],
    layout: 'dashboard',
  },
  {
    name: 'saleInventoryDetail',
    path: '/inventory/detail/sale/:id',
    titleKey: 'inventory:titles.detail',
    resources: ['inventory'],
    layout: 'dashboard',
  },
  {
    name: 'categories',
    path: '/inventory/categories',
    titleKey: 'inventory:titles.categories',
    resources: ['category'],
    layout: 'dashboard',
  },
  {
    name: 'attributes',
    path: '/inventory/attributes',
    titleKey: 'inventory:titles.attributes',
    resources: ['attribute'],
    layout: 'dashboard',
  },
  // Barcodes, availability, maintenance and stocktake (issue 7); availability needs no permission (spec 6).
  {
    name: 'barcodes',
    path: '/inventory/barcode',
    titleKey: 'stock:titles.barcodes',
    resources: ['inventory'],
    layout: 'dashboard',
  },
  {
    name: 'barcodePrint',
    path: '/inventory/barcode/print',
    titleKey: 'stock:titles.barcode_print',
    resources: ['inventory'],
    layout: 'dashboard',
  },
  {
    name: 'availabilityCalendar',
    path: '/availability-calendar',
    titleKey: 'stock:titles.availability_calendar',
    resources: [],
    layout: 'dashboard',
  },
  {
    name: 'availabilityCalendarDetails',
    path: '/availability-calendar/details',
    titleKey: 'stock:titles.availability_details',
    resources: [],
    layout: 'dashboard',
  },
  {
    name: 'scheduledMaintenance',
    path: '/inventory/scheduled-maintenance',
    titleKey: 'stock:titles.scheduled_maintenance',
    resources: ['maintenance'],
    layout: 'dashboard',
  },
  {
    name: 'stocktakeReport',
    path: '/reports/stocktake-report',
    titleKey: 'stock:titles.stocktake',
    resources: ['operational_report'],
    layout: 'dashboard',
  },
  // Inventory reports (issue 7): repair logs admit maintenance or inventory holders (spec section 6).
  {
    name: 'repairLogs',
    path: '/reports/repair-logs',
    titleKey: 'stock:titles.repair_logs_report',
    resources: ['maintenance', 'inventory'],
    layout: 'dashboard',
  },
  {
    name: 'repairLogsPrint',
    path: '/reports/repair-logs/print',
    titleKey: 'stock:titles.repair_logs_print',
    resources: ['maintenance', 'inventory'],
    layout: 'bare',
  },
  {
    name: 'maintenanceReport',
    path: '/reports/maintenance',
    titleKey: 'stock:titles.maintenance_report',
    resources: ['maintenance'],
    layout: 'dashboard',
  },
  {
    name: 'maintenanceReportPrint',
    path: '/reports/maintenance/print',
    titleKey: 'stock:titles.maintenance_print',
    resources: ['maintenance'],
    layout: 'bare',
  },
  // Tour settings (issue #19): the tab is a path segment; the plain path (the menu's) shows General.
  {
    name: 'tourManagementSettings',
    path: '/tour-management/settings',
    titleKey: 'tours:settings.title',
    resources: ['tour'],
    action: 'manage',
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourManagementSettingsTab',
    path: '/tour-management/settings/:tab',
    titleKey: 'tours:settings.title',
    resources: ['tour'],
    action: 'manage',
    layout: 'dashboard',
    feature: 'tour',
  },
  // Legacy Tours > Settings: the same sections stacked in the classic layout.
  {
    name: 'tourSettings',
    path: '/tours/settings',
    titleKey: 'tours:settings.title',
    resources: ['tour'],
    action: 'manage',
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourEventsCalendar',
    path: '/tours/events/calendar',
    titleKey: 'menu:items.tour_events_calendar',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourEvents',
    path: '/tours/events',
    titleKey: 'tours:events.title',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  // Legacy Tours > Instances: the same events list in the classic layout (no way to the calendar).
  {
    name: 'tourInstances',
    path: '/tours/instances',
    titleKey: 'tours:events.title_classic',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourDefinitionsList',
    path: '/tour-management/definitions/tours',
    titleKey: 'tours:definitions.title',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  // Legacy Tours > Definitions: the same list in the classic layout.
  {
    name: 'tourDefinitions',
    path: '/tours/definitions',
    titleKey: 'tours:definitions.title_classic',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourDefinitionEditor',
    path: '/tour-management/definitions/:id/:step',
    titleKey: 'tours:definitions.editor.title',
    resources: ['tour'],
    action: 'manage',
    layout: 'dashboard',
    feature: 'tour',
    newId: true,
    blockBack: { to: 'tourDefinitionsList' },
  },
  {
    name: 'tourLeaders',
    path: '/tour-management/leaders',
    titleKey: 'tours:leaders.title',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourLeader',
    path: '/tour-management/leaders/:id',
    titleKey: 'tours:leaders.title',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  // Tour reservations (issue #20): the legacy list and the new one are the same screen; filtered to one
  // event (?event=) it is that event's manifest with check-in.
  {
    name: 'tourReservations',
    path: '/tours/reservations',
    titleKey: 'menu:items.tour_reservations',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourReservationList',
    path: '/tours/reservation-list',
    titleKey: 'menu:items.reservation_list',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourManifestPrint',
    path: '/tours/events/:id/manifest/print',
    titleKey: 'tours:reservations.manifest.print_title',
    resources: ['tour'],
    layout: 'bare',
    feature: 'tour',
  },
  // One reservation (its order id) and its A4 booking confirmation with the check-in codes.
  {
    name: 'tourReservation',
    path: '/tours/reservations/:id',
    titleKey: 'tours:reservation.title',
    resources: ['tour'],
    layout: 'dashboard',
    feature: 'tour',
  },
  {
    name: 'tourReservationPrint',
    path: '/tours/reservations/:id/print',
    titleKey: 'tours:reservation.print.title',
    resources: ['tour'],
    layout: 'bare',
    feature: 'tour',
  },
  // The only screen of a device in kiosk mode (Local settings); app/kiosk-gate.ts keeps it there.
  { name: 'kiosk', path: '/kiosk', titleKey: 'settings:kiosk.title', resources: [], layout: 'kiosk' },
  // Must stay last: it matches every path.
  {
    name: 'not-found',
    path: '*',
    titleKey: 'common:not_found.title',
    resources: [],
    layout: 'bare',
    noAuth: true,
  },
];

export function findRoute(name: string, table: readonly RouteDef[] = routeTable): RouteDef | undefined {
  return table.find((route) => route.name === name);
}

/** The in-app href of a route (relative to the /nine base), for <Link> and navigate(). */
export function pathTo(name: RouteName): string {
  const route = findRoute(name);
  if (route === undefined || route.path.includes(':') || route.path.includes('*')) {
    throw new Error(`no plain path for route ${name}`);
  }
  return route.path;
}

/** The href of a route with parameters: pathWith('rentOrder', { id: 12 }) is '/rent-orders/12'. */
export function pathWith(name: RouteName, params: Record<string, string | number>): string {
  const route = findRoute(name);
  if (route === undefined || route.path.includes('*')) throw new Error(`no path for route ${name}`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs :${key}`);
    return encodeURIComponent(String(value));
  });
}

/** Spec section 2: route parameters named id (orders, reservations) must be numeric; `new` where the route says. */
export function paramsAllowed(
  params: Record<string, string | undefined> | null | undefined,
  route?: Pick<RouteDef, 'newId'>,
): boolean {
  const id = params?.id;
  return id === undefined || /^\d{1,15}$/.test(id) || (route?.newId === true && id === 'new');
}
