import { z } from 'zod';
import { agentEndpointResponse } from './agent-endpoint.ts';
import {
  changeExpiredPasswordRequest,
  healthResponse,
  loginRequest,
  loginResponse,
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
import { deliveryAssign, deliveryReportQuery, deliveryUpdate } from './delivery.ts';
import {
  attributeInput,
  categoryAttributesInput,
  categoryInput,
  categoryUpdate,
  inventoryListQuery,
  inventoryListRow,
  itemInput,
  itemTransfer,
  itemUpdate,
  productInput,
  productUpdate,
  rentalHistoryQuery,
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
  orderListQuery,
  orderListRow,
  orderNotesUpdate,
  orderParticipantInput,
  orderSignatureInput,
  rentOrderCreate,
  rentOrderQuote,
  saleOrderCreate,
} from './orders.ts';
import {
  couponInput,
  couponUpdate,
  partnerDetail,
  partnerInput,
  partnerListQuery,
  partnerRow,
  partnerUpdate,
} from './partners.ts';
import { autoBillingInput, recurringOrderListQuery } from './recurring.ts';
import {
  accessKeySet,
  accessPolicyUpdate,
  roleInput,
  staffListQuery,
  userCreate,
  userUpdate,
} from './staff.ts';
import {
  availabilityCalendarQuery,
  barcodeLookupQuery,
  calendarOrdersQuery,
  labelItemsQuery,
  maintenanceReportQuery,
  maintenanceRuleCreate,
  repairLogClose,
  repairLogCreate,
  repairLogReportQuery,
  repairLogsQuery,
  repairWorkCreate,
  scheduledMaintenanceQuery,
  stocktakeListQuery,
  stocktakeScan,
  stocktakeStart,
} from './stock.ts';

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

/** Numeric ids in the path, as the routes accept them: digits only. */
function idPath<const K extends string>(...names: K[]) {
  return z.object(
    Object.fromEntries(names.map((n) => [n, z.string().regex(/^\d{1,15}$/)])) as Record<K, z.ZodString>,
  );
}
const id = idPath('id');

/** A paged list's answer (`Page<T>`): `total_capped` when the count stopped at 10,000 ("10,000+"). */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    total_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
const deleted = z.object({ id: z.number() });
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
const exportCreate = z.object({
  list: z.string(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  description: z.string().trim().min(1).max(200),
  filters: z.record(z.string(), z.unknown()).default({}),
});
const exportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
const settingKey = z.object({ key: z.string().regex(/^[a-z0-9_.-]{1,64}$/) });
const settingValue = z.object({ value: z.unknown() });
const rentalTypeQuery = z.object({ rental_type_id: z.coerce.number().int().positive().optional() });
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
const fileUpload = z.object({ file: z.string().describe('multipart/form-data file field') });

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

const orders = (path: 'rent-orders' | 'sale-orders') =>
  ({
    [`GET /api/nine/${path}`]: { querystring: orderListQuery, response: { 200: orderListPage } },
    [`GET /api/nine/${path}/:id`]: { params: id },
    [`POST /api/nine/${path}/:id/events`]: { params: id, body: orderEventRequest },
    [`PATCH /api/nine/${path}/:id/notes`]: { params: id, body: orderNotesUpdate },
    [`POST /api/nine/${path}/:id/change-cost`]: { params: id, body: priceOverride },
    [`POST /api/nine/${path}/:id/participants`]: { params: id, body: orderParticipantInput },
    [`DELETE /api/nine/${path}/:id/participants/:childId`]: { params: idPath('id', 'childId') },
    [`PUT /api/nine/${path}/:id/signature`]: { params: id, body: orderSignatureInput },
    [`POST /api/nine/${path}/:id/photos`]: { params: id, body: fileUpload },
    [`GET /api/nine/${path}/:id/photos/:childId`]: { params: idPath('id', 'childId') },
    [`DELETE /api/nine/${path}/:id/photos/:childId`]: { params: idPath('id', 'childId') },
    [`POST /api/nine/${path}/:id/invoice-items`]: { params: id, body: orderItemsInvoice },
    [`PATCH /api/nine/${path}/:id/items/:childId`]: {
      params: idPath('id', 'childId'),
      body: orderItemUpdate,
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

  // auth
  'POST /api/nine/user/login': { body: loginRequest, response: { 200: loginResponse } },
  'POST /api/nine/user/reset-password-link': { body: resetPasswordLinkRequest },
  'POST /api/nine/user/reset-password': { body: resetPasswordRequest },
  'POST /api/nine/user/password-expired': { body: changeExpiredPasswordRequest },
  'POST /api/nine/user/sso/check': { querystring: ssoCheckQuery, response: { 200: ssoCheckResponse } },
  'POST /api/nine/user/sso/login': { body: ssoLoginRequest },
  'POST /api/nine/user/sso/complete': { body: ssoCompleteRequest },
  'GET /api/nine/locations/:id/select': { params: id },
  'GET /api/nine/user/settings/:key': { params: settingKey },
  'PUT /api/nine/user/settings/:key': { params: settingKey, body: settingValue },

  // settings
  'GET /api/nine/activity-settings': { querystring: rentalTypeQuery },
  'GET /api/nine/location-activity-settings': { querystring: rentalTypeQuery },
  'POST /api/nine/set-as-kiosk': { body: setAsKiosk },
  'POST /api/nine/kiosk-devices/:id/revoke': { params: id },

  // orders
  ...orders('rent-orders'),
  ...orders('sale-orders'),
  'POST /api/nine/rent-orders/quote': { body: rentOrderQuote },
  'POST /api/nine/rent-orders': { body: rentOrderCreate },
  'POST /api/nine/sale-orders': { body: saleOrderCreate },
  'POST /api/nine/rent-orders/:id/deposit-override': { params: id, body: depositOverride },
  'POST /api/nine/rent-orders/:id/items/:childId/replace': {
    params: idPath('id', 'childId'),
    body: orderItemReplace,
  },
  'POST /api/nine/rent-orders/:id/deliveries': { params: id, body: deliveryAssign },
  'GET /api/nine/delivery-report': { querystring: deliveryReportQuery },
  'PATCH /api/nine/deliveries/:id': { params: id, body: deliveryUpdate },
  'GET /api/nine/rent-orders/:id/auto-billing': { params: id },
  'PUT /api/nine/rent-orders/:id/auto-billing': { params: id, body: autoBillingInput },
  'GET /api/nine/recurring-orders': { querystring: recurringOrderListQuery },

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
  'POST /api/nine/invoices/:id/credit-note': { params: id, body: creditNoteCreate },
  'POST /api/nine/invoices/:id/adhoc-charges': { params: id, body: adhocChargeCreate },
  'GET /api/nine/invoices/rents': { querystring: invoiceListQuery, response: { 200: pageOf(invoiceRow) } },
  'GET /api/nine/invoices/sale': { querystring: invoiceListQuery, response: { 200: pageOf(invoiceRow) } },
  'GET /api/nine/invoices/:id': { params: id, response: { 200: invoiceDetail } },
  'GET /api/nine/cash-registers': { response: { 200: z.array(cashRegisterState) } },
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
  'POST /api/nine/partners': { body: partnerInput },
  'PUT /api/nine/partners/:id': { params: id, body: partnerUpdate },
  'DELETE /api/nine/partners/:id': { params: id, response: { 200: deleted } },
  'POST /api/nine/partners/:id/coupons': { params: id, body: couponInput },
  'PUT /api/nine/coupons/:id': { params: id, body: couponUpdate },
  'DELETE /api/nine/coupons/:id': { params: id, response: { 200: deleted } },

  // staff
  'GET /api/nine/users': { querystring: staffListQuery },
  'POST /api/nine/users': { body: userCreate },
  'PATCH /api/nine/users/:id': { params: id, body: userUpdate },
  'POST /api/nine/users/:id/activate': { params: id },
  'POST /api/nine/users/:id/deactivate': { params: id },
  'PUT /api/nine/users/:id/access-key': { params: id, body: accessKeySet },
  'DELETE /api/nine/users/:id/access-key': { params: id },
  'POST /api/nine/roles': { body: roleInput },
  'PUT /api/nine/roles/:id': { params: id, body: roleInput },
  'PUT /api/nine/access-policy': { body: accessPolicyUpdate },

  // exports
  'POST /api/nine/exports': { body: exportCreate },
  'GET /api/nine/exports': { querystring: exportListQuery },
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
  'GET /api/nine/inventory/products/:id': { params: id },
  'GET /api/nine/inventory/detail/rent/:id': { params: id },
  'GET /api/nine/inventory/products/:id/rentals': { params: id, querystring: rentalHistoryQuery },
  'POST /api/nine/inventory/products': { body: productInput },
  'PATCH /api/nine/inventory/products/:id': { params: id, body: productUpdate },
  'POST /api/nine/inventory/products/:id/items': { params: id, body: itemInput },
  'PATCH /api/nine/inventory/items/:id': { params: id, body: itemUpdate },
  'POST /api/nine/inventory/items/:id/transfer': { params: id, body: itemTransfer },
  'DELETE /api/nine/inventory/items/:id': { params: id },
  'PUT /api/nine/inventory/products/:id/stock': { params: id, body: stockInput },
  'POST /api/nine/inventory/import': { body: fileUpload },
  'POST /api/nine/categories': { body: categoryInput },
  'PATCH /api/nine/categories/:id': { params: id, body: categoryUpdate },
  'DELETE /api/nine/categories/:id': { params: id },
  'PUT /api/nine/categories/:id/image': { params: id, body: fileUpload },
  'DELETE /api/nine/categories/:id/image': { params: id },
  'GET /api/nine/category-images/:file': { params: imageFile },
  'POST /api/nine/attributes': { body: attributeInput },
  'PUT /api/nine/attributes/:id': { params: id, body: attributeInput },
  'DELETE /api/nine/attributes/:id': { params: id },
  'PUT /api/nine/categories/:id/attributes': { params: id, body: categoryAttributesInput },

  // stock
  'GET /api/nine/stock/barcode': { querystring: barcodeLookupQuery },
  'GET /api/nine/stock/label-items': { querystring: labelItemsQuery },
  'GET /api/nine/stock/availability-calendar': { querystring: availabilityCalendarQuery },
  'GET /api/nine/stock/availability-calendar/orders': { querystring: calendarOrdersQuery },
  'POST /api/nine/stock/maintenance-rules': { body: maintenanceRuleCreate },
  'DELETE /api/nine/stock/maintenance-rules/:id': { params: id },
  'GET /api/nine/stock/scheduled-maintenance': { querystring: scheduledMaintenanceQuery },
  'GET /api/nine/stock/repair-logs': { querystring: repairLogsQuery },
  'GET /api/nine/stock/repair-logs/:id': { params: id },
  'POST /api/nine/stock/repair-logs': { body: repairLogCreate },
  'POST /api/nine/stock/repair-logs/:id/work': { params: id, body: repairWorkCreate },
  'POST /api/nine/stock/repair-logs/:id/close': { params: id, body: repairLogClose },
  'POST /api/nine/stock/items/:id/serviced': { params: id, body: repairLogClose },
  'GET /api/nine/stock/stocktakes': { querystring: stocktakeListQuery },
  'GET /api/nine/stock/stocktakes/:id': { params: id },
  'POST /api/nine/stock/stocktakes': { body: stocktakeStart },
  'POST /api/nine/stock/stocktakes/:id/scans': { params: id, body: stocktakeScan },
  'POST /api/nine/stock/stocktakes/:id/close': { params: id },
  'GET /api/nine/stock/reports/repair-logs': { querystring: repairLogReportQuery },
  'GET /api/nine/stock/reports/maintenance': { querystring: maintenanceReportQuery },
};
