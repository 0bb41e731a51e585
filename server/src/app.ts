import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';
import { createTranslator } from './lib/translator.ts';
import { createMailTransport, type MailTransport } from './lib/mail.ts';
import { createAuthService } from './modules/auth/auth-service.ts';
import { registerChangeExpiredPassword } from './modules/auth/change-expired-password.ts';
import { createFailureCounter } from './modules/auth/failure-counter.ts';
import { registerLocationPermissions } from './modules/auth/location-permissions.ts';
import { registerLogin } from './modules/auth/login.ts';
import { registerLogout } from './modules/auth/logout.ts';
import { registerPasswordPolicy } from './modules/auth/password-policy.ts';
import { createPasswordService } from './modules/auth/password-service.ts';
import { registerResetPassword } from './modules/auth/reset-password.ts';
import { registerResetPasswordLink } from './modules/auth/reset-password-link.ts';
import { registerSelectLocation } from './modules/auth/select-location.ts';
import { registerSso } from './modules/auth/sso-routes.ts';
import { createAccessKeys } from './modules/auth/access-keys.ts';
import { registerCreateOrder } from './modules/orders/create-order.ts';
import { registerGetOrder } from './modules/orders/get-order.ts';
import { logSerializers } from './lib/log-redaction.ts';
import { registerListOrders } from './modules/orders/list-orders.ts';
import { registerOrderEvents } from './modules/orders/order-events.ts';
import { registerOrderOverrides } from './modules/orders/order-overrides.ts';
import { registerOrderExtras } from './modules/orders/order-extras.ts';
import { registerOrderItems } from './modules/orders/order-items.ts';
import { registerOrderPeriod } from './modules/orders/order-period.ts';
import { registerDeliveryRoutes } from './modules/orders/delivery-routes.ts';
import { createOrderService } from './modules/orders/order-service.ts';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue-routes.ts';
import { registerCategoryRoutes } from './modules/inventory/category-routes.ts';
import { registerInventoryImport } from './modules/inventory/inventory-import.ts';
import { registerInventoryRoutes } from './modules/inventory/inventory-routes.ts';
import { registerProductRoutes } from './modules/inventory/product-routes.ts';
import { registerCustomerRoutes } from './modules/customers/customer-routes.ts';
import { registerListCustomers } from './modules/customers/list-customers.ts';
import { registerCustomerHistory } from './modules/customers/customer-history.ts';
import { registerCustomerNotes } from './modules/customers/customer-notes.ts';
import { registerImportCustomers } from './modules/customers/import-customers.ts';
import { registerSendSms } from './modules/customers/send-sms.ts';
import { registerListPartners } from './modules/partners/list-partners.ts';
import { registerPartnerRoutes } from './modules/partners/partner-routes.ts';
import { createSmsTransport, type SmsTransport } from './lib/sms.ts';
import { registerInvoiceRoutes } from './modules/money/invoice-routes.ts';
import { registerMoneyRoutes } from './modules/money/money-routes.ts';
import { registerRegisterRoutes } from './modules/money/register-routes.ts';
import { createRegisterService } from './modules/money/register-service.ts';
import { registerStaffRoutes } from './modules/staff/staff-routes.ts';
import { registerUserSettings } from './modules/user-settings/user-settings-routes.ts';
import { registerStock } from './modules/stock/register-stock.ts';
import { startJobQueue } from './lib/job-queue.ts';

