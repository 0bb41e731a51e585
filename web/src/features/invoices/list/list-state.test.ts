import { describe, expect, it } from 'vitest';
import { updateListState } from '../../../lib/use-list-url-state.ts';
import { defaultListState, parseListState, serializeListState, toInvoiceListParams } from './list-state.ts';

const defaults = defaultListState(25);
// A Wednesday, local noon.
const now = new Date(2025, 2, 12, 12);

describe('invoice list state', () => {
  it('round-trips through the URL, leaving defaults out', () => {
    const state = updateListState(defaults, {
      balanceStatus: 'partially_paid',
      status: 'posted',
      sort: 'balance',
      sortType: 'asc',
      search: '500123',
    });
    const query = serializeListState(state, defaults);
    expect(query).toBe(
      'sort=balance&sort_type=asc&status=posted&balance_status=partially_paid&search=500123',
    );
    expect(parseListState(query, 'sale', defaults)).toEqual(state);
    expect(serializeListState(defaults, defaults)).toBe('');
  });

  it('ignores unknown values and types the list does not hold', () => {
    const state = parseListState(
      'sort=secret&balance_status=owing&type=sale&page=-2&page_size=7',
      'rents',
      defaults,
    );
    expect(state).toEqual(defaults);
    expect(parseListState('type=credit_note', 'sale', defaults).type).toBe('credit_note');
  });

  it('starts again at page 1 on any change but the page', () => {
    const paged = updateListState(defaults, { page: 4 });
    expect(paged.page).toBe(4);
    expect(updateListState(paged, { balanceStatus: 'unpaid' }).page).toBe(1);
  });

  it('turns a date preset into the days it covers when the list is asked for', () => {
    const state = updateListState(defaults, { datePreset: 'last_7_days' });
    expect(toInvoiceListParams(state, now)).toMatchObject({ from_date: '2025-03-06', to_date: '2025-03-12' });
    const custom = updateListState(defaults, { datePreset: 'custom', from: '2025-01-01', to: '2025-01-31' });
    expect(serializeListState(custom, defaults)).toBe('date=custom&from_date=2025-01-01&to_date=2025-01-31');
    expect(toInvoiceListParams(custom, now)).toMatchObject({
      from_date: '2025-01-01',
      to_date: '2025-01-31',
    });
    expect(toInvoiceListParams(defaults, now)).toEqual({
      page: 1,
      page_size: 25,
      sort: 'created_at',
      sort_type: 'desc',
    });
  });
});
