import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Router, matchRoute, useLocation, useRouter } from 'wouter';
import { APP_BASE } from '@nine/shared/constants';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSessionActor, useSessionStatus } from '../features/session/session-context.tsx';
import { useAppTranslation } from '../lib/i18n.ts';
import { useUiStore } from '../lib/ui-store.ts';
import { currentFullPath } from './app-services.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { DashboardLayout } from './layouts/dashboard-layout.tsx';
import { ActivitySettingsPage } from './pages/activity-settings-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { ForgotPasswordPage } from './pages/forgot-password-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { LocalSettingsPage } from './pages/local-settings-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PasswordExpiredPage } from './pages/password-expired-page.tsx';
import { ResetPasswordPage } from './pages/reset-password-page.tsx';
import { SsoSignInPage } from './pages/sso-sign-in-page.tsx';
import { VersionHistoryPage } from './pages/version-history-page.tsx';
import {
  RentOrderPrint55mmPage,
  RentOrderPrintPage,
  SaleOrderPrint55mmPage,
  SaleOrderPrintPage,
} from './pages/order-print-pages.tsx';
import { RentOrderPage } from './pages/rent-order-page.tsx';
import { RentOrdersPage } from './pages/rent-orders-page.tsx';
import { SaleOrderPage } from './pages/sale-order-page.tsx';
import { SaleOrdersPage } from './pages/sale-orders-page.tsx';
import { CreateOrderPage } from './pages/create-order-page.tsx';
import { QuickSalePage } from './pages/quick-sale-page.tsx';
import { BarcodePage } from './pages/barcode-page.tsx';
import { BarcodePrintPage } from './pages/barcode-print-page.tsx';
import {
  AvailabilityCalendarDetailsPage,
  AvailabilityCalendarPage,
} from './pages/availability-calendar-page.tsx';
import { ScheduledMaintenancePage } from './pages/maintenance-page.tsx';
import { StocktakePage } from './pages/stocktake-page.tsx';
import { MaintenanceReportPage, MaintenanceReportPrintPage } from './pages/maintenance-report-page.tsx';
import { RepairLogsReportPage, RepairLogsReportPrintPage } from './pages/repair-logs-report-page.tsx';
import { RecurringOrdersPage } from './pages/recurring-orders-page.tsx';
import { DeliveryReportPage, DeliveryReportPrintPage } from './pages/delivery-report-pages.tsx';
import { RentInvoicesPage, SaleInvoicesPage } from './pages/invoice-list-page.tsx';
import { InvoicePage } from './pages/invoice-page.tsx';
import { InvoicePrint55mmPage, InvoicePrintPage } from './pages/invoice-print-page.tsx';
import { DownloadCenterPage } from './pages/download-center-page.tsx';
import { RolesManagementPage, UsersManagementPage } from './pages/staff-page.tsx';
import { CashRegistersPage } from './pages/cash-registers-page.tsx';
import { PaymentPrintPage, PrintDefaultPage } from './pages/payment-print-page.tsx';
import { CustomersPage } from './pages/customers-page.tsx';
import { CustomerPage } from './pages/customer-page.tsx';
import { CustomerAdminPage } from './pages/customer-admin-page.tsx';
import { RentInventoryPage, SaleInventoryPage } from './pages/inventory-list-pages.tsx';
import { RentInventoryDetailPage, SaleInventoryDetailPage } from './pages/inventory-detail-page.tsx';
import { CategoriesPage } from './pages/category-page.tsx';
import { AttributesPage } from './pages/attribute-page.tsx';
import { refusedRouteState } from './refused-route-notice.tsx';
import { routeAccess, routeTitle } from './route-access.ts';
import { paramsAllowed, pathTo, routeTable, type RouteDef, type RouteName } from './route-table.ts';
import { useViewerPermissions } from './use-viewer-permissions.ts';

// Every route name must have a page: adding a row to the table without one fails typecheck.
const pages = {
  Home: HomePage,
  Login: LoginPage,
  SsoSignIn: SsoSignInPage,
  PasswordExpired: PasswordExpiredPage,
  ForgotPassword: ForgotPasswordPage,
  ResetPassword: ResetPasswordPage,
  DashboardIndex: DashboardPage,
  localSettings: LocalSettingsPage,
  versionHistory: VersionHistoryPage,
  activitySettings: ActivitySettingsPage,
  rentOrders: RentOrdersPage,
  rentOrder: RentOrderPage,
  rentOrderPrint: RentOrderPrintPage,
  rentOrderPrint55mm: RentOrderPrint55mmPage,
  saleOrders: SaleOrdersPage,
  saleOrder: SaleOrderPage,
  saleOrderPrint: SaleOrderPrintPage,
  saleOrderPrint55mm: SaleOrderPrint55mmPage,
  createOrder: CreateOrderPage,
  quickSale: QuickSalePage,
  activeRecurringOrders: RecurringOrdersPage,
  deliveryReport: DeliveryReportPage,
  deliveryReportPrint: DeliveryReportPrintPage,
  rentInvoices: RentInvoicesPage,
  saleInvoices: SaleInvoicesPage,
  invoice: InvoicePage,
  invoicePrint: InvoicePrintPage,
  invoicePrint55mm: InvoicePrint55mmPage,
  downloadCenter: DownloadCenterPage,
  usersManagement: UsersManagementPage,
  rolesManagement: RolesManagementPage,
  paymentPrint: PaymentPrintPage,
  printDefault: PrintDefaultPage,
  cashRegisters: CashRegistersPage,
  customers: CustomersPage,
  customer: CustomerPage,
  partners: CustomerAdminPage,
  rentInventory: RentInventoryPage,
  saleInventory: SaleInventoryPage,
  rentInventoryDetail: RentInventoryDetailPage,
  saleInventoryDetail: SaleInventoryDetailPage,
  categories: CategoriesPage,
  attributes: AttributesPage,
  barcodes: BarcodePage,
  barcodePrint: BarcodePrintPage,
  availabilityCalendar: AvailabilityCalendarPage,
  availabilityCalendarDetails: AvailabilityCalendarDetailsPage,
  scheduledMaintenance: ScheduledMaintenancePage,
  stocktakeReport: StocktakePage,
  repairLogs: RepairLogsReportPage,
  repairLogsPrint: RepairLogsReportPrintPage,
  maintenanceReport: MaintenanceReportPage,
  maintenanceReportPrint: MaintenanceReportPrintPage,
  'not-found': NotFoundPage,
} satisfies Record<RouteName, ComponentType>;

