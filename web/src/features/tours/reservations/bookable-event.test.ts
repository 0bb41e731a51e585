import { describe, expect, it } from 'vitest';
import { isBookableEvent } from './bookable-event.ts';

const now = Date.parse('2030-06-04T08:00:00.000Z');

describe('a bookable departure', () => {
  it('is scheduled or confirmed and not started yet', () => {
    expect(
      isBookableEvent(
        { private_order_id: null, status: 'scheduled', starts_at: '2030-06-04T09:00:00.000Z' },
        now,
      ),
    ).toBe(true);
    expect(
      isBookableEvent(
        { private_order_id: null, status: 'confirmed', starts_at: '2030-06-04T09:00:00.000Z' },
        now,
      ),
    ).toBe(true);
    expect(
      isBookableEvent(
        { private_order_id: null, status: 'cancelled', starts_at: '2030-06-04T09:00:00.000Z' },
        now,
      ),
    ).toBe(false);
    expect(
      isBookableEvent(
        { private_order_id: null, status: 'completed', starts_at: '2030-06-04T09:00:00.000Z' },
        now,
      ),
    ).toBe(false);
    expect(
      isBookableEvent(
        { private_order_id: null, status: 'scheduled', starts_at: '2030-06-04T08:00:00.000Z' },
        now,
      ),
    ).toBe(false);
    expect(
      isBookableEvent(
        { private_order_id: null, status: 'confirmed', starts_at: '2030-06-03T09:00:00.000Z' },
        now,
      ),
    ).toBe(false);
  });

  it('is not private to a reservation', () => {
    expect(
      isBookableEvent(
        { private_order_id: 41, status: 'scheduled', starts_at: '2030-06-04T09:00:00.000Z' },
        now,
      ),
    ).toBe(false);
  });
});
