import { DEFAULT_RENTAL_TYPE_ID } from '@nine/shared/constants';
import { invoiceTimings } from '@nine/shared/invoice-timing';
import { locationWideActivitySwitches, type ActivitySettingsForm } from '@nine/shared/schemas/settings';

export type ActivityField = keyof ActivitySettingsForm;

/** The switches a person may change, grouped as the screen shows them (read-only or editable). */
export const activityGroups: readonly { key: string; fields: readonly ActivityField[] }[] = [
  {
    key: 'delivery',
    fields: [
      'deliver_unpaid_orders',
      'warn_early_deliver_minutes',
      'warn_early_return_minutes',
      'allow_undo_deliver',
      'adjust_plan_to_business_hours',
      'allow_change_plan_start_after_deliver',
      'simultaneous_replace_and_deliver',
    ],
  },
  { key: 'closing', fields: ['close_with_balance_due', 'close_with_deposit_held', 'close_sale_order'] },
  { key: 'invoicing', fields: ['manual_invoice_time', 'is_recurring_enabled'] },
  { key: 'other', fields: ['show_category_image_in_admin_pannel', 'is_migration_in_progress'] },
];

const locationWide: ReadonlySet<ActivityField> = new Set(locationWideActivitySwitches);

/** A rental type's groups: the location-wide switches live with the default rental type only. */
export function groupsFor(rentalTypeId: number) {
  return activityGroups
    .map((group) => ({
      key: group.key,
      fields: group.fields.filter(
        (field) => rentalTypeId === DEFAULT_RENTAL_TYPE_ID || !locationWide.has(field),
      ),
    }))
    .filter((group) => group.fields.length > 0);
}

/** The choices of the switches that are not on or off; the rest are numbers (minutes) or booleans. */
export const activityChoices = {
  deliver_unpaid_orders: ['warn', 'allow', 'deny'],
  close_with_deposit_held: ['warn', 'deny'],
  close_with_balance_due: ['allow', 'warn', 'deny'],
  close_sale_order: ['manual', 'on_full_payment'],
  manual_invoice_time: invoiceTimings,
} as const satisfies Partial<Record<ActivityField, readonly string[]>>;

export type ChoiceField = keyof typeof activityChoices;
export type MinutesField = 'warn_early_deliver_minutes' | 'warn_early_return_minutes';
export type SwitchField = Exclude<ActivityField, ChoiceField | MinutesField>;

export const isChoice = (field: ActivityField): field is ChoiceField => field in activityChoices;
export const isMinutes = (field: ActivityField): field is MinutesField =>
  field === 'warn_early_deliver_minutes' || field === 'warn_early_return_minutes';
