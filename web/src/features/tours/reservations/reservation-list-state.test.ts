import { describe, expect, it } from 'vitest';
import { queryParams } from '../../../lib/api-client.ts';
import { reservationListCodec, reservationListParams } from './reservation-list-state.ts';

const defaults = reservationListCodec.defaults(25);
const parse = (search: string) => reservationListCodec.parse(search, undefined, defaults);

describe('reservation list state', () => {
  it('reads the filters from the URL and sends them as the server query', () => {
    const state = parse(
      'search=Smith&event=12&tour=3&from=2026-07-01&to=2026-07-31&status=open&balance=due&signed=incomplete&sort=starts_at&sort_type=asc&page=2',
    );
    expect(queryParams(reservationListParams(state))).toEqual({
      page: '2',
      page_size: '25',
      sort: 'starts_at',
      sort_type: 'asc',
      search: 'Smith',
      event_id: '12',
      definition_id: '3',
      from: '2026-07-01',
      to: '2026-07-31',
      status: 'open',
      balance: 'due',
      signed: 'incomplete',
    });
  });

  it('drops what is not valid and leaves the defaults out of the URL', () => {
    const state = parse('event=abc&tour=x&from=2026-13-45&status=lost&balance=some&signed=x&sort=secret');
    expect(state).toEqual(defaults);
    expect(reservationListCodec.serialize(state, defaults)).toBe('');
    expect(queryParams(reservationListParams(state))).toEqual({
      page: '1',
      page_size: '25',
      sort: 'created_at',
      sort_type: 'desc',
      status: 'all',
    });
  });

  it('goes back to the first page when a filter changes', () => {
    const state = parse('page=3');
    const next = reservationListCodec.update(state, { balance: 'due' });
    expect(next.page).toBe(1);
    expect(reservationListCodec.serialize(next, defaults)).toBe('balance=due');
  });
});
