import { describe, expect, it } from 'vitest';
import {
  counterReadingsForm,
  deliveryAssignForm,
  itemDiscountForm,
  orderCustomerForm,
  orderDetailsForm,
  orderPeriodForm,
  quickSaleForm,
} from '../src/schemas/order-forms.ts';
import { deliveryAssign } from '../src/schemas/delivery.ts';
import { rentOrderCreate, saleOrderCreate } from '../src/schemas/orders.ts';
import { STAFF_NOTE_MAX } from '../src/constants.ts';

describe('the order forms, cut from the schemas their endpoints parse', () => {
  it('reads an empty discount as none and refuses one above the line', () => {
    expect(itemDiscountForm(5000).parse({ discount_minor: null })).toEqual({ discount_minor: 0 });
    expect(itemDiscountForm(5000).safeParse({ discount_minor: 5001 }).error?.issues[0]?.message).toBe(
      'discount_above_line',
    );
  });

  it('refuses a reading back below the reading out, on the reading back', () => {
    expect(counterReadingsForm.parse({ counter_start: 10, counter_end: null })).toEqual({
      counter_start: 10,
      counter_end: null,
    });
    const issue = counterReadingsForm.safeParse({ counter_start: 10, counter_end: 9 }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['counter_end'], message: 'counter_below_start' });
  });

  it('leaves an empty address out, so the server takes the customer’s own, and the result parses there', () => {
    const form = deliveryAssignForm.parse({
      type: 'delivery',
      scheduled_at: '2030-01-15T08:30:00.000Z',
      address: '',
      zip_code: '',
    });
    expect(form).toEqual({ type: 'delivery', scheduled_at: '2030-01-15T08:30:00.000Z' });
    expect(deliveryAssign.safeParse({ ...form, item_ids: [1] }).success).toBe(true);
    expect(deliveryAssignForm.safeParse({ ...form, address: 'x'.repeat(301) }).success).toBe(false);
  });

  it('asks the wizard’s new customer for a last name too, by the first name’s rule', () => {
    const issues = orderCustomerForm.safeParse({ first_name: 'Ada', last_name: ' ', email: '', phone: '' })
      .error?.issues;
    expect(issues?.map((i) => i.path.join('.'))).toEqual(['last_name']);
    expect(
      orderCustomerForm.parse({ first_name: 'Ada', last_name: 'Lovelace', email: '', phone: '' }),
    ).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: null,
      phone: null,
    });
  });

  it('asks the wizard’s period for both ends, and refuses a finish not after the start on the finish', () => {
    const start = '2030-06-01T09:00:00.000Z';
    expect(
      orderPeriodForm.parse({ planned_start: start, planned_finish: '2030-06-02T09:00:00.000Z' }),
    ).toEqual({
      planned_start: start,
      planned_finish: '2030-06-02T09:00:00.000Z',
    });
    for (const finish of [start, '2030-05-31T09:00:00.000Z']) {
      const issues = orderPeriodForm.safeParse({ planned_start: start, planned_finish: finish }).error
        ?.issues;
      // The create refuses the same period with the same issue, so the server's answer lands there too.
      const created = rentOrderCreate.safeParse({
        customer_id: 7,
        planned_start: start,
        planned_finish: finish,
        items: [{ item_id: 1 }],
      }).error?.issues;
      expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['planned_finish', 'must be after planned_start'],
      ]);
      expect(created?.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['planned_finish', 'must be after planned_start'],
      ]);
    }
    const missing = orderPeriodForm.safeParse({ planned_start: null, planned_finish: null }).error?.issues;
    expect(missing?.map((i) => i.path.join('.'))).toEqual(['planned_start', 'planned_finish']);
  });

  it('checks the wizard’s review by the create’s rules: the staff note’s limit, trimmed notes, the defaults', () => {
    expect(orderDetailsForm.parse({ staff_note: '  Helmet too ', customer_note: '' })).toEqual({
      status: 'confirmed',
      staff_note: 'Helmet too',
      customer_note: '',
      cc_skipped: false,
    });
    const issues = orderDetailsForm.safeParse({
      status: 'pending',
      staff_note: 'x'.repeat(STAFF_NOTE_MAX + 1),
      customer_note: 'x'.repeat(2001),
      cc_skipped: true,
    }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['staff_note', 'too_big'],
      ['customer_note', 'too_big'],
    ]);
    // Spaces around a note do not count towards its limit, as on the server.
    expect(orderDetailsForm.safeParse({ staff_note: ` ${'x'.repeat(STAFF_NOTE_MAX)} ` }).success).toBe(true);
  });

  it('reads a quick sale’s empty discounts as none, refuses one above its line, and sends what the sale parses', () => {
    const values = {
      staff_note: ' Gift wrap ',
      items: [
        { key: 'product:1', amount_minor: 900, discount_minor: null },
        { key: 'product:2', amount_minor: 2500, discount_minor: 2500 },
      ],
    };
    const form = quickSaleForm.parse(values);
    expect(form.items.map((i) => i.discount_minor)).toEqual([0, 2500]);
    expect(
      saleOrderCreate.safeParse({
        staff_note: form.staff_note,
        items: form.items.map((i, n) => ({
          product_id: n + 1,
          quantity: 1,
          discount_minor: i.discount_minor,
        })),
      }).data?.staff_note,
    ).toBe('Gift wrap');

    const above = quickSaleForm.safeParse({
      ...values,
      items: [values.items[0], { ...values.items[1], discount_minor: 2501 }],
    }).error?.issues;
    expect(above?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.1.discount_minor', 'discount_above_line'],
    ]);
    const long = quickSaleForm.safeParse({ staff_note: 'x'.repeat(STAFF_NOTE_MAX + 1), items: [] }).error
      ?.issues;
    expect(long?.map((i) => i.path.join('.'))).toEqual(['staff_note']);
    // A discount typed as no amount (NaN) is refused, not read as none.
    expect(
      quickSaleForm.safeParse({ items: [{ ...values.items[0], discount_minor: Number.NaN }] }).success,
    ).toBe(false);
  });
});
