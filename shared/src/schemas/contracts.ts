import { z } from 'zod';
import { agentEndpointResponse } from './agent-endpoint.ts';
import { deleted, fileUpload, id, idPath, pageOf } from './contract-helpers.ts';
import {
  changeExpiredPasswordRequest,
  healthResponse,
  locationSchema,
  loginRequest,
  loginResponse,
  passwordPolicySchema,
  permissionRecord,
  resetPasswordLinkRequest,
  resetPasswordRequest,
  ssoCheckResponse,
  ssoCompleteRequest,
  ssoLoginRequest,
} from './auth.ts';
import {
  availability,
  availabilityQuery,
  catalogueMatch,
  catalogueSearchQuery,
  lookupProduct,
  lookupQuery,
  productSearchQuery,
} from './catalogue.ts';
import {
  customerDetail,
  customerHistoryQuery,
  customerImportRequest,
  customerInput,
  customerInvoiceRow,
  customerListQuery,
  customerMessageRow,
  customerNoteInput,
  customerNoteRow,
  customerOrderRow,
  customerPaymentRow,
  customerRow,
  customerUpdate,
  importResult,
  participantInput,
  participantRow,
  sendSmsInput,
} from './customers.ts';
import { dashboardSummary } from './dashboard.ts';
import {
  deliveryAssign,
  deliveryReportQuery,
  deliveryReportRow,
  deliveryUpdate,
  updatedDelivery,
} from './delivery.ts';
import { exportCreate, exportCreated, exportPage } from './exports.ts';
import {
  attributeInput,
  attributeRow,
  categoryAttributesInput,
  categoryInput,
  categoryList,
  categoryRow,
  categoryUpdate,
  importReport,
  inventoryItem,
  inventoryListQuery,
  inventoryListRow,
  itemInput,
  itemTransfer,
  itemUpdate,
  productDetail,
  productDetailView,
  productInput,
  productRow,
  productUpdate,
  rentalHistoryQuery,
  rentalHistoryRow,
  stockInput,
} from './inventory.ts';
import {
  adhocChargeCreate,
  creditNoteCreate,
  invoiceDetail,
  invoiceListQuery,
  invoiceRow,
} from './invoices.ts';
import { cashRegisterState, orderMoney, paymentView, registerCloseOutcome } from './payments.ts';
import {
  cashRegisterCreate,
  cashRegisterListQuery,
  cashRegisterUpdate,
  generalSettingsUpdate,
  locationDetails,
  locationUpdate,
} from './location-settings.ts';
import { squareSettings, squareSettingsUpdate } from './square-settings.ts';
import {
  depositMove,
  depositOverride,
  paymentCreate,
  priceOverride,
  refundCreate,
  registerClose,
  registerMovement,
  registerOpen,
} from './money.ts';
import {
  orderEventRequest,
  orderItemReplace,
  orderItemsInvoice,
  orderItemUpdate,
  orderDetail,
  orderItemsInvoiced,
  orderListQuery,
  orderListRow,
  orderNotesUpdate,
  orderParticipantInput,
  orderSignatureInput,
  rentOrderCreate,
  rentOrderPeriod,
  rentOrderQuote,
  rentQuote,
  saleOrderCreate,
} from './orders.ts';
import {
  couponInput,
  couponRow,
  couponUpdate,
  partnerDetail,
  partnerInput,
  partnerListQuery,
  partnerRow,
  partnerUpdate,
} from './partners.ts';
import {
  autoBillingInput,
  autoBillingPlan,
  recurringOrderListQuery,
  recurringOrderRow,
} from './recurring.ts';
import {
  activitySettings,
  activitySettingsUpdate,
  businessInfo,
  generalSettings,
  kioskChallenge,
  kioskDeviceRow,
  kioskResult,
  kioskRevoked,
  locationActivitySettings,
  rentalType,
  settingsDeleteQuery,
} from './settings.ts';
import {
  businessInfoSaved,
  businessInfoUpdate,
  glCodeInput,
  glCodeList,
  glCodeParams,
  glCodeRow,
  glCodeUpdate,
  logoAnswer,
  logoParams,
  taxInput,
  taxList,
  taxModeUpdate,
  taxModeView,
  taxRow,
  taxUpdate,
} from './business-settings.ts';
import { glAccountParams, glAccountSaved, glAccountUpdate, glAccounts } from './gl-accounts.ts';
import {
  businessCalendar,
  businessCalendarQuery,
  businessHoursUpdate,
  specialDay,
  specialDayCreate,
  specialDayUpdate,
} from './business-calendar.ts';
import {
  deliveryAvailability,
  deliveryAvailabilityUpdate,
  deliverySettings,
  deliverySettingsQuery,
  deliveryWindow,
  deliveryWindowCreate,
  deliveryWindowUpdate,
  deliveryZone,
  deliveryZoneCreate,
  deliveryZoneUpdate,
} from './delivery-settings.ts';
import {
  businessLine,
  businessLineUpdate,
  lineParams,
  locationLine,
  locationLineQuery,
  locationLineUpdate,
} from './product-lines.ts';
import {
  pricePreview,
  pricePreviewRequest,
  priceSettings,
  priceSettingsQuery,
  priceSwitches,
  priceSwitchesUpdate,
  rentalPeriod,
  rentalPeriodCreate,
  rentalPeriodUpdate,
  rentRate,
  rentRateCreate,
  rentRateUpdate,
  specialRule,
  specialRuleCreate,
  specialRuleUpdate,
} from './price-settings.ts';
import { couponSettings, couponSettingsUpdate, orderCouponApply, orderCoupons } from './coupon-settings.ts';
import {
  kioskCustomerAnswer,
  kioskCustomerRequest,
  kioskExitAnswer,
  kioskExitRequest,
  kioskOrderLookup,
  kioskOrderSignRequest,
  kioskOrderSummary,
  kioskProductList,
  kioskProductsUpdate,
} from './kiosk.ts';
import {
  accessKeySet,
  accessPolicyUpdate,
  accessPolicyView,
  roleInput,
  roleSaved,
  roleView,
  staffListQuery,
  staffUser,
  userCreate,
  userPage,
  userUpdate,
} from './staff.ts';
import {
  availabilityCalendar,
  availabilityCalendarQuery,
  barcodeLookupQuery,
  barcodeMatch,
  calendarBooking,
  calendarOrdersQuery,
  labelItem,
  labelItemsQuery,
  maintenanceReport,
  maintenanceReportQuery,
  maintenanceRule,
  maintenanceRuleCreate,
  rentalGroup,
  repairLog,
  repairLogClose,
  repairLogCreate,
  repairLogReport,
  repairLogReportQuery,
  repairLogsQuery,
  repairWorkCreate,
  scheduledMaintenanceQuery,
  scheduledMaintenanceRow,
  stocktake,
  stocktakeListQuery,
  stocktakeScan,
  stocktakeScanResult,
  stocktakeStart,
  stocktakeSummary,
} from './stock.ts';
import { leaderContracts } from './tours/leader-contracts.ts';
import { definitionContracts } from './tours/definition-contracts.ts';
import { tourSettingsContracts } from './tours/settings-contracts.ts';
import { tourEventContracts } from './tours/event-contracts.ts';
import { tourReservationContracts } from './tours/reservation-contracts.ts';
import { tourReservationChangeContracts } from './tours/reservation-change-contracts.ts';
import { tourParticipantContracts } from './tours/participant-contracts.ts';
import { onlinePaymentContracts } from './online-payment-contracts.ts';