/** Sends a signed-out visitor to login, remembering the full path to come back to. */
function SignInRedirect() {
  const actor = useSessionActor();
  const [, navigate] = useLocation();
  // Read while rendering: an effect that runs again (StrictMode) would already see the login path.
  const [path] = useState(currentFullPath);
  useLayoutEffect(() => {
    actor.send({ type: 'REMEMBER_PATH', path });
    navigate(pathTo('Login'), { replace: true });
  }, [actor, navigate, path]);
  return null;
}

function RouteRedirect({ to }: { to: RouteName }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => navigate(pathTo(to), { replace: true }), [to, navigate]);
  return null;
}

/** Navigation rule 2, said aloud: the dashboard it lands on tells which page was refused and why. */
function ForbiddenRedirect({ route, to }: { route: RouteName; to: RouteName }) {
  const [, navigate] = useLocation();
  useLayoutEffect(
    () => navigate(pathTo(to), { replace: true, state: refusedRouteState(route) }),
    [route, to, navigate],
  );
  return null;
}

const BLOCK_BACK_MARK = 'nineBlockBack';

/** Navigation rule 4: a back action on a route that forbids it lands on the route's destination. */
export function useBlockBack(routeName: RouteName, blockBack: RouteDef['blockBack']) {
  const [, navigate] = useLocation();
  const destination = blockBack?.to;
  useEffect(() => {
    if (destination === undefined) return;
    // A marked duplicate entry absorbs the back action so it can be detected and redirected; marked so
    // that an effect running twice (StrictMode) does not stack two.
    const state: unknown = window.history.state;
    const marked = typeof state === 'object' && state !== null && BLOCK_BACK_MARK in state;
    if (!marked) {
      window.history.pushState(
        { ...(state as object | null), [BLOCK_BACK_MARK]: routeName },
        '',
        window.location.href,
      );
    }
    const onPopState = () => navigate(pathTo(destination), { replace: true });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [routeName, destination, navigate]);
}

/** Navigation rule 3: moving between two differently named routes closes any open common modal. */
function useCloseCommonModalOnRouteChange(routeName: RouteName) {
  const ui = useUiStore();
  const previous = useRef(routeName);
  useEffect(() => {
    if (previous.current !== routeName) ui.closeCommonModal();
    previous.current = routeName;
  }, [routeName, ui]);
}

function RouteFrame({ route }: { route: RouteDef }) {
  const { t } = useAppTranslation();
  const signedIn = useSessionStatus() === 'signedIn';
  const [path] = useLocation();
  // Permissions that cannot be loaded grant nothing.
  const permissions = useViewerPermissions();
  const title = routeTitle(route, t);

  useEffect(() => {
    document.title = title;
  }, [title]);
  useBlockBack(route.name, route.blockBack);
  useCloseCommonModalOnRouteChange(route.name);

  const access = routeAccess(route, { signedIn, permissions });
  if (access.kind === 'redirect') {
    return access.to === 'Login' ? <SignInRedirect /> : <RouteRedirect to={access.to} />;
  }
  if (access.kind === 'forbidden') {
    return <ForbiddenRedirect route={route.name} to={access.to} />;
  }

  const Page = pages[route.name];
  const content: ReactNode =
    access.kind === 'wait' ? (
      <PageSpinner />
    ) : (
      // Inside the layout, so the menu and header stay usable when a page crashes; a new path retries.
      <ErrorBoundary key={route.name} resetKey={path}>
        <Page />
      </ErrorBoundary>
    );

  switch (route.layout) {
    case 'dashboard':
      return (
        <DashboardLayout title={title} currentRoute={route} permissions={permissions ?? []}>
          {content}
        </DashboardLayout>
      );
    case 'auth':
      return <AuthLayout>{content}</AuthLayout>;
    case 'bare':
      return content;
  }
}

/** Picks the first matching row of the route table; one RouteFrame instance keeps layouts mounted across pages. */
function RouteSwitch() {
  const router = useRouter();
  const [location] = useLocation();
  const route = routeTable.find((candidate) => {
    const [matched, params] = matchRoute(router.parser, candidate.path, location);
    // A non-numeric :id matches no order route and falls through to not-found (spec section 2).
    return matched && paramsAllowed(params);
  });
  // The catch-all row guarantees a match; this only satisfies the type.
  return route ? <RouteFrame route={route} /> : null;
}

export function AppRouter() {
  return (
    <Router base={APP_BASE}>
      <RouteSwitch />
    </Router>
  );
}
