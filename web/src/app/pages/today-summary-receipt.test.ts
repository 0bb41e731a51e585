import { beforeAll, describe, expect, it } from 'vitest';
import { receiptDocument } from '@nine/shared/receipt';
import { i18n, initI18n, setLanguage } from '../../lib/i18n.ts';
import { busySummary } from '../testing/dashboard-summary.ts';
import { buildTodaySummaryReceipt } from './today-summary-receipt.ts';

const summary = busySummary({ id: 1, name: 'Harbor Front' });

beforeAll(async () => {
  await initI18n();
});

describe("today's summary receipt", () => {
  it('carries the location, the date, today’s figures and the payments total, valid for the agent', async () => {
    await setLanguage('en-US', { persist: false });
    const receipt = buildTodaySummaryReceipt({
      t: i18n.t.bind(i18n),
      summary,
      business: {
        site_title: 'Nine Rentals',
        address: '12 Pier Road',
        zip_code: '94133',
        tel: '+1 415 555 0100',
      },
      currency: 'USD',
      locale: 'en-US',
      staffName: 'Sam Carter',
      now: new Date('2026-03-02T17:45:00'),
    });
    const parsed = receiptDocument.parse(receipt);
    expect(parsed.header).toEqual({
      title: 'Nine Rentals',
      lines: ["Today's summary", 'Harbor Front', '12 Pier Road 94133', '+1 415 555 0100'],
    });
    expect(parsed.meta).toEqual([
      { label: 'Date', value: '03/02/2026' },
      { label: 'Printed', value: '5:45 PM' },
      { label: 'Staff', value: 'Sam Carter' },
      { label: 'Departures today', value: '12' },
      { label: 'Returns due today', value: '9' },
      { label: 'Overdue rentals', value: '4' },
      { label: 'Open sale orders', value: '7' },
      { label: 'Orders created today', value: '1,234' },
    ]);
    expect(parsed.totals).toEqual([{ label: 'Payments today', amount: 1234567, emphasis: true }]);
    expect(parsed.currency).toBe('USD');
  });

  it('speaks the staff’s language and falls back to the location name without business info', async () => {
    await setLanguage('fr-FR', { persist: false });
    const receipt = receiptDocument.parse(
      buildTodaySummaryReceipt({
        t: i18n.t.bind(i18n),
        summary,
        business: null,
        currency: 'EUR',
        locale: 'fr-FR',
        staffName: null,
        now: new Date('2026-03-02T17:45:00'),
      }),
    );
    expect(receipt.header).toEqual({ title: 'Harbor Front', lines: ['Résumé du jour'] });
    expect(receipt.meta[0]).toEqual({ label: 'Date', value: '02/03/2026' });
    expect(receipt.meta.map((m) => m.label)).not.toContain('Personnel');
    await setLanguage('en-US', { persist: false });
  });
});
