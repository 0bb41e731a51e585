import { describe, expect, it } from 'vitest';
import { canMoveTourEvent, nextTourEventStatuses, tourEventStatuses } from '../src/tour-event-status.ts';

describe('tour event status', () => {
  // Every pair, future and past: the whole table, so a changed rule shows here.
  const allowed: Record<string, { future: boolean; past: boolean }> = {
    'scheduled>confirmed': { future: true, past: true },
    'scheduled>cancelled': { future: true, past: true },
    'scheduled>completed': { future: false, past: true },
    'confirmed>cancelled': { future: true, past: true },
    'confirmed>completed': { future: false, past: true },
    'cancelled>scheduled': { future: true, past: false },
  };
  for (const from of tourEventStatuses)
    for (const to of tourEventStatuses)
      it(`${from} → ${to}`, () => {
        const rule = allowed[`${from}>${to}`] ?? { future: false, past: false };
        expect(canMoveTourEvent(from, to, true)).toBe(rule.future);
        expect(canMoveTourEvent(from, to, false)).toBe(rule.past);
      });

  it('a completed event moves nowhere', () => {
    expect(nextTourEventStatuses('completed')).toEqual([]);
  });
});