const RECURRING_QUEUE = 'recurring-billing';
const RATE_LIMIT_PURGE_QUEUE = 'public-rate-limit-purge';
import { EXPORT_QUEUE, registerExportRoutes } from './modules/exports/export-routes.ts';
import { runExport } from './modules/exports/export-runner.ts';
import { billDuePlans } from './modules/recurring/recurring-billing.ts';
import { registerRecurringRoutes } from './modules/recurring/recurring-routes.ts';
import { createMoneyService } from './modules/money/money-service.ts';
import { createOnlinePayments } from './modules/online-payments/online-payment-service.ts';
import type { PaymentProvider } from './modules/online-payments/payment-provider.ts';
import { providerFromConfig } from './modules/online-payments/provider-from-env.ts';
import { createProviderRefund } from './modules/online-payments/provider-refund.ts';
import { createSsoService } from './modules/auth/sso-service.ts';
import { registerDashboardSummary } from './modules/dashboard/get-summary.ts';
import { registerHealth } from './modules/health/health.ts';
import { registerListLocations } from './modules/locations/list-locations.ts';
import { registerAgentEndpoint } from './modules/settings/get-agent-endpoint.ts';
import { registerActivitySettings } from './modules/settings/get-activity-settings.ts';
import { registerUpdateActivitySettings } from './modules/settings/update-activity-settings.ts';
import { registerListRentalTypes } from './modules/settings/list-rental-types.ts';
import { registerBusinessLineRoutes } from './modules/settings/business-line-routes.ts';
import { registerLocationLineRoutes } from './modules/settings/location-line-routes.ts';
import { registerBusinessInfo } from './modules/settings/get-business-info.ts';
import { registerUpdateBusinessInfo } from './modules/settings/update-business-info.ts';
import { registerBusinessLogoRoutes } from './modules/settings/business-logo-routes.ts';
import { registerTaxRoutes } from './modules/settings/tax-routes.ts';
import { registerGlCodeRoutes } from './modules/settings/gl-code-routes.ts';
import { registerGlAccountRoutes } from './modules/settings/gl-account-routes.ts';
import { registerGeneralSettings } from './modules/settings/get-general-settings.ts';
import { registerUpdateGeneralSettings } from './modules/settings/update-general-settings.ts';
import { registerSquareSettings } from './modules/settings/square-settings.ts';
import { registerLocationDetails } from './modules/settings/location-details.ts';
import { registerCashRegisterSettings } from './modules/settings/cash-register-settings.ts';
import { registerKioskChallenge } from './modules/settings/kiosk-challenge.ts';
import { registerListKioskDevices } from './modules/settings/list-kiosk-devices.ts';
import { registerRevokeKioskDevice } from './modules/settings/revoke-kiosk-device.ts';
import { registerSetAsKiosk } from './modules/settings/set-as-kiosk.ts';
import { registerKioskCustomer } from './modules/kiosk/kiosk-customer.ts';
import { registerKioskExit } from './modules/kiosk/kiosk-exit.ts';
import { registerKioskOrders } from './modules/kiosk/kiosk-orders.ts';
import { registerKioskProducts } from './modules/kiosk/kiosk-products.ts';
import { registerBusinessCalendar } from './modules/settings/business-calendar.ts';
import { registerDeliverySettings } from './modules/settings/delivery-settings.ts';
import { registerPriceSettings } from './modules/settings/price-settings.ts';
import { registerCouponSettings } from './modules/settings/coupon-settings.ts';
import { registerOrderCoupons } from './modules/orders/order-coupons.ts';
import { registerTours } from './modules/tours/register-tours.ts';
import { registerPublic } from './modules/public/register-public.ts';
import { createPublicRateLimit } from './lib/public-rate-limit.ts';
import { registerAuthentication, type ProtectedRoute } from './plugins/authenticate.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerResponseContracts } from './plugins/response-contracts.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppDeps {
  config: Pick<
    Config,
    | 'webDist'
    | 'localesDir'
    | 'sessionTtlSeconds'
    | 'appVersion'
    | 'logLevel'
    | 'publicUrl'
    | 'smtpUrl'
    | 'mailFrom'
    | 'outboxDir'
    | 'smsGatewayUrl'
    | 'smsOutboxDir'
    | 'exportsDir'
    | 'dataDir'
    | 'agentPort'
    | 'responseContracts'
    | 'stripe'
    | 'trustProxy'
  >;
  db: Db;
  /** Defaults to SMTP or the outbox folder per the config. */
  mail?: MailTransport;
  /** Defaults to the SMS gateway or the SMS outbox folder per the config. */
  sms?: SmsTransport;
  /** How often idle workers look for jobs (tests make it short). */
  jobPollingSeconds?: number;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** Defaults to Stripe when configured, else the test provider (tests pass their own). */
  paymentProvider?: PaymentProvider;
}

