import { describe, expect, it } from 'vitest';
import { updateListState } from '../../../lib/use-list-url-state.ts';
import {
  defaultListState,
  parseListState,
  serializeListState,
  toOrderListParams,
  type OrderListState,
} from './list-state.ts';

const defaults = defaultListState(25);
const now = new Date(2025, 0, 15, 12);

describe('order list state in the URL', () => {
  it('starts from the defaults with an empty query, and writes nothing for them', () => {
    const state = parseListState('', 'rent', defaults);
    expect(state).toEqual(defaults);
    expect(serializeListState(state, defaults)).toBe('');
  });

  it('round-trips every filter through the query string', () => {
    const state: OrderListState = {
      ...defaults,
      page: 3,
      pageSize: 50,
      sort: 'planned_start',
      sortType: 'asc',
      datePreset: 'custom',
      from: '2025-01-01',
      to: '2025-01-31',
      status: 'overdue',
      orderType: 'borrow',
      rentalTypeId: 2,
      source: 'kiosk',
      search: 'Ada Lovelace',
      overdueType: 'past',
      unbalanced: true,
      balanceStatus: 'partially_paid',
      locationId: 4,
    };
    const query = serializeListState(state, defaults);
    expect(new URLSearchParams(query).get('order_status_r')).toBe('overdue');
    expect(parseListState(`?${query}`, 'rent', defaults)).toEqual(state);
  });

  it('falls back to the default for anything unknown or malformed', () => {
    const state = parseListState(
      'page=-2&page_size=33&sort=price&sort_type=up&date=someday&from_date=2025-13-01&order_status_r=lost&source=fax&has_unbalanced_invoice=maybe&location_id=abc',
      'rent',
      defaults,
    );
    expect(state).toEqual(defaults);
  });

  it('keeps rent-only filters and statuses out of the sale list', () => {
    const state = parseListState(
      'order_status_r=delivered&order_type=borrow&overdue_type=today',
      'sale',
      defaults,
    );
    expect(state.status).toBe('all_orders');
    expect(state.orderType).toBeUndefined();
    expect(state.overdueType).toBeUndefined();
    expect(parseListState('order_status_r=open', 'sale', defaults).status).toBe('open');
    expect(parseListState('order_status_r=open', 'rent', defaults).status).toBe('all_orders');
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const onPage4 = { ...defaults, page: 4 };
    expect(updateListState(onPage4, { page: 5 }).page).toBe(5);
    expect(updateListState(onPage4, { status: 'pending' })).toMatchObject({ page: 1, status: 'pending' });
    expect(updateListState({ ...onPage4, search: 'x' }, { search: undefined })).not.toHaveProperty('search');
  });

  it('drops dates the preset does not use', () => {
    const state = { ...defaults, datePreset: 'today' as const, from: '2025-01-01', to: '2025-01-02' };
    expect(serializeListState(state, defaults)).toBe('date=today');
    const weekly = { ...defaults, datePreset: 'weekly' as const, from: '2025-01-06', to: '2025-01-09' };
    expect(serializeListState(weekly, defaults)).toBe('date=weekly&from_date=2025-01-06');
  });

  it('honours the device page size as the default', () => {
    const fifty = defaultListState(50);
    expect(parseListState('', 'rent', fifty).pageSize).toBe(50);
    expect(serializeListState({ ...fifty, pageSize: 25 }, fifty)).toBe('page_size=25');
    expect(defaultListState(7).pageSize).toBe(25);
  });

  it('asks the server with the preset turned into days as of now', () => {
    const state = parseListState(
      'date=last_7_days&order_status_r=arrivals&search=%20102%20&sort=total',
      'rent',
      defaults,
    );
    expect(toOrderListParams(state, now)).toEqual({
      page: 1,
      page_size: 25,
      sort: 'total',
      sort_type: 'desc',
      order_status_r: 'arrivals',
      from_date: '2025-01-09',
      to_date: '2025-01-15',
      search: '102',
    });
    expect(
      toOrderListParams(parseListState('has_unbalanced_invoice=false', 'sale', defaults), now),
    ).toMatchObject({
      has_unbalanced_invoice: false,
    });
  });
});