/**
 * What one endpoint takes and answers, for the OpenAPI document (server/src/plugins/openapi.ts). The request
 * schemas are the ones the handlers `parse()` with; `response` is the `data` of the `{ data }` envelope.
 */
export interface RouteContract {
  summary?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<Record<200 | 201, z.ZodType>>;
}

const created = deleted;
const ok = z.object({ ok: z.literal(true) });
/** The permissions the session holds at its location, and the resources they name (sorted). */
const locationPermissions = z.object({
  permissions: z.array(permissionRecord),
  resources: z.array(z.string()),
});
/** What a cash register action answers: the outcome (a close's count) and the register as it is now. */
export const registerAction = z.object({
  outcome: registerCloseOutcome.optional(),
  register: cashRegisterState,
});
export type RegisterAction = z.infer<typeof registerAction>;

// Answers that have no type of their own elsewhere (the web api files import these types).
export const customerPage = pageOf(customerRow);
export type CustomerPage = z.infer<typeof customerPage>;
export const partnerPage = pageOf(partnerRow);
export type PartnerPage = z.infer<typeof partnerPage>;
export const rentalHistoryPage = pageOf(rentalHistoryRow);
export type RentalHistoryPage = z.infer<typeof rentalHistoryPage>;
export const recurringOrderPage = pageOf(recurringOrderRow);
export type RecurringOrderPage = z.infer<typeof recurringOrderPage>;
export const orderListPage = pageOf(orderListRow);
export type OrderListPage = z.infer<typeof orderListPage>;
export const catalogueMatches = z.object({ matches: z.array(catalogueMatch) });
export type CatalogueMatches = z.infer<typeof catalogueMatches>;
export const refundResult = z.object({ refund_id: z.number(), payment: paymentView });
export type RefundResult = z.infer<typeof refundResult>;
export const depositMoveResult = z.object({ movement_id: z.number(), held_minor: z.number() });
export type DepositMoveResult = z.infer<typeof depositMoveResult>;

