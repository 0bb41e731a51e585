import type menuEn from '@nine/locales/en-US/menu.json';
import type { Permission } from '@nine/shared/permissions';
import { NEW_RENT_ORDER_KEYS } from './new-rent-order-keys.ts';
import { routeGranted } from './route-access.ts';
import { findRoute, routeTable, type Feature, type Features, type RouteDef } from './route-table.ts';

export type MenuLabel = keyof typeof menuEn.items;

/**
 * A side-menu entry names the route it opens by route name. Names of screens not built yet are not in the
 * route table, so their entries stay hidden until a later issue adds the route; nothing else changes here.
 */
export interface MenuItem {
  label: MenuLabel;
  route: string;
  /** The keyboard shortcut that opens it too, as aria-keyshortcuts spells it ("Alt+N"). */
  shortcut?: string;
  /** The classic screen it opens instead when the device keeps the old tour interface (Local settings). */
  legacyRoute?: string;
}

export interface MenuGroup {
  label: MenuLabel;
  /** A group may open a screen itself (Dashboard) as well as hold children. */
  route?: string;
  children: readonly MenuItem[];
  /** A product line the business may switch off: the whole group is hidden then. */
  feature?: Feature;
}

export type MenuEntry = MenuItem | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

/** The side menu of spec section 2, in order. */
export const sideMenu: readonly MenuEntry[] = [
  {
    label: 'dashboard',
    route: 'DashboardIndex',
    children: [
      { label: 'action_panel', route: 'actionPanel' },
      { label: 'report_panel', route: 'reportPanel' },
      { label: 'client_portal', route: 'clientPortal' },
    ],
  },
  {
    label: 'orders',
    children: [
      { label: 'rent_orders', route: 'rentOrders' },
      { label: 'new_rent_order', route: 'createOrder', shortcut: NEW_RENT_ORDER_KEYS },
      { label: 'sale_orders', route: 'saleOrders' },
      { label: 'quick_sale', route: 'quickSale' },
      { label: 'recurring_orders', route: 'activeRecurringOrders' },
    ],
  },
  {
    label: 'invoices',
    children: [
      { label: 'rent_invoices', route: 'rentInvoices' },
      { label: 'sale_invoices', route: 'saleInvoices' },
    ],
  },
  {
    label: 'financial_reports',
    children: [
      { label: 'revenue_details', route: 'revenueDetails' },
      { label: 'detailed_products', route: 'detailedProductsReport' },
      { label: 'product_revenue', route: 'productsReport' },
      { label: 'category_revenue', route: 'categoriesReport' },
      { label: 'adjustments', route: 'adjustmentsReport' },
      { label: 'general_ledgers', route: 'generalLedgers' },
      { label: 'coupon_report', route: 'couponsReport' },
      { label: 'commissions', route: 'commissionsReport' },
      { label: 'daily_payments', route: 'dailyPayments' },
      { label: 'payment_details', route: 'paymentDetails' },
      { label: 'payment_summaries', route: 'paymentSummaries' },
      { label: 'price_adjustments', route: 'priceAdjustments' },
      { label: 'deposit_overrides', route: 'depositOverrides' },
      { label: 'override_invoice_price', route: 'overrideInvoicePrice' },
      { label: 'deals', route: 'deals' },
      { label: 'cash_deposit', route: 'cashDeposit' },
    ],
  },
  {
    label: 'inventory_reports',
    children: [
      { label: 'inventory_products', route: 'inventoryProductsReport' },
      { label: 'repair_logs', route: 'repairLogs' },
      { label: 'inventory_turnover', route: 'inventoryTurnover' },
      { label: 'maintenance_report', route: 'maintenanceReport' },
    ],
  },
  {
    label: 'operational_reports',
    children: [
      { label: 'delivery_report', route: 'deliveryReport' },
      { label: 'order_distribution', route: 'orderDistribution' },
      { label: 'stocktake', route: 'stocktakeReport' },
      { label: 'ad_hoc', route: 'adHocReport' },
      { label: 'monthly_transactions', route: 'monthlyTransactions' },
      { label: 'privacy_policy', route: 'privacyPolicyReport' },
      { label: 'system_logs', route: 'systemLogs' },
      { label: 'sms_reports', route: 'smsReports' },
    ],
  },
  {
    label: 'inventory',
    children: [
      { label: 'rent_inventory', route: 'rentInventory' },
      { label: 'sale_inventory', route: 'saleInventory' },
      { label: 'barcodes', route: 'barcodes' },
      { label: 'scheduled_maintenance', route: 'scheduledMaintenance' },
      { label: 'attributes', route: 'attributes' },
      { label: 'categories', route: 'categories' },
    ],
  },
  {
    label: 'customers',
    children: [
      { label: 'customer_list', route: 'customers' },
      { label: 'partners', route: 'partners' },
    ],
  },
  {
    label: 'staff',
    children: [
      { label: 'users', route: 'usersManagement' },
      { label: 'roles', route: 'rolesManagement' },
    ],
  },
  {
    label: 'tours',
    feature: 'tour',
    children: [
      { label: 'tour_settings', route: 'tourManagementSettings', legacyRoute: 'tourSettings' },
      { label: 'tour_definitions', route: 'tourDefinitionsList', legacyRoute: 'tourDefinitions' },
      { label: 'tour_leaders', route: 'tourLeaders' },
      { label: 'tour_reservations', route: 'tourReservations' },
      { label: 'reservation_list', route: 'tourReservationList' },
      { label: 'tour_events_calendar', route: 'tourEventsCalendar' },
      { label: 'tour_events', route: 'tourEvents', legacyRoute: 'tourInstances' },
    ],
  },
  {
    label: 'configurations',
    children: [
      { label: 'local_settings', route: 'localSettings' },
      { label: 'business_settings', route: 'businessSettings' },
      { label: 'location_settings', route: 'locationSettings' },
      { label: 'business_rent_settings', route: 'businessRentSettings' },
      { label: 'business_sale_settings', route: 'businessSaleSettings' },
      { label: 'business_tour_settings', route: 'businessTourSettings' },
      { label: 'location_rent_settings', route: 'locationRentSettings' },
      { label: 'location_sale_settings', route: 'locationSaleSettings' },
      { label: 'location_tour_settings', route: 'locationTourSettings' },
      { label: 'activity_settings', route: 'activitySettings' },
      { label: 'price_settings', route: 'priceSettings' },
      { label: 'delivery_settings', route: 'deliverySettings' },
      { label: 'coupon_settings', route: 'couponSettings' },
    ],
  },
  {
    label: 'sms_messaging',
    children: [
      { label: 'message_center', route: 'messageCenter' },
      { label: 'send_single_sms', route: 'sendSingleSms' },
      { label: 'email_templates', route: 'emailTemplates' },
      { label: 'sms_templates', route: 'smsTemplates' },
      { label: 'template_editor', route: 'templateEditor' },
    ],
  },
  { label: 'download_center', route: 'downloadCenter' },
  { label: 'availability_calendar', route: 'availabilityCalendar' },
  {
    label: 'support',
    children: [
      { label: 'cache', route: 'supportCache' },
      { label: 'tickets', route: 'supportTickets' },
      { label: 'ai_chat', route: 'supportChatAi' },
      { label: 'client_list', route: 'supportClientList' },
      { label: 'upgrade', route: 'supportUpgrade' },
      { label: 'copy_to_client_test', route: 'supportCopyToClientTest' },
      { label: 'process', route: 'supportProcess' },
      { label: 'reset_instance', route: 'supportResetInstance' },
      { label: 'run_command', route: 'supportRunCommand' },
      { label: 'git_interface', route: 'supportGitInterface' },
    ],
  },
  { label: 'version_history', route: 'versionHistory' },
  { label: 'template_assignment', route: 'templateAssignment' },
];

