/**
 * The error-code catalogue: one source of truth for the server (HTTP status, envelope) and the web app
 * (which message to show). Codes 1203, 1207, 1208 and 1217 come from the spec; the 10xx codes are ours.
 * Each entry's message lives in locales/<lang>/errors.json under the entry's name.
 */
export const errorCatalogue = {
  internal: { code: 1000, status: 500 },
  validation: { code: 1001, status: 400 },
  unauthenticated: { code: 1002, status: 401 },
  forbidden: { code: 1003, status: 403 },
  notFound: { code: 1004, status: 404 },
  conflict: { code: 1005, status: 409 },
  rateLimited: { code: 1006, status: 429 },
  payloadTooLarge: { code: 1007, status: 413 },
  serviceUnavailable: { code: 1008, status: 503 },
  locationForbidden: { code: 1009, status: 403 },
  invalidCredentials: { code: 1010, status: 401 },
  accountInactive: { code: 1011, status: 403 },
  accountLocked: { code: 1012, status: 423 },
  passwordExpired: { code: 1013, status: 403 },
  passwordPolicy: { code: 1014, status: 400 },
  passwordReused: { code: 1015, status: 400 },
  resetTokenInvalid: { code: 1016, status: 400 },
  ssoRequired: { code: 1017, status: 403 },
  ssoFailed: { code: 1018, status: 400 },
  idempotencyKeyReused: { code: 1020, status: 422 },
  stateTransitionFailed: { code: 1203, status: 422, keyedByCode: true },
  deliverUnpaidDenied: { code: 1204, status: 422 },
  confirmationRequired: { code: 1205, status: 422 },
  accessKeyRequired: { code: 1206, status: 403 },
  itemsUnavailable: { code: 1207, status: 422, keyedByCode: true },
  productsUnavailable: { code: 1208, status: 422, keyedByCode: true },
  reloadRequired: { code: 1217, status: 409 },
  photoTypeInvalid: { code: 1209, status: 415 },
  photoTooLarge: { code: 1210, status: 413 },
  orderOtherLocation: { code: 1211, status: 409 },
  versionConflict: { code: 1021, status: 409 },
  idempotencyInFlight: { code: 1022, status: 409 },
  databaseBusy: { code: 1023, status: 503 },
  kioskProofInvalid: { code: 1024, status: 422 },
  kioskChallengeInvalid: { code: 1025, status: 422 },
  kioskDeviceRegistered: { code: 1026, status: 409 },
  amountTooLarge: { code: 1027, status: 422 },
  invoiceNotPosted: { code: 1500, status: 409 },
  invoiceAlreadyCredited: { code: 1501, status: 409 },
  creditNoteNotCreditable: { code: 1502, status: 422 },
  adhocChargesDisabled: { code: 1503, status: 403 },
  invoiceWithoutOrder: { code: 1504, status: 422 },
  orderNotChargeable: { code: 1505, status: 422 },
  itemAlreadyInvoiced: { code: 1250, status: 409 },
  invoicePosted: { code: 1251, status: 409 },
  manualInvoiceDisabled: { code: 1252, status: 422 },
  invoiceTooEarly: { code: 1253, status: 422 },
  /** Closing refused by the activity settings: data.reasons lists deposit_held and/or balance_due with amounts. */
  orderNotSettled: { code: 1254, status: 422 },
  /** A closed order's deposit: nothing more can be held, and only a deposit still held can be returned or claimed. */
  orderClosed: { code: 1255, status: 409 },
  /** Cash needs an open session on the register it lands in: data { register_id, register_name } (null when none could be chosen). */
  registerClosed: { code: 1256, status: 422 },
  /** Location settings: a register with an open session cannot be retired; close it first. */
  registerInUse: { code: 1620, status: 409 },
  /** A retired register takes no session and cannot be the location's current register. */
  registerInactive: { code: 1621, status: 422 },
  /** Another location already has this name. */
  locationNameTaken: { code: 1622, status: 409 },
  /** A secret (Square access token) cannot be stored: the server has no NINE_SECRET_KEY in production. */
  secretKeyMissing: { code: 1625, status: 503 },
  customerImportFileType: { code: 1400, status: 415 },
  customerImportTooLarge: { code: 1401, status: 413 },
  customerImportHeader: { code: 1402, status: 422 },
  customerImportRefused: { code: 1403, status: 422 },
  customerImportEmpty: { code: 1404, status: 422 },
  customerNoPhone: { code: 1405, status: 422 },
  smsDeliveryFailed: { code: 1406, status: 502 },
  couponCodeTaken: { code: 1407, status: 409 },
  skuTaken: { code: 1300, status: 409 },
  barcodeTaken: { code: 1301, status: 409 },
  categoryCycle: { code: 1302, status: 422 },
  categoryInUse: { code: 1303, status: 409 },
  attributeNameTaken: { code: 1304, status: 409 },
  attributeValueInvalid: { code: 1305, status: 422 },
  itemInUse: { code: 1306, status: 409 },
  imageTypeInvalid: { code: 1307, status: 415 },
  importFileInvalid: { code: 1308, status: 422 },
  importRefused: { code: 1309, status: 422 },
  itemRented: { code: 1310, status: 409 },
  productNotSerialized: { code: 1311, status: 422 },
  productSerialized: { code: 1312, status: 422 },
  categoryNameTaken: { code: 1313, status: 409 },
  stocktakeInProgress: { code: 1330, status: 409 },
  stocktakeClosed: { code: 1331, status: 409 },
  codeNotFound: { code: 1332, status: 404 },
  itemOutOnRent: { code: 1333, status: 409 },
  repairLogClosed: { code: 1334, status: 409 },
  maintenanceRuleExists: { code: 1335, status: 409 },
  repairAlreadyOpen: { code: 1336, status: 409 },
  itemNotHere: { code: 1337, status: 422 },
  /** Activity setting is_migration_in_progress: no new orders of that rental type while data is brought in. */
  dataMigrationInProgress: { code: 1600, status: 409 },
  /** The tour line of a business without the Tours rental type: it has no settings to save. */
  productLineUnavailable: { code: 1700, status: 409 },
  /** Change period: a closed, returned or cancelled order keeps its period. */
  periodOrderFinished: { code: 1710, status: 409 },
  /** Change period: the start stays once an item has left, unless allow_change_plan_start_after_deliver. */
  periodStartAfterDeliver: { code: 1711, status: 409 },
  /** Change period: an invoiced line's price would change; the difference is charged another way. */
  periodInvoicedLine: { code: 1712, status: 409 },
  /** Change period: a line's discount is more than its price for the new period. */
  periodDiscountOverPrice: { code: 1713, status: 422 },
  /** Replace item: a line whose item has left is swapped only under simultaneous_replace_and_deliver. */
  replaceDeliveredOff: { code: 1720, status: 409 },
  /** Tour settings (issue #19): a meeting point or site name is unique per location and kind. */
  tourPlaceNameTaken: { code: 1730, status: 409 },
  /** A place a tour definition or event names is kept: deactivate it instead. */
  tourPlaceInUse: { code: 1731, status: 409 },
  tourGroupNameTaken: { code: 1732, status: 409 },
  /** A group a tour definition names is kept: deactivate it instead. */
  tourGroupInUse: { code: 1733, status: 409 },
  /** A published terms or waiver version never changes: edit the draft of the next version. */
  termsVersionPublished: { code: 1734, status: 409 },
  termsTitleTaken: { code: 1735, status: 409 },
  /** Active age groups may not share an age (a birth date falls in one group). */
  ageGroupOverlap: { code: 1736, status: 409 },
  /** An age group a definition prices or equips is kept: deactivate it instead. */
  ageGroupInUse: { code: 1737, status: 409 },
  /** An age group's name is unique. */
  ageGroupNameTaken: { code: 1738, status: 409 },
  /** Tour leaders (issue #19): a user is a leader once. */
  leaderExists: { code: 1740, status: 409 },
  /** A leader is an active user with a role at the location (the request's, or the event's). */
  leaderNotStaff: { code: 1741, status: 422 },
  /** The leader already leads a departure overlapping this one (tour_event_leaders_no_overlap). */
  leaderOverlap: { code: 1742, status: 409 },
  /** Outside the leader's weekly hours or on a day off (data.reason 'hours' | 'day_off'). */
  leaderUnavailable: { code: 1743, status: 422 },
  leaderInactive: { code: 1744, status: 422 },
  leaderSkillTaken: { code: 1745, status: 409 },
  leaderDaysOffOverlap: { code: 1746, status: 409 },
  /** Business settings (issue #18): a tax's name is unique. */
  taxNameTaken: { code: 1610, status: 409 },
  /** A tax named by a product or an invoice line is kept for the record: deactivate it instead. */
  taxInUse: { code: 1611, status: 409 },
  glCodeTaken: { code: 1612, status: 409 },
  /** A general ledger code with ledger rows is kept: the books must still add up. */
  glCodeInUse: { code: 1613, status: 409 },
  /** The logo's first bytes say JPEG, PNG or WebP but the picture cannot be read. */
  logoUnreadable: { code: 1614, status: 422 },
  /** A general ledger code the server's own postings use (money/ledger.ts and others): it stays. */
  glCodeBuiltIn: { code: 1615, status: 409 },
  /** Business settings, accounts: customers' credit balances are read from this account's code: it stays. */
  glAccountFixed: { code: 1690, status: 409 },
  /** An account mapping names a general ledger code that does not exist (deleted meanwhile?). */
  glCodeUnknown: { code: 1691, status: 422 },
  /** Business calendar: a location has one special day per date. */
  specialDayTaken: { code: 1630, status: 409 },
  /** Delivery settings: a location with active zones delivers only to their zip codes. */
  deliveryZipOutsideZones: { code: 1640, status: 422 },
  /** A location with delivery windows delivers only inside one of that weekday's. */
  deliveryOutsideWindows: { code: 1641, status: 422 },
  /** The window already has its capacity of deliveries on that date. */
  deliveryWindowFull: { code: 1642, status: 409 },
  /** A zip code belongs to one active zone of a location. */
  deliveryZipInOtherZone: { code: 1643, status: 409 },
  deliveryZoneNameTaken: { code: 1644, status: 409 },
  /** The order's total is below the zone's minimum for delivery. */
  deliveryBelowZoneMinimum: { code: 1645, status: 422 },
  /** Kiosk interface: the kiosk list takes active bulk rent products only; data.product_ids lists the others. */
  kioskProductNotRentable: { code: 1660, status: 422 },
  /** Price settings: with enforce_using_rental_periods on, the planned length is one of the active periods. */
  rentalPeriodNotOffered: { code: 1670, status: 422 },
  /** A location's rental periods have distinct names and lengths (data.reason: name_taken or length_taken). */
  rentalPeriodTaken: { code: 1671, status: 409 },
  /** A product or a category has one rate row per location. */
  rentRateTaken: { code: 1672, status: 409 },
  specialRuleNameTaken: { code: 1673, status: 409 },
  /** Coupon settings: a new or renamed code must follow the business's code format (data: the format). */
  couponCodeFormat: { code: 1680, status: 422 },
  /** No coupon has this code. */
  couponUnknown: { code: 1681, status: 422 },
  /** The coupon is inactive, not started or ended today in the order's location (data.reason). */
  couponNotValidNow: { code: 1682, status: 422 },
  /** The coupon applies to another kind of order (data.applies_to). */
  couponWrongKind: { code: 1683, status: 422 },
  /** The coupon settings refuse another coupon on this order (data.reason: no_stacking or max_reached). */
  couponStackingRefused: { code: 1684, status: 422 },
  /** The coupon settings refuse a coupon on an order whose lines carry a manual discount. */
  couponWithDiscounts: { code: 1685, status: 422 },
  /**
   * Coupons change only on an open order none of whose lines is invoiced yet (data.reason); a line carrying a
   * coupon's share refuses a discount or price edit until the coupon is removed (reason coupon_on_line, data.codes).
   */
  couponOrderLocked: { code: 1686, status: 409 },
  couponAlreadyApplied: { code: 1687, status: 409 },
  /** Nothing left to discount: the order's lines are free already. */
  couponNothingToDiscount: { code: 1688, status: 422 },
  /** A coupon applied to orders stays for the reports: deactivate it instead of deleting it (or its partner). */
  couponInUse: { code: 1689, status: 409 },
  // The same answer for a wrong number and a wrong phone or e-mail: the kiosk reveals nothing.
  kioskOrderNotFound: { code: 1661, status: 404 },
  kioskOrderNotSignable: { code: 1662, status: 409 },
  /** Tour events (#19): a series makes at most 500 events (data.count, data.max). */
  eventSeriesTooLong: { code: 1760, status: 422 },
  /** The event's status cannot move there (shared/src/tour-event-status.ts; data.from, data.to). */
  eventTransitionRefused: { code: 1761, status: 422 },
  /** An event's capacity cannot go below the seats already taken (data.seats_taken). */
  eventCapacityBelowBooked: { code: 1762, status: 422 },
  /** An event is scheduled or moved into the future only. */
  tourEventInPast: { code: 1763, status: 422 },
  /** An event holding reservations is not cancelled (part 2 cancels them with it). */
  eventHasReservations: { code: 1764, status: 409 },
  /** Tour definitions (#19): publish refused, data.steps lists the steps not done or no longer valid. */
  definitionIncomplete: { code: 1750, status: 422 },
  definitionCodeTaken: { code: 1751, status: 409 },
  /** Events are scheduled for active tours only. */
  definitionNotActive: { code: 1752, status: 422 },
  /** Only a draft with no events is deleted; a published tour is set inactive instead. */
  definitionInUse: { code: 1753, status: 409 },
  /** A tour's seasons do not overlap. */
  seasonOverlap: { code: 1754, status: 409 },
  /** A gallery image above the location's tour setting gallery_max_bytes (data.max_bytes). */
  tourImageTooLarge: { code: 1755, status: 413 },
  /** A tour has at most 20 gallery images (data.max). */
  tourImageLimit: { code: 1756, status: 422 },
  /** Tour equipment is rental products (data.product_ids lists the others). */
  definitionItemNotRental: { code: 1757, status: 422 },
  // Tours part 2 (#20): reservations 1770-1779, move/cancel/waitlist 1780-1789, participants and waivers 1790-1799,
  // online payment 1800-1809.
  /** Bookings for this departure closed at its booking cut-off (data.cutoff_at). */
  bookingCutoffPassed: { code: 1770, status: 422 },
  /** A departure that is cancelled, completed or already started takes no bookings (data.status). */
  eventNotBookable: { code: 1771, status: 422 },
  /** A private departure belongs to one reservation; nobody else takes its seats. */
  eventPrivate: { code: 1772, status: 422 },
  /** Check-in opens and closes around the start (tour settings; data.opens_at, data.closes_at). */
  checkinClosed: { code: 1773, status: 422 },
  /** A participant is checked in once (data.checked_in_at). */
  alreadyCheckedIn: { code: 1774, status: 409 },
  /** Only a live reservation moves, to a bookable departure of the same tour (data.reason). */
  reservationNotMovable: { code: 1780, status: 422 },
  /** A waitlist offer is booked before it expires (data.expired_at). */
  waitlistOfferExpired: { code: 1781, status: 409 },
  /** The departure has the seats asked for: book it instead (data.seats_free). */
  waitlistNotNeeded: { code: 1782, status: 422 },
  /** A customer waits once per departure. */
  alreadyOnWaitlist: { code: 1783, status: 409 },
  /** A reservation already cancelled, closed or checked in is not cancelled again (data.status). */
  reservationNotCancellable: { code: 1784, status: 422 },
  /** An age group has as many participants as seats booked for it (data.age_group_id, data.seats). */
  participantsExceedSeats: { code: 1790, status: 422 },
  /** A minor's waiver is signed by a guardian (data.age_group_id). */
  guardianRequired: { code: 1791, status: 422 },
  /** A signed waiver never changes: a correction is a new signature. */
  waiverSigned: { code: 1792, status: 409 },
  /** There are no published terms to sign for this booking. */
  termsNotPublished: { code: 1793, status: 422 },
  /** The birth date falls outside the participant's age group on the departure day (data.age_group_id). */
  ageGroupMismatch: { code: 1794, status: 422 },
  /** A signature is a PNG image drawn on the pad, at most 300 kB. */
  signatureInvalid: { code: 1795, status: 422 },
  /** The business setting accept_external_payments is off. */
  onlinePaymentsDisabled: { code: 1800, status: 422 },
  /** The payment provider refused or did not answer (data.provider_message). */
  paymentProviderFailed: { code: 1801, status: 502 },
  /** A provider webhook whose signature does not verify is refused. */
  webhookSignatureInvalid: { code: 1802, status: 400 },
  /** The order has no balance due. */
  nothingToPay: { code: 1803, status: 422 },
} as const satisfies Record<string, { code: number; status: number; keyedByCode?: true }>;

