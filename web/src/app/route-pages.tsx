import { use, type ComponentType } from 'react';
import { settleSecureWrites } from '../lib/secure-storage.ts';
import type { RouteName } from './route-table.ts';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** Marks a failed page import, so the region's error boundary offers a reload rather than a retry. */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
}

/**
 * Starts an import once and shares it (a prefetch and the render); a failed one is forgotten, so a
 * later call tries again. The settled promise is marked as React marks one it has read, so a chunk
 * fetched ahead (a hover on the menu) renders at once instead of flashing a spinner.
 * (Vitest also hands back the real module instead of a mock when one is imported twice at once.)
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (pending === undefined) {
      const promise: Promise<T> = load().then(
        (value) => {
          Object.assign(promise, { status: 'fulfilled', value });
          return value;
        },
        (cause: unknown) => {
          pending = undefined;
          // React keeps no failed import for us, but after a deploy the old chunk is gone for good:
          // only a reload (new index.html, new chunk names) helps.
          throw new PageLoadError('a page chunk failed to load', { cause });
        },
      );
      pending = promise;
    }
    return pending;
  };
}

/** Picks one named export of a page module as the page of a route. */
function page<M>(load: () => Promise<M>, name: keyof M): PageLoader {
  return loadOnce(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * Each page is its own chunk, fetched when its route is first shown (or when its menu entry is hovered),
 * so the login form does not wait for the whole back office. Every route name must have a loader:
 * adding a row to the table without one fails typecheck.
 */
export const pageLoaders = {
  Home: page(() => import('./pages/landing-page.tsx'), 'LandingPage'),
  participantSign: page(() => import('./pages/participant-sign-page.tsx'), 'ParticipantSignPage'),
  easySign: page(() => import('./pages/easy-sign-page.tsx'), 'EasySignPage'),
  Login: page(() => import('./pages/login-page.tsx'), 'LoginPage'),
  SsoSignIn: page(() => import('./pages/sso-sign-in-page.tsx'), 'SsoSignInPage'),
  PasswordExpired: page(() => import('./pages/password-expired-page.tsx'), 'PasswordExpiredPage'),
  ForgotPassword: page(() => import('./pages/forgot-password-page.tsx'), 'ForgotPasswordPage'),
  ResetPassword: page(() => import('./pages/reset-password-page.tsx'), 'ResetPasswordPage'),
  DashboardIndex: page(() => import('./pages/dashboard-page.tsx'), 'DashboardPage'),
  localSettings: page(() => import('./pages/local-settings-page.tsx'), 'LocalSettingsPage'),
  kiosk: page(() => import('./pages/kiosk-page.tsx'), 'KioskPage'),
  versionHistory: page(() => import('./pages/version-history-page.tsx'), 'VersionHistoryPage'),
  activitySettings: page(() => import('./pages/activity-settings-page.tsx'), 'ActivitySettingsPage'),
  businessSettings: page(() => import('./pages/business-settings-page.tsx'), 'BusinessSettingsPage'),
  locationSettings: page(() => import('./pages/location-settings-page.tsx'), 'LocationSettingsPage'),
  deliverySettings: page(() => import('./pages/delivery-settings-page.tsx'), 'DeliverySettingsPage'),
  priceSettings: page(() => import('./pages/price-settings-page.tsx'), 'PriceSettingsPage'),
  businessRentSettings: page(
    () => import('./pages/product-line-settings-pages.tsx'),
    'BusinessRentSettingsPage',
  ),
  businessSaleSettings: page(
    () => import('./pages/product-line-settings-pages.tsx'),
    'BusinessSaleSettingsPage',
  ),
  businessTourSettings: page(
    () => import('./pages/product-line-settings-pages.tsx'),
    'BusinessTourSettingsPage',
  ),
  locationRentSettings: page(
    () => import('./pages/product-line-settings-pages.tsx'),
    'LocationRentSettingsPage',
  ),
  locationSaleSettings: page(
    () => import('./pages/product-line-settings-pages.tsx'),
    'LocationSaleSettingsPage',
  ),
  locationTourSettings: page(
    () => import('./pages/product-line-settings-pages.tsx'),
    'LocationTourSettingsPage',
  ),
  couponSettings: page(() => import('./pages/coupon-settings-page.tsx'), 'CouponSettingsPage'),
  rentOrders: page(() => import('./pages/rent-orders-page.tsx'), 'RentOrdersPage'),
  rentOrder: page(() => import('./pages/rent-order-page.tsx'), 'RentOrderPage'),
  rentOrderPrint: page(() => import('./pages/order-print-pages.tsx'), 'RentOrderPrintPage'),
  rentOrderPrint55mm: page(() => import('./pages/order-print-pages.tsx'), 'RentOrderPrint55mmPage'),
  saleOrders: page(() => import('./pages/sale-orders-page.tsx'), 'SaleOrdersPage'),
  saleOrder: page(() => import('./pages/sale-order-page.tsx'), 'SaleOrderPage'),
  saleOrderPrint: page(() => import('./pages/order-print-pages.tsx'), 'SaleOrderPrintPage'),
  saleOrderPrint55mm: page(() => import('./pages/order-print-pages.tsx'), 'SaleOrderPrint55mmPage'),
  createOrder: page(() => import('./pages/create-order-page.tsx'), 'CreateOrderPage'),
  quickSale: page(() => import('./pages/quick-sale-page.tsx'), 'QuickSalePage'),
  activeRecurringOrders: page(() => import('./pages/recurring-orders-page.tsx'), 'RecurringOrdersPage'),
  deliveryReport: page(() => import('./pages/delivery-report-pages.tsx'), 'DeliveryReportPage'),
  deliveryReportPrint: page(() => import('./pages/delivery-report-pages.tsx'), 'DeliveryReportPrintPage'),
  rentInvoices: page(() => import('./pages/invoice-list-page.tsx'), 'RentInvoicesPage'),
  saleInvoices: page(() => import('./pages/invoice-list-page.tsx'), 'SaleInvoicesPage'),
  invoice: page(() => import('./pages/invoice-page.tsx'), 'InvoicePage'),
  invoicePrint: page(() => import('./pages/invoice-print-page.tsx'), 'InvoicePrintPage'),
  invoicePrint55mm: page(() => import('./pages/invoice-print-page.tsx'), 'InvoicePrint55mmPage'),
  downloadCenter: page(() => import('./pages/download-center-page.tsx'), 'DownloadCenterPage'),
  usersManagement: page(() => import('./pages/staff-page.tsx'), 'UsersManagementPage'),
  rolesManagement: page(() => import('./pages/staff-page.tsx'), 'RolesManagementPage'),
  paymentPrint: page(() => import('./pages/payment-print-page.tsx'), 'PaymentPrintPage'),
  printDefault: page(() => import('./pages/payment-print-page.tsx'), 'PrintDefaultPage'),
  cashRegisters: page(() => import('./pages/cash-registers-page.tsx'), 'CashRegistersPage'),
  customers: page(() => import('./pages/customers-page.tsx'), 'CustomersPage'),
  customer: page(() => import('./pages/customer-page.tsx'), 'CustomerPage'),
  partners: page(() => import('./pages/customer-admin-page.tsx'), 'CustomerAdminPage'),
  rentInventory: page(() => import('./pages/inventory-list-pages.tsx'), 'RentInventoryPage'),
  saleInventory: page(() => import('./pages/inventory-list-pages.tsx'), 'SaleInventoryPage'),
  rentInventoryDetail: page(() => import('./pages/inventory-detail-page.tsx'), 'RentInventoryDetailPage'),
  saleInventoryDetail: page(() => import('./pages/inventory-detail-page.tsx'), 'SaleInventoryDetailPage'),
  categories: page(() => import('./pages/category-page.tsx'), 'CategoriesPage'),
  attributes: page(() => import('./pages/attribute-page.tsx'), 'AttributesPage'),
  barcodes: page(() => import('./pages/barcode-page.tsx'), 'BarcodePage'),
  barcodePrint: page(() => import('./pages/barcode-print-page.tsx'), 'BarcodePrintPage'),
  availabilityCalendar: page(
    () => import('./pages/availability-calendar-page.tsx'),
    'AvailabilityCalendarPage',
  ),
  availabilityCalendarDetails: page(
    () => import('./pages/availability-calendar-page.tsx'),
    'AvailabilityCalendarDetailsPage',
  ),
  scheduledMaintenance: page(() => import('./pages/maintenance-page.tsx'), 'ScheduledMaintenancePage'),
  stocktakeReport: page(() => import('./pages/stocktake-page.tsx'), 'StocktakePage'),
  repairLogs: page(() => import('./pages/repair-logs-report-page.tsx'), 'RepairLogsReportPage'),
  repairLogsPrint: page(() => import('./pages/repair-logs-report-page.tsx'), 'RepairLogsReportPrintPage'),
  maintenanceReport: page(() => import('./pages/maintenance-report-page.tsx'), 'MaintenanceReportPage'),
  maintenanceReportPrint: page(
    () => import('./pages/maintenance-report-page.tsx'),
    'MaintenanceReportPrintPage',
  ),
  tourManagementSettings: page(() => import('./pages/tours/tour-settings-page.tsx'), 'TourSettingsPage'),
  tourManagementSettingsTab: page(() => import('./pages/tours/tour-settings-page.tsx'), 'TourSettingsPage'),
  tourSettings: page(() => import('./pages/tours/tour-settings-page.tsx'), 'TourSettingsClassicPage'),
  tourEventsCalendar: page(
    () => import('./pages/tours/tour-events-calendar-page.tsx'),
    'TourEventsCalendarPage',
  ),
  tourEvents: page(() => import('./pages/tours/tour-events-page.tsx'), 'TourEventsPage'),
  tourInstances: page(() => import('./pages/tours/tour-events-page.tsx'), 'TourInstancesPage'),
  tourDefinitionsList: page(() => import('./pages/tours/tour-definitions-page.tsx'), 'TourDefinitionsPage'),
  tourDefinitions: page(
    () => import('./pages/tours/tour-definitions-page.tsx'),
    'TourDefinitionsClassicPage',
  ),
  tourDefinitionEditor: page(
    () => import('./pages/tours/tour-definition-editor-page.tsx'),
    'TourDefinitionEditorPage',
  ),
  tourLeaders: page(() => import('./pages/tours/tour-leaders-page.tsx'), 'TourLeadersPage'),
  tourLeader: page(() => import('./pages/tours/tour-leader-page.tsx'), 'TourLeaderPage'),
  tourReservations: page(() => import('./pages/tours/reservations-page.tsx'), 'TourReservationsPage'),
  tourReservationList: page(() => import('./pages/tours/reservations-page.tsx'), 'TourReservationListPage'),
  tourManifestPrint: page(() => import('./pages/tours/manifest-print-page.tsx'), 'TourManifestPrintPage'),
  tourReservation: page(() => import('./pages/tours/reservation-page.tsx'), 'TourReservationPage'),
  tourReservationPrint: page(
    () => import('./pages/tours/reservation-print-page.tsx'),
    'TourReservationPrintPage',
  ),
  'not-found': page(() => import('./pages/not-found-page.tsx'), 'NotFoundPage'),
} satisfies Record<RouteName, PageLoader>;

export function isPageLoadError(error: unknown): boolean {
  return error instanceof PageLoadError;
}

/** Lets pending encrypted writes land, then loads the current index.html and its chunk names. */
export function reloadForNewVersion(): void {
  void settleSecureWrites().finally(() => window.location.reload());
}

/**
 * A stable component per route that reads its page's import with use(): it suspends (the router's
 * Suspense shows a spinner inside the layout) until the chunk is there, and renders at once when the
 * chunk came earlier (a hover on the menu), without a spinner frame. A failed import throws
 * PageLoadError to the region's error boundary.
 */
function routePage(name: RouteName): ComponentType {
  function RoutePage() {
    const { default: Page } = use(pageLoaders[name]());
    return <Page />;
  }
  RoutePage.displayName = `RoutePage(${name})`;
  return RoutePage;
}

export const routePages = Object.fromEntries(
  Object.keys(pageLoaders).map((name) => [name, routePage(name as RouteName)]),
) as Record<RouteName, ComponentType>;

/** Starts fetching a route's page chunk (menu hover or focus); a second call costs nothing. */
export function prefetchPage(name: RouteName): void {
  // A prefetch that fails is retried by the real navigation, which reports it.
  pageLoaders[name]().catch(() => undefined);
}