// Request schemas the modules declare locally (documented here as they accept them).
const ssoCheckQuery = z.object({ email: z.string().email().max(254).optional() });
const customerLookupQuery = z.object({
  search: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
const exportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
const settingKey = z.object({ key: z.string().regex(/^[a-z0-9_.-]{1,64}$/) });
const settingValue = z.object({ value: z.unknown() });
const rentalTypeQuery = z.object({ rental_type_id: z.coerce.number().int().positive().optional() });
/** Another location the user may work in than the request's (`location-id` header). */
const locationQuery = z.object({ location_id: z.coerce.number().int().positive().optional() });
const setAsKiosk = z.object({
  used_in_store: z.boolean(),
  device: z
    .object({
      deviceId: z.string(),
      name: z.string().trim().min(1).max(128),
      publicKey: z.string(),
      challengeId: z.uuid(),
      signature: z.string(),
    })
    .optional(),
});
const imageFile = z.object({ file: z.string() });
/** What creating or renaming a category answers: the row without its counts and image. */
const categorySaved = categoryRow.pick({ id: true, parent_id: true, name: true, sort_order: true });
const categoryImage = z.object({ id: z.number(), image_url: z.string().nullable() });

/** A customer as the order form's lookup finds it. */
export const customerMatch = customerRow.pick({
  id: true,
  name: true,
  phone: true,
  email: true,
  postal_code: true,
  is_anonymous: true,
});
export type CustomerMatch = z.infer<typeof customerMatch>;

/** Most order actions answer the order view as it is after them. */
const orderView = { 200: orderDetail };

const orders = (path: 'rent-orders' | 'sale-orders') =>
  ({
    [`GET /api/nine/${path}`]: { querystring: orderListQuery, response: { 200: orderListPage } },
    [`GET /api/nine/${path}/:id`]: { params: id, response: orderView },
    [`POST /api/nine/${path}/:id/events`]: { params: id, body: orderEventRequest, response: orderView },
    [`PATCH /api/nine/${path}/:id/notes`]: { params: id, body: orderNotesUpdate, response: orderView },
    [`POST /api/nine/${path}/:id/change-cost`]: { params: id, body: priceOverride, response: orderView },
    [`POST /api/nine/${path}/:id/participants`]: {
      params: id,
      body: orderParticipantInput,
      response: orderView,
    },
    [`DELETE /api/nine/${path}/:id/participants/:childId`]: {
      params: idPath('id', 'childId'),
      response: orderView,
    },
    [`PUT /api/nine/${path}/:id/signature`]: { params: id, body: orderSignatureInput, response: orderView },
    [`POST /api/nine/${path}/:id/photos`]: { params: id, body: fileUpload, response: orderView },
    // The photo itself (image/jpeg, png or webp), not JSON.
    [`GET /api/nine/${path}/:id/photos/:childId`]: { params: idPath('id', 'childId') },
    [`DELETE /api/nine/${path}/:id/photos/:childId`]: {
      params: idPath('id', 'childId'),
      response: orderView,
    },
    [`POST /api/nine/${path}/:id/invoice-items`]: {
      params: id,
      body: orderItemsInvoice,
      response: { 200: orderItemsInvoiced },
    },
    [`PATCH /api/nine/${path}/:id/items/:childId`]: {
      params: idPath('id', 'childId'),
      body: orderItemUpdate,
      response: orderView,
    },
  }) satisfies Record<string, RouteContract>;

const customerHistory = {
  orders: customerOrderRow,
  invoices: customerInvoiceRow,
  payments: customerPaymentRow,
  messages: customerMessageRow,
} as const;

export const contracts: Record<string, RouteContract> = {
  'GET /api/health': { response: { 200: healthResponse } },
  'GET /api/nine/agent-endpoint': { response: { 200: agentEndpointResponse } },
  ...tourEventContracts,
  ...tourReservationContracts,
  ...tourReservationChangeContracts,
  ...tourParticipantContracts,
  ...onlinePaymentContracts,
  ...tourSettingsContracts,

  // auth
  'POST /api/nine/user/login': { body: loginRequest, response: { 200: loginResponse } },
  'POST /api/nine/user/logout': { response: { 200: ok } },
  'POST /api/nine/user/reset-password-link': { body: resetPasswordLinkRequest, response: { 200: ok } },
  'POST /api/nine/user/reset-password': { body: resetPasswordRequest, response: { 200: ok } },
  'POST /api/nine/user/password-expired': {
    body: changeExpiredPasswordRequest,
    response: { 200: loginResponse },
  },
  'GET /api/nine/user/password-policy': { response: { 200: passwordPolicySchema } },
  'GET /api/nine/locations': { response: { 200: z.array(locationSchema) } },
  'GET /api/nine/user/location-permissions': { response: { 200: locationPermissions } },
  'POST /api/nine/user/sso/check': { querystring: ssoCheckQuery, response: { 200: ssoCheckResponse } },
  'POST /api/nine/user/sso/login': {
    body: ssoLoginRequest,
    response: { 200: z.object({ authorization_url: z.string() }) },
  },
  'POST /api/nine/user/sso/complete': { body: ssoCompleteRequest, response: { 200: loginResponse } },
  'GET /api/nine/locations/:id/select': {
    params: id,
    response: { 200: locationPermissions.extend({ location_id: z.number() }) },
  },
  // A user setting is whatever JSON the web stored under its key (null when never set).
  'GET /api/nine/user/settings/:key': { params: settingKey, response: { 200: z.unknown() } },
  'PUT /api/nine/user/settings/:key': {
    params: settingKey,
    body: settingValue,
    response: { 200: z.unknown() },
  },

  // settings
  'GET /api/nine/activity-settings': {
    querystring: rentalTypeQuery.extend(locationQuery.shape),
    response: { 200: activitySettings },
  },
  'PUT /api/nine/activity-settings': { body: activitySettingsUpdate, response: { 200: activitySettings } },
  'GET /api/nine/rental-types': { response: { 200: z.array(rentalType) } },
  // settings: product lines (business defaults, location overrides)
  'GET /api/nine/settings/business-lines/:line': { params: lineParams, response: { 200: businessLine } },
  'PUT /api/nine/settings/business-lines/:line': {
    params: lineParams,
    body: businessLineUpdate,
    response: { 200: businessLine },
  },
  'GET /api/nine/settings/location-lines/:line': {
    params: lineParams,
    querystring: locationLineQuery,
    response: { 200: locationLine },
  },
  'PUT /api/nine/settings/location-lines/:line': {
    params: lineParams,
    body: locationLineUpdate,
    response: { 200: locationLine },
  },
  'GET /api/nine/location-activity-settings': {
    querystring: rentalTypeQuery,
    response: { 200: locationActivitySettings },
  },
  'GET /api/nine/general-settings': { querystring: locationQuery, response: { 200: generalSettings } },
  'PUT /api/nine/general-settings': { body: generalSettingsUpdate, response: { 200: generalSettings } },
  'GET /api/nine/square-settings': { querystring: locationQuery, response: { 200: squareSettings } },
  'PUT /api/nine/square-settings': { body: squareSettingsUpdate, response: { 200: squareSettings } },
  'GET /api/nine/locations/:id': { params: id, response: { 200: locationDetails } },
  'PUT /api/nine/locations/:id': { params: id, body: locationUpdate, response: { 200: locationDetails } },
  'GET /api/nine/business-info': { querystring: locationQuery, response: { 200: businessInfo } },
  // Business settings (business-wide)
  'PUT /api/nine/business-info': { body: businessInfoUpdate, response: { 200: businessInfoSaved } },
  'PUT /api/nine/business-logos/:kind': {
    params: logoParams,
    body: fileUpload,
    response: { 200: logoAnswer },
  },
  'DELETE /api/nine/business-logos/:kind': { params: logoParams, response: { 200: logoAnswer } },
  'GET /api/nine/business-logo-images/:file': { params: imageFile },
  'GET /api/nine/taxes': { response: { 200: taxList } },
  'POST /api/nine/taxes': { body: taxInput, response: { 201: taxRow } },
  'PUT /api/nine/taxes/:id': { params: id, body: taxUpdate, response: { 200: taxRow } },
  'DELETE /api/nine/taxes/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: z.object({ id: z.number() }) },
  },
  'GET /api/nine/tax-mode': { response: { 200: taxModeView } },
  'PUT /api/nine/tax-mode': { body: taxModeUpdate, response: { 200: taxModeView } },
  'GET /api/nine/gl-codes': { response: { 200: glCodeList } },
  'POST /api/nine/gl-codes': { body: glCodeInput, response: { 201: glCodeRow } },
  'PUT /api/nine/gl-codes/:code': { params: glCodeParams, body: glCodeUpdate, response: { 200: glCodeRow } },
  'GET /api/nine/gl-accounts': { response: { 200: glAccounts } },
  'PUT /api/nine/gl-accounts/:kind/:key': {
    params: glAccountParams,
    body: glAccountUpdate,
    response: { 200: glAccountSaved },
  },
  'DELETE /api/nine/gl-codes/:code': {
    params: glCodeParams,
    querystring: settingsDeleteQuery,
    response: { 200: z.object({ code: z.string() }) },
  },
  'GET /api/nine/kiosk-devices': { response: { 200: z.array(kioskDeviceRow) } },
  'POST /api/nine/set-as-kiosk/challenge': { response: { 200: kioskChallenge } },
  'POST /api/nine/set-as-kiosk': { body: setAsKiosk, response: { 200: kioskResult } },
  'POST /api/nine/kiosk-devices/:id/revoke': { params: id, response: { 200: kioskRevoked } },
  // settings: kiosk interface
  'GET /api/nine/kiosk/products': { response: { 200: kioskProductList } },
  'PUT /api/nine/kiosk/products': { body: kioskProductsUpdate, response: { 200: kioskProductList } },
  'POST /api/nine/kiosk/customer': { body: kioskCustomerRequest, response: { 200: kioskCustomerAnswer } },
  'POST /api/nine/kiosk/exit': { body: kioskExitRequest, response: { 200: kioskExitAnswer } },
  'POST /api/nine/kiosk/orders/find': { body: kioskOrderLookup, response: { 200: kioskOrderSummary } },
  'PUT /api/nine/kiosk/orders/signature': {
    body: kioskOrderSignRequest,
    response: { 200: kioskOrderSummary },
  },
  // settings: business calendar
  'GET /api/nine/business-calendar': {
    querystring: businessCalendarQuery,
    response: { 200: businessCalendar },
  },
  'PUT /api/nine/business-hours': {
    body: businessHoursUpdate,
    response: { 200: businessCalendar.shape.hours },
  },
  'POST /api/nine/special-days': { body: specialDayCreate, response: { 201: specialDay } },
  'PUT /api/nine/special-days/:id': { params: id, body: specialDayUpdate, response: { 200: specialDay } },
  'DELETE /api/nine/special-days/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  // settings: coupon (business-wide) and coupons on orders
  'GET /api/nine/coupon-settings': { response: { 200: couponSettings } },
  'PUT /api/nine/coupon-settings': { body: couponSettingsUpdate, response: { 200: couponSettings } },
  'GET /api/nine/orders/:id/coupons': { params: id, response: { 200: orderCoupons } },
  'POST /api/nine/orders/:id/coupons': {
    params: id,
    body: orderCouponApply,
    response: { 201: orderCoupons },
  },
  'DELETE /api/nine/orders/:id/coupons/:couponId': {
    params: idPath('id', 'couponId'),
    response: { 200: orderCoupons },
  },
  // settings: delivery
  'GET /api/nine/delivery-settings': {
    querystring: deliverySettingsQuery,
    response: { 200: deliverySettings },
  },
  'POST /api/nine/delivery-zones': { body: deliveryZoneCreate, response: { 201: deliveryZone } },
  'PUT /api/nine/delivery-zones/:id': {
    params: id,
    body: deliveryZoneUpdate,
    response: { 200: deliveryZone },
  },
  'POST /api/nine/delivery-windows': { body: deliveryWindowCreate, response: { 201: deliveryWindow } },
  'PUT /api/nine/delivery-windows/:id': {
    params: id,
    body: deliveryWindowUpdate,
    response: { 200: deliveryWindow },
  },
  'DELETE /api/nine/delivery-windows/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'PUT /api/nine/delivery-availability': {
    body: deliveryAvailabilityUpdate,
    response: { 200: deliveryAvailability },
  },
  // settings: price
  'GET /api/nine/price-settings': { querystring: priceSettingsQuery, response: { 200: priceSettings } },
  'POST /api/nine/rental-periods': { body: rentalPeriodCreate, response: { 201: rentalPeriod } },
  'PUT /api/nine/rental-periods/:id': {
    params: id,
    body: rentalPeriodUpdate,
    response: { 200: rentalPeriod },
  },
  'DELETE /api/nine/rental-periods/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'POST /api/nine/rent-rates': { body: rentRateCreate, response: { 201: rentRate } },
  'PUT /api/nine/rent-rates/:id': { params: id, body: rentRateUpdate, response: { 200: rentRate } },
  'DELETE /api/nine/rent-rates/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'POST /api/nine/special-pricing-rules': { body: specialRuleCreate, response: { 201: specialRule } },
  'PUT /api/nine/special-pricing-rules/:id': {
    params: id,
    body: specialRuleUpdate,
    response: { 200: specialRule },
  },
  'DELETE /api/nine/special-pricing-rules/:id': {
    params: id,
    querystring: settingsDeleteQuery,
    response: { 200: deleted },
  },
  'POST /api/nine/price-preview': { body: pricePreviewRequest, response: { 200: pricePreview } },
  'PUT /api/nine/price-switches': { body: priceSwitchesUpdate, response: { 200: priceSwitches } },

  // orders
  ...orders('rent-orders'),
  ...orders('sale-orders'),
  'POST /api/nine/rent-orders/quote': { body: rentOrderQuote, response: { 200: rentQuote } },
  'POST /api/nine/rent-orders': { body: rentOrderCreate, response: { 201: orderDetail } },
  'POST /api/nine/sale-orders': { body: saleOrderCreate, response: { 201: orderDetail } },
  'POST /api/nine/rent-orders/:id/deposit-override': {
    params: id,
    body: depositOverride,
    response: orderView,
  },
  'PUT /api/nine/rent-orders/:id/period': { params: id, body: rentOrderPeriod, response: orderView },
  'POST /api/nine/rent-orders/:id/items/:childId/replace': {
    params: idPath('id', 'childId'),
    body: orderItemReplace,
    response: orderView,
  },
  'POST /api/nine/rent-orders/:id/deliveries': {
    params: id,
    body: deliveryAssign,
    response: { 201: orderDetail },
  },
  'GET /api/nine/dashboard/summary': { response: { 200: dashboardSummary } },
  'GET /api/nine/delivery-report': {
    querystring: deliveryReportQuery,
    response: { 200: z.array(deliveryReportRow) },
  },
  'PATCH /api/nine/deliveries/:id': { params: id, body: deliveryUpdate, response: { 200: updatedDelivery } },
  'GET /api/nine/rent-orders/:id/auto-billing': {
    params: id,
    response: { 200: autoBillingPlan.nullable() },
  },
  'PUT /api/nine/rent-orders/:id/auto-billing': {
    params: id,
    body: autoBillingInput,
    response: { 200: autoBillingInput.extend({ order_id: z.number() }) },
  },
  'GET /api/nine/recurring-orders': {
    querystring: recurringOrderListQuery,
    response: { 200: recurringOrderPage },
  },

  // money
  'POST /api/nine/payments': { body: paymentCreate, response: { 201: paymentView } },
  'GET /api/nine/payments/:id': { params: id, response: { 200: paymentView } },
  'GET /api/nine/orders/:id/money': { params: id, response: { 200: orderMoney } },
  'POST /api/nine/payments/:id/refunds': {
    params: id,
    body: refundCreate,
    response: { 201: refundResult },
  },
  'POST /api/nine/orders/:id/deposits': {
    params: id,
    body: depositMove,
    response: { 201: depositMoveResult },
  },
  'POST /api/nine/orders/:id/invoice': {
    params: id,
    response: { 201: z.object({ invoice_id: z.number() }) },
  },
  'POST /api/nine/invoices/:id/post': {
    params: id,
    response: { 200: z.object({ invoice_id: z.number(), status: z.literal('posted') }) },
  },
  'POST /api/nine/invoices/:id/credit-note': {
    params: id,
    body: creditNoteCreate,
    response: { 201: invoiceDetail },
  },
  'POST /api/nine/invoices/:id/adhoc-charges': {
    params: id,
    body: adhocChargeCreate,
    response: { 201: invoiceDetail },
  },
  'GET /api/nine/invoices/rents': { querystring: invoiceListQuery, response: { 200: pageOf(invoiceRow) } },
  'GET /api/nine/invoices/sale': { querystring: invoiceListQuery, response: { 200: pageOf(invoiceRow) } },
  'GET /api/nine/invoices/:id': { params: id, response: { 200: invoiceDetail } },
  'GET /api/nine/cash-registers': {
    querystring: cashRegisterListQuery,
    response: { 200: z.array(cashRegisterState) },
  },
  'POST /api/nine/cash-registers': { body: cashRegisterCreate, response: { 201: cashRegisterState } },
  'PUT /api/nine/cash-registers/:id': {
    params: id,
    body: cashRegisterUpdate,
    response: { 200: cashRegisterState },
  },
  'POST /api/nine/cash-registers/:id/open': {
    params: id,
    body: registerOpen,
    response: { 200: registerAction },
  },
  'POST /api/nine/cash-registers/:id/movements': {
    params: id,
    body: registerMovement,
    response: { 200: registerAction },
  },
  'POST /api/nine/cash-registers/:id/close': {
    params: id,
    body: registerClose,
    response: { 200: registerAction },
  },

  // customers
  'GET /api/nine/customers': { querystring: customerListQuery, response: { 200: customerPage } },
  'GET /api/nine/customers/lookup': {
    querystring: customerLookupQuery,
    response: { 200: z.object({ rows: z.array(customerMatch) }) },
  },
  'GET /api/nine/customers/:id': { params: id, response: { 200: customerDetail } },
  'POST /api/nine/customers': { body: customerInput, response: { 201: customerRow } },
  'PATCH /api/nine/customers/:id': { params: id, body: customerUpdate, response: { 200: customerRow } },
  ...Object.fromEntries(
    Object.entries(customerHistory).map(([name, row]) => [
      `GET /api/nine/customers/:id/${name}`,
      { params: id, querystring: customerHistoryQuery, response: { 200: pageOf(row) } },
    ]),
  ),
  'POST /api/nine/customers/:id/notes': {
    params: id,
    body: customerNoteInput,
    response: { 201: customerNoteRow },
  },
  'POST /api/nine/customers/:id/participants': {
    params: id,
    body: participantInput,
    response: { 201: participantRow },
  },
  'DELETE /api/nine/customers/:id/participants/:participantId': {
    params: idPath('id', 'participantId'),
    response: { 200: deleted },
  },
  'POST /api/nine/customers/:id/sms': {
    params: id,
    body: sendSmsInput,
    response: { 201: customerMessageRow },
  },
  'POST /api/nine/customers/import': { body: customerImportRequest, response: { 201: importResult } },

  // catalogue
  'GET /api/nine/catalogue/lookup': {
    querystring: lookupQuery,
    response: { 200: catalogueMatches },
  },
  'GET /api/nine/catalogue/search': {
    querystring: catalogueSearchQuery,
    response: { 200: catalogueMatches },
  },
  'GET /api/nine/catalogue/products': {
    querystring: productSearchQuery,
    response: { 200: z.object({ rows: z.array(lookupProduct), page: z.number(), page_size: z.number() }) },
  },
  'GET /api/nine/catalogue/availability': { querystring: availabilityQuery, response: { 200: availability } },

  // partners
  'GET /api/nine/partners': { querystring: partnerListQuery, response: { 200: partnerPage } },
  'GET /api/nine/partners/:id': { params: id, response: { 200: partnerDetail } },
  'POST /api/nine/partners': { body: partnerInput, response: { 201: partnerDetail } },
  'PUT /api/nine/partners/:id': { params: id, body: partnerUpdate, response: { 200: partnerDetail } },
  'DELETE /api/nine/partners/:id': { params: id, response: { 200: deleted } },
  'POST /api/nine/partners/:id/coupons': { params: id, body: couponInput, response: { 201: couponRow } },
  'PUT /api/nine/coupons/:id': { params: id, body: couponUpdate, response: { 200: couponRow } },
  'DELETE /api/nine/coupons/:id': { params: id, response: { 200: deleted } },

  // staff
  'GET /api/nine/users': { querystring: staffListQuery, response: { 200: userPage } },
  'POST /api/nine/users': { body: userCreate, response: { 201: staffUser } },
  'PATCH /api/nine/users/:id': { params: id, body: userUpdate, response: { 200: staffUser } },
  'POST /api/nine/users/:id/activate': { params: id, response: { 200: staffUser } },
  'POST /api/nine/users/:id/deactivate': { params: id, response: { 200: staffUser } },
  'PUT /api/nine/users/:id/access-key': { params: id, body: accessKeySet, response: { 200: ok } },
  'DELETE /api/nine/users/:id/access-key': { params: id, response: { 200: ok } },
  'GET /api/nine/roles': { response: { 200: z.array(roleView) } },
  'POST /api/nine/roles': { body: roleInput, response: { 201: roleSaved } },
  'PUT /api/nine/roles/:id': { params: id, body: roleInput, response: { 200: roleSaved } },
  'GET /api/nine/access-policy': { response: { 200: accessPolicyView } },
  'PUT /api/nine/access-policy': { body: accessPolicyUpdate, response: { 200: accessPolicyUpdate } },

  // exports
  'POST /api/nine/exports': { body: exportCreate, response: { 201: exportCreated } },
  'GET /api/nine/exports': { querystring: exportListQuery, response: { 200: exportPage } },
  // The file itself (CSV or XLSX), not JSON.
  'GET /api/nine/exports/:id/download': { params: id },

  // inventory
  'GET /api/nine/inventory/rent': {
    querystring: inventoryListQuery,
    response: { 200: pageOf(inventoryListRow) },
  },
  'GET /api/nine/inventory/sale': {
    querystring: inventoryListQuery,
    response: { 200: pageOf(inventoryListRow) },
  },
  'GET /api/nine/inventory/products/:id': { params: id, response: { 200: productDetail } },
  'GET /api/nine/inventory/detail/rent/:id': { params: id, response: { 200: productDetailView } },
  'GET /api/nine/inventory/products/:id/rentals': {
    params: id,
    querystring: rentalHistoryQuery,
    response: { 200: rentalHistoryPage },
  },
  'POST /api/nine/inventory/products': { body: productInput, response: { 201: productRow } },
  'PATCH /api/nine/inventory/products/:id': {
    params: id,
    body: productUpdate,
    response: { 200: productRow },
  },
  'POST /api/nine/inventory/products/:id/items': {
    params: id,
    body: itemInput,
    response: { 201: inventoryItem },
  },
  'PATCH /api/nine/inventory/items/:id': { params: id, body: itemUpdate, response: { 200: inventoryItem } },
  'POST /api/nine/inventory/items/:id/transfer': {
    params: id,
    body: itemTransfer,
    response: { 200: inventoryItem },
  },
  'DELETE /api/nine/inventory/items/:id': { params: id, response: { 200: deleted } },
  'PUT /api/nine/inventory/products/:id/stock': {
    params: id,
    body: stockInput,
    response: { 200: stockInput.extend({ product_id: z.number() }) },
  },
  'POST /api/nine/inventory/import': { body: fileUpload, response: { 200: importReport } },
  'GET /api/nine/categories': { response: { 200: categoryList } },
  'POST /api/nine/categories': { body: categoryInput, response: { 201: categorySaved } },
  'PATCH /api/nine/categories/:id': { params: id, body: categoryUpdate, response: { 200: categorySaved } },
  'DELETE /api/nine/categories/:id': { params: id, response: { 200: deleted } },
  'PUT /api/nine/categories/:id/image': { params: id, body: fileUpload, response: { 200: categoryImage } },
  'DELETE /api/nine/categories/:id/image': { params: id, response: { 200: categoryImage } },
  // The image itself, not JSON; public, as <img> tags load it.
  'GET /api/nine/category-images/:file': { params: imageFile },
  'GET /api/nine/attributes': { response: { 200: z.object({ rows: z.array(attributeRow) }) } },
  'POST /api/nine/attributes': { body: attributeInput, response: { 201: attributeRow } },
  'PUT /api/nine/attributes/:id': { params: id, body: attributeInput, response: { 200: attributeRow } },
  'DELETE /api/nine/attributes/:id': { params: id, response: { 200: deleted } },
  'PUT /api/nine/categories/:id/attributes': {
    params: id,
    body: categoryAttributesInput,
    response: { 200: z.object({ id: z.number(), attribute_ids: z.array(z.number()) }) },
  },

  // stock
  'GET /api/nine/stock/barcode': { querystring: barcodeLookupQuery, response: { 200: barcodeMatch } },
  'GET /api/nine/stock/label-items': { querystring: labelItemsQuery, response: { 200: pageOf(labelItem) } },
  'GET /api/nine/stock/availability-calendar': {
    querystring: availabilityCalendarQuery,
    response: { 200: availabilityCalendar },
  },
  'GET /api/nine/stock/availability-calendar/orders': {
    querystring: calendarOrdersQuery,
    response: { 200: z.array(calendarBooking) },
  },
  'GET /api/nine/stock/rental-groups': { response: { 200: z.array(rentalGroup) } },
  'GET /api/nine/stock/maintenance-rules': { response: { 200: z.array(maintenanceRule) } },
  'POST /api/nine/stock/maintenance-rules': { body: maintenanceRuleCreate, response: { 201: created } },
  'DELETE /api/nine/stock/maintenance-rules/:id': { params: id, response: { 200: deleted } },
  'GET /api/nine/stock/scheduled-maintenance': {
    querystring: scheduledMaintenanceQuery,
    response: { 200: pageOf(scheduledMaintenanceRow) },
  },
  'GET /api/nine/stock/repair-logs': { querystring: repairLogsQuery, response: { 200: pageOf(repairLog) } },
  'GET /api/nine/stock/repair-logs/:id': { params: id, response: { 200: repairLog } },
  'POST /api/nine/stock/repair-logs': { body: repairLogCreate, response: { 201: repairLog } },
  'POST /api/nine/stock/repair-logs/:id/work': {
    params: id,
    body: repairWorkCreate,
    response: { 200: repairLog },
  },
  'POST /api/nine/stock/repair-logs/:id/close': {
    params: id,
    body: repairLogClose,
    response: { 200: repairLog },
  },
  'POST /api/nine/stock/items/:id/serviced': {
    params: id,
    body: repairLogClose,
    response: { 200: z.object({ item_id: z.number() }) },
  },
  'GET /api/nine/stock/stocktakes/current': {
    response: { 200: z.object({ stocktake: stocktake.nullable() }) },
  },
  'GET /api/nine/stock/stocktakes': {
    querystring: stocktakeListQuery,
    response: { 200: pageOf(stocktakeSummary) },
  },
  'GET /api/nine/stock/stocktakes/:id': { params: id, response: { 200: stocktake } },
  'POST /api/nine/stock/stocktakes': { body: stocktakeStart, response: { 201: stocktake } },
  'POST /api/nine/stock/stocktakes/:id/scans': {
    params: id,
    body: stocktakeScan,
    response: { 200: stocktakeScanResult },
  },
  'POST /api/nine/stock/stocktakes/:id/close': { params: id, response: { 200: stocktake } },
  'GET /api/nine/stock/reports/repair-logs': {
    querystring: repairLogReportQuery,
    response: { 200: repairLogReport },
  },
  'GET /api/nine/stock/reports/maintenance': {
    querystring: maintenanceReportQuery,
    response: { 200: maintenanceReport },
  },
  ...leaderContracts,
  ...definitionContracts,
};