/**
 * Spec section 8: the item lists of 1203, 1207 and 1208 arrive keyed by their code, e.g.
 * `{ "1207": [{ product_category }] }`, so one client handler can read any of them.
 */
export function envelopeData(name: ErrorName, data: unknown): unknown {
  const entry: { code: number; keyedByCode?: true } = errorCatalogue[name];
  return entry.keyedByCode && Array.isArray(data) ? { [entry.code]: data } : data;
}

export type ErrorName = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorName]['code'];

const byCode = new Map<number, ErrorName>(
  Object.entries(errorCatalogue).map(([name, entry]) => [entry.code, name as ErrorName]),
);

export function errorNameOf(code: number): ErrorName | undefined {
  return byCode.get(code);
}

/** The i18next key of an entry's message (namespace `errors`). */
export function errorMessageKey(name: ErrorName): `errors:${ErrorName}` {
  return `errors:${name}`;
}

/** The failure envelope every /api error answers with. */
export interface ErrorEnvelope {
  resp_code: number;
  resp_message: string;
  data?: unknown;
}

/** The success envelope: responses are read from `data`. */
export interface DataEnvelope<T> {
  data: T;
}

/**
 * A failure the server means to answer with: its catalogue entry, optional data for the client
 * (field issues, unavailable SKUs, item ids) and optional i18n interpolation values.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly data: unknown;
  readonly params: Record<string, string | number>;

  constructor(name: ErrorName, options: { data?: unknown; params?: Record<string, string | number> } = {}) {
    super(name);
    this.name = 'AppError';
    this.errorName = name;
    this.data = options.data;
    this.params = options.params ?? {};
  }

  get status(): number {
    return errorCatalogue[this.errorName].status;
  }

  get code(): number {
    return errorCatalogue[this.errorName].code;
  }
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorEnvelope).resp_code === 'number' &&
    typeof (value as ErrorEnvelope).resp_message === 'string'
  );
}
