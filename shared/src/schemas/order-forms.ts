import { z } from 'zod';
import { customerInput } from './customers.ts';
import { deliveryAssign } from './delivery.ts';
import {
  finishAfterStart,
  orderItemReplace,
  orderItemUpdate,
  orderNotesUpdate,
  periodWithinMax,
  rentOrderCreate,
  saleOrderCreate,
} from './orders.ts';

/*
 * The order screens' forms, each cut from the schema its endpoint parses, so the browser checks the same
 * rules the server does. Only what a form types differently is said here (an empty field, a bound that
 * depends on the line).
 */

/** An optional text a form holds as "": left out when empty, else by the server's rule. */
const blankAsAbsent = <T extends z.ZodType<string | undefined, string | undefined>>(rule: T) =>
  z.union([z.literal('').transform(() => undefined), rule]);

/** Staff and customer note of an order (empty clears a note). */
export const orderNotesForm = orderNotesUpdate.pick({ staff_note: true, customer_note: true });

/** Edit item: the line's discount, empty for none, at most the line's amount. */
export const itemDiscountForm = (lineAmountMinor: number) =>
  z.object({
    discount_minor: orderItemUpdate.shape.discount_minor
      .unwrap()
      .nullable()
      .transform((minor) => minor ?? 0)
      .refine((minor) => minor <= lineAmountMinor, 'discount_above_line'),
  });

/** Set counter: the readings out and back; the one back is not below the one out. */
export const counterReadingsForm = z
  .object({
    counter_start: orderItemUpdate.shape.counter_start.unwrap(),
    counter_end: orderItemUpdate.shape.counter_end.unwrap(),
  })
  .refine((r) => r.counter_start === null || r.counter_end === null || r.counter_end >= r.counter_start, {
    path: ['counter_end'],
    message: 'counter_below_start',
  });

/** Replace item: the new item's SKU. */
export const itemReplaceForm = orderItemReplace.pick({ sku: true });

/** Assign delivery for one line: an empty address or postal code is the customer's own. */
export const deliveryAssignForm = deliveryAssign.pick({ type: true, scheduled_at: true }).extend({
  address: blankAsAbsent(deliveryAssign.shape.address),
  zip_code: blankAsAbsent(deliveryAssign.shape.zip_code),
});

/** The create wizard's new customer: as the customer form, with the last name required too. */
export const orderCustomerForm = customerInput
  .pick({ first_name: true, email: true, phone: true })
  .extend({ last_name: customerInput.shape.first_name });

const rentOrder = rentOrderCreate.shape;

/** The create wizard's period: the create's planned start and finish, the finish after the start. */
export const orderPeriodForm = z
  .object({ planned_start: rentOrder.planned_start, planned_finish: rentOrder.planned_finish })
  .refine(...finishAfterStart)
  .refine(...periodWithinMax);

/** The create wizard's review: the status it is created in, its notes, and whether the card is skipped. */
export const orderDetailsForm = z.object({
  status: rentOrder.status,
  staff_note: rentOrder.staff_note,
  customer_note: rentOrder.customer_note,
  cc_skipped: rentOrder.cc_skipped,
});

const saleLine = saleOrderCreate.shape.items.element.shape;

/**
 * Quick sale: the staff note, and a discount per line (empty for none) at most the line's amount. The lines
 * are the sale's, in its order (so the server's `items.N` issues land on them), each carrying its key and
 * amount, which are not typed.
 */
export const quickSaleForm = saleOrderCreate.pick({ staff_note: true }).extend({
  items: z.array(
    z
      .object({
        key: z.string(),
        amount_minor: z.number(),
        discount_minor: saleLine.discount_minor
          .unwrap()
          .nullable()
          .transform((minor) => minor ?? 0),
      })
      .refine((line) => line.discount_minor <= line.amount_minor, {
        path: ['discount_minor'],
        message: 'discount_above_line',
      }),
  ),
});