/** A menu entry as shown: its route resolved, so the view only renders links. */
export interface VisibleMenuItem {
  label: MenuLabel;
  route: RouteDef | undefined;
  shortcut?: string;
  children: VisibleMenuItem[];
}

export interface MenuFilter {
  permissions: readonly Permission[];
  routes?: readonly RouteDef[];
  /** The device's "new tour interface" (Local settings): off, tour entries open their classic screens. */
  newTourInterface?: boolean;
  /** The business's product lines; a line off (or not known yet) hides its group. */
  features?: Features;
}

function openable(routeName: string | undefined, filter: MenuFilter): RouteDef | undefined {
  if (routeName === undefined) return undefined;
  const route = findRoute(routeName, filter.routes ?? routeTable);
  return route !== undefined && routeGranted(route, filter.permissions) ? route : undefined;
}

/** Hides entries whose route is absent or not granted, and groups left with nothing to open. */
export function visibleMenu(menu: readonly MenuEntry[], filter: MenuFilter): VisibleMenuItem[] {
  return menu.flatMap((entry): VisibleMenuItem[] => {
    if (isGroup(entry) && entry.feature !== undefined && filter.features?.[entry.feature] !== true) return [];
    const route = openable(entry.route, filter);
    const children = isGroup(entry)
      ? entry.children.flatMap((child) => {
          const target = !filter.newTourInterface && child.legacyRoute ? child.legacyRoute : child.route;
          const childRoute = openable(target, filter);
          return childRoute
            ? [{ label: child.label, route: childRoute, shortcut: child.shortcut, children: [] }]
            : [];
        })
      : [];
    return route !== undefined || children.length > 0 ? [{ label: entry.label, route, children }] : [];
  });
}
