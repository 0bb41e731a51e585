import { describe, expect, it } from 'vitest';
import {
  tourCheckinByCode,
  tourReservationCreate,
  tourReservationListQuery,
} from '../src/schemas/tours/reservations.ts';

describe('tour reservation schemas', () => {
  const seats = [{ age_group_id: 1, quantity: 2 }];

  it('takes an existing customer or a new one, never both nor neither', () => {
    expect(tourReservationCreate.parse({ event_id: 1, customer_id: 3, seats })).toMatchObject({
      private: false,
      source: 'back_end',
    });
    expect(
      tourReservationCreate.safeParse({ event_id: 1, customer: { first_name: 'Ada' }, seats }).success,
    ).toBe(true);
    expect(tourReservationCreate.safeParse({ event_id: 1, seats }).success).toBe(false);
    expect(
      tourReservationCreate.safeParse({ event_id: 1, customer_id: 3, customer: { first_name: 'Ada' }, seats })
        .success,
    ).toBe(false);
  });

  it('bounds the seats: 1 to 20 rows of distinct age groups, 1 to 500 each', () => {
    const ok = (s: unknown) =>
      tourReservationCreate.safeParse({ event_id: 1, customer_id: 3, seats: s }).success;
    expect(ok([])).toBe(false);
    expect(ok([{ age_group_id: 1, quantity: 0 }])).toBe(false);
    expect(ok([{ age_group_id: 1, quantity: 501 }])).toBe(false);
    expect(ok([...seats, ...seats])).toBe(false);
    expect(ok(Array.from({ length: 21 }, (_, i) => ({ age_group_id: i + 1, quantity: 1 })))).toBe(false);
    expect(ok(Array.from({ length: 20 }, (_, i) => ({ age_group_id: i + 1, quantity: 1 })))).toBe(true);
  });

  it('reads a scanned code in any case', () => {
    expect(tourCheckinByCode.parse({ code: ' abcdef1234 ' }).code).toBe('ABCDEF1234');
    expect(tourCheckinByCode.safeParse({ code: 'short' }).success).toBe(false);
  });

  it('defaults the list to every status, newest first', () => {
    expect(tourReservationListQuery.parse({})).toMatchObject({
      status: 'all',
      sort: 'created_at',
      sort_type: 'desc',
      page: 1,
    });
  });
});
