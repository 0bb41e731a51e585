import { AppError, type ErrorName } from '@nine/shared/errors';
import { MAX_TOTAL_MINOR } from '@nine/shared/money';
import { UnsafeIntegerError } from '../db/pool.ts';

/**
 * Unique rules live in the database; this is where a violated one becomes the catalogue's answer. The key
 * is the constraint or unique index name; `data` tells the web app which field is taken.
 */
export const UNIQUE_RULES: Record<string, { name: ErrorName; data?: object }> = {
  users_email_key: { name: 'conflict', data: { reason: 'email_taken' } },
  roles_title_key: { name: 'conflict', data: { reason: 'title_taken' } },
  categories_parent_name_key: { name: 'categoryNameTaken' },
  attributes_name_key: { name: 'attributeNameTaken' },
  products_sku_key: { name: 'skuTaken' },
  products_barcode_key: { name: 'barcodeTaken' },
  items_sku_key: { name: 'skuTaken' },
  items_barcode_key: { name: 'barcodeTaken' },
  coupons_code_key: { name: 'couponCodeTaken' },
  cash_registers_location_id_name_key: { name: 'conflict', data: { reason: 'name_taken' } },
  locations_name_key: { name: 'locationNameTaken' },
  register_sessions_one_open: { name: 'conflict', data: { reason: 'register_already_open' } },
  maintenance_rules_rental_type_idx: { name: 'maintenanceRuleExists' },
  maintenance_rules_product_idx: { name: 'maintenanceRuleExists' },
  repair_logs_open_item_idx: { name: 'repairAlreadyOpen' },
  stocktakes_open_idx: { name: 'stocktakeInProgress' },
  invoices_one_credit_note: { name: 'invoiceAlreadyCredited' },
  invoice_lines_delivery_key: { name: 'conflict', data: { reason: 'already_invoiced' } },
  location_special_days_location_day_key: { name: 'specialDayTaken' },
  taxes_name_key: { name: 'taxNameTaken' },
  gl_codes_pkey: { name: 'glCodeTaken' },
  delivery_zones_location_name_key: { name: 'deliveryZoneNameTaken' },
  delivery_zones_zip_taken: { name: 'deliveryZipInOtherZone' },
  rental_periods_location_name_key: { name: 'rentalPeriodTaken', data: { reason: 'name_taken' } },
  rental_periods_location_length_key: { name: 'rentalPeriodTaken', data: { reason: 'length_taken' } },
  rent_rates_location_product_key: { name: 'rentRateTaken' },
  rent_rates_location_category_key: { name: 'rentRateTaken' },
  special_pricing_rules_location_name_key: { name: 'specialRuleNameTaken' },
  tour_places_name_key: { name: 'tourPlaceNameTaken' },
  tour_groups_name_key: { name: 'tourGroupNameTaken' },
  tour_terms_title_key: { name: 'termsTitleTaken' },
  tour_age_groups_name_key: { name: 'ageGroupNameTaken' },
  tour_leaders_user_key: { name: 'leaderExists' },
  tour_leader_skills_name_key: { name: 'leaderSkillTaken' },
  tour_definitions_code_key: { name: 'definitionCodeTaken' },
};

/** Check constraints that bound money totals: passing them is too large an amount, not a bug. */
export const TOTAL_BOUNDS = new Set(['orders_total_bound']);

/**
 * Exclusion rules (23P01) and check rules (23514) that are answers by name. An exclusion not listed stays a
 * bug unless its caller maps it (order lines map theirs to the items they name).
 */
export const EXCLUSION_RULES: Record<string, { name: ErrorName; data?: object }> = {
  tour_definition_seasons_no_overlap: { name: 'seasonOverlap' },
  tour_leader_days_off_no_overlap: { name: 'leaderDaysOffOverlap' },
  tour_event_leaders_no_overlap: { name: 'leaderOverlap' },
  tour_age_groups_no_overlap: { name: 'ageGroupOverlap' },
};
export const CHECK_RULES: Record<string, { name: ErrorName; data?: object }> = {
  tour_term_versions_immutable: { name: 'termsVersionPublished' },
  tour_events_capacity: { name: 'eventCapacityBelowBooked' },
  // a seat line on another reservation's private departure (the seat trigger, migration 0046)
  tour_events_private: { name: 'eventPrivate' },
};

const fromRule = (rule: { name: ErrorName; data?: object }) =>
  new AppError(rule.name, rule.data ? { data: rule.data } : {});

interface PgError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/**
 * The failures PostgreSQL and the pool report that are answers, not bugs: a unique rule (409), a waited-too-
 * long lock, statement or connection (503, nothing changed: the transaction rolled back), a number out of
 * range. Anything else stays a bug (500).
 */
export function appErrorFromDatabase(err: unknown): AppError | null {
  if (err instanceof UnsafeIntegerError)
    return new AppError('amountTooLarge', { params: { max: MAX_TOTAL_MINOR / 100 } });
  if (typeof err !== 'object' || err === null) return null;
  const e = err as PgError;
  const constraint = typeof e.constraint === 'string' ? e.constraint : '';
  switch (e.code) {
    case '23505': {
      const rule = UNIQUE_RULES[constraint];
      return rule ? fromRule(rule) : new AppError('conflict', { data: { reason: 'duplicate' } });
    }
    case '23P01': {
      const rule = EXCLUSION_RULES[constraint];
      return rule ? fromRule(rule) : null;
    }
    case '23514': {
      if (TOTAL_BOUNDS.has(constraint))
        return new AppError('amountTooLarge', { params: { max: MAX_TOTAL_MINOR / 100 } });
      const rule = CHECK_RULES[constraint];
      return rule ? fromRule(rule) : null;
    }
    // lock_not_available (lock_timeout), query_canceled (statement_timeout), deadlock, serialization,
    // idle_in_transaction_session_timeout.
    case '55P03':
    case '57014':
    case '40P01':
    case '40001':
    case '25P03':
      return new AppError('databaseBusy');
    case '22003':
      return new AppError('validation', { data: { reason: 'number_out_of_range' } });
    // A date or time the schema let through but PostgreSQL cannot hold (year 0, 24:30).
    case '22007':
    case '22008':
      return new AppError('validation', { data: { reason: 'date_out_of_range' } });
    // A reference to a row that does not exist (a category, a location) is bad input.
    case '23503':
      // Deleting a coupon (or its partner) that orders used: the coupon reports keep it (migration 0035).
      if (constraint === 'order_coupons_coupon_id_fkey') return new AppError('couponInUse');
      return new AppError('validation', { data: { constraint } });
  }
  // pg-pool: no connection came within connectionTimeoutMillis.
  if (typeof e.message === 'string' && /timeout exceeded when trying to connect/i.test(e.message))
    return new AppError('databaseBusy');
  return null;
}
