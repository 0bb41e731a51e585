import { beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledMaintenanceRow } from '@nine/shared/schemas/stock';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { dueIn } from './scheduled-items.tsx';

const row = (over: Partial<ScheduledMaintenanceRow>): ScheduledMaintenanceRow => ({
  item_id: 1,
  sku: 'K-1',
  product_name: 'Kayak',
  rental_group: 'Rentals',
  status: 'available',
  rent_hours_since_service: 3,
  every_rent_hours: 10,
  every_days: null,
  due_in_hours: 7,
  due_at: null,
  due: false,
  open_repair_log_id: null,
  ...over,
});

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});

describe("'maintenance due in'", () => {
  const now = new Date('2031-01-01T00:00:00Z');
  it('says rent hours left, days left, or due now', () => {
    expect(dueIn(i18n.t, row({}), now, 'en-US')).toBe('7 rent h');
    expect(dueIn(i18n.t, row({ due_in_hours: null, due_at: '2031-01-04T00:00:00Z' }), now, 'en-US')).toBe(
      '3 days',
    );
    expect(dueIn(i18n.t, row({ due_at: '2031-01-02T00:00:00Z' }), now, 'en-US')).toBe('7 rent h · 1 day');
    expect(dueIn(i18n.t, row({ due: true }), now, 'en-US')).toBe('Due now');
  });
});