export interface NineApp {
  app: FastifyInstance;
  /** Every /api route with its declared access, for the table-driven permission test. */
  routes: ProtectedRoute[];
}

/** Builds the whole HTTP app without listening: server.ts listens, tests use inject(). */
export async function buildApp({
  config,
  db,
  logger,
  now = () => new Date(),
  mail,
  sms,
  jobPollingSeconds,
  paymentProvider,
}: AppDeps): Promise<NineApp> {
  const app = Fastify({
    // Share tokens and payment references never reach the log (lib/log-redaction.ts).
    logger: logger ?? { level: config.logLevel, serializers: logSerializers },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Forwarded addresses are believed only from the configured proxies (TRUST_PROXY, default loopback).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // A hop count: the nearest n hops are proxies (what Fastify does with a number; its types lack it).
          (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Long enough that an overlong public token answers the same 404 as any miss, not 414.
    routerOptions: { maxParamLength: 200 },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Before any route: it hooks each /api route as it is added.
  await registerCompression(app);
  const translate = createTranslator(config.localesDir);
  registerErrorHandling(app, translate);
  const failures = createFailureCounter({ db, now });
  const auth = createAuthService({ db, failures, sessionTtlSeconds: config.sessionTtlSeconds, now });
  const mailer =
    mail ??
    createMailTransport({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom });
  const passwords = createPasswordService({ db, mail: mailer, translate, publicUrl: config.publicUrl, now });
  const sso = createSsoService({
    db,
    auth,
    publicUrl: config.publicUrl,
    now,
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  const accessKeys = createAccessKeys({ db, failures });
  const orders = createOrderService({ accessKeys });
  const provider = paymentProvider ?? providerFromConfig(config.stripe, app.log);
  const money = createMoneyService({
    accessKeys,
    orders,
    permissionsAt: auth.permissionsAt,
    providerRefund: createProviderRefund(provider),
  });
  const payments = createOnlinePayments({ db, provider, money, now });
  // Before authentication: the docs scope's routes are marked public before access is enforced.
  await registerOpenApi(app, config.appVersion);
  registerResponseContracts(app, config.responseContracts);
  const routes = registerAuthentication(app, auth);

  registerHealth(app, { db, version: config.appVersion });
  registerAgentEndpoint(app, { agentPort: config.agentPort });
  registerLogin(app, auth);
  registerLogout(app, auth);
  registerResetPasswordLink(app, passwords);
  registerResetPassword(app, passwords);
  registerChangeExpiredPassword(app, auth, passwords);
  registerPasswordPolicy(app, { db });
  registerSso(app, sso, config.publicUrl);
  registerLocationPermissions(app, auth);
  registerListLocations(app, auth);
  registerSelectLocation(app, auth);
  registerBusinessInfo(app, { db, auth });
  registerUpdateBusinessInfo(app, { db });
  registerBusinessLogoRoutes(app, { db, logosDir: join(config.dataDir, 'business-logos') });
  registerTaxRoutes(app, { db });
  registerGlCodeRoutes(app, { db });
  registerGlAccountRoutes(app, { db });
  registerGeneralSettings(app, { db, auth, appVersion: config.appVersion });
  registerUpdateGeneralSettings(app, { db, auth, appVersion: config.appVersion });
  registerSquareSettings(app, { db, auth });
  registerLocationDetails(app, { db, auth });
  registerActivitySettings(app, { db, auth });
  registerUpdateActivitySettings(app, { db, auth });
  registerListRentalTypes(app, { db });
  registerBusinessLineRoutes(app, { db });
  registerLocationLineRoutes(app, { db, auth });
  registerKioskChallenge(app, { db });
  registerSetAsKiosk(app, { db });
  registerListKioskDevices(app, { db });
  registerRevokeKioskDevice(app, { db });
  registerKioskProducts(app, { db });
  registerKioskCustomer(app, { db });
  registerKioskExit(app, { db, accessKeys });
  registerKioskOrders(app, { db, failures });
  registerBusinessCalendar(app, { db, auth });
  registerDeliverySettings(app, { db, auth });
  registerPriceSettings(app, { db, auth });
  registerCouponSettings(app, { db });
  registerTours(app, {
    db,
    auth,
    imagesDir: join(config.dataDir, 'tour-images'),
    now,
    orders,
    money,
    accessKeys,
    publicUrl: config.publicUrl,
    translate,
  });
  const rateLimit = createPublicRateLimit({ db, now });
  registerPublic(app, { db, rateLimit, now, payments, translate });
  registerDashboardSummary(app, { db });
  registerListOrders(app, { db, auth });
  registerGetOrder(app, { db, auth });
  registerCreateOrder(app, { db, orders });
  registerOrderEvents(app, { db, orders, auth });
  registerOrderOverrides(app, { db, accessKeys, auth });
  registerOrderExtras(app, { db, auth, photosDir: resolve(config.dataDir, 'order-photos') });
  registerOrderItems(app, { db, auth });
  registerOrderPeriod(app, { db, orders, auth });
  registerOrderCoupons(app, { db, auth });
  registerDeliveryRoutes(app, { db, auth });
  registerListCustomers(app, { db });
  registerCustomerRoutes(app, { db });
  registerCustomerHistory(app, { db });
  registerCustomerNotes(app, { db });
  registerImportCustomers(app, { db });
  registerSendSms(app, {
    db,
    sms:
      sms ??
      createSmsTransport({
        gatewayUrl: config.smsGatewayUrl,
        outboxDir: config.smsOutboxDir ?? resolve(config.outboxDir, 'sms'),
      }),
  });
  registerListPartners(app, { db });
  registerPartnerRoutes(app, { db });
  registerCatalogueRoutes(app, { db });
  registerInventoryRoutes(app, { db, auth });
  registerProductRoutes(app, { db, auth });
  registerInventoryImport(app, { db, auth });
  registerCategoryRoutes(app, { db, imagesDir: join(config.dataDir, 'category-images') });
  registerMoneyRoutes(app, { db, money, auth });
  registerInvoiceRoutes(app, { db, auth });
  const registers = createRegisterService();
  registerRegisterRoutes(app, { db, auth, registers });
  registerCashRegisterSettings(app, { db, auth, registers });
  registerStaffRoutes(app, { db, auth });
  registerUserSettings(app, { db });
  registerStock(app, { db, accessKeys });

  const jobs = await startJobQueue(db, { pollingIntervalSeconds: jobPollingSeconds ?? 2 });
  app.addHook('onClose', () => jobs.stop());
  await jobs.work<{ exportId: number }>(EXPORT_QUEUE, ({ exportId }) =>
    runExport(db, { dir: config.exportsDir, translate }, exportId),
  );
  registerExportRoutes(app, { db, auth, jobs, dir: config.exportsDir });
  // Recurring invoices: checked every 15 minutes by whichever instance takes the scheduled job.
  await jobs.work(RECURRING_QUEUE, async () => void (await billDuePlans(db)));
  await jobs.schedule(RECURRING_QUEUE, '*/15 * * * *');
  // Public rate-limit windows older than an hour are forgotten every 10 minutes.
  await jobs.work(RATE_LIMIT_PURGE_QUEUE, () => rateLimit.purge());
  await jobs.schedule(RATE_LIMIT_PURGE_QUEUE, '*/10 * * * *');
  registerRecurringRoutes(app, { db, auth });

  await registerWebApp(app, config.webDist);
  await app.ready();
  return { app, routes };
}
