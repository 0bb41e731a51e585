import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { eventListCodec, eventListParams, nextDay, type EventListState } from './event-list-state.ts';

const defaults = eventListCodec.defaults(25);

describe('the events list in the URL', () => {
  beforeEach(() => setDisplayTimeZone('Europe/Madrid'));
  afterEach(() => setDisplayTimeZone(null));

  it('leaves the defaults out and reads back every filter', () => {
    expect(eventListCodec.serialize(defaults, defaults)).toBe('');
    const state: EventListState = {
      page: 3,
      pageSize: 50,
      sortType: 'desc',
      when: 'all',
      from: '2027-05-01',
      to: '2027-09-30',
      definition: 7,
      group: 2,
      status: 'confirmed',
      mine: 'true',
    };
    const query = eventListCodec.serialize(state, defaults);
    expect(query).toBe(
      'page=3&page_size=50&sort_type=desc&when=all&from=2027-05-01&to=2027-09-30&definition=7&group=2&status=confirmed&mine=true',
    );
    expect(eventListCodec.parse(query, undefined, defaults)).toEqual(state);
  });

  it('drops what it cannot read', () => {
    const parsed = eventListCodec.parse(
      'status=lost&from=2027-02-30&to=soon&group=-1&mine=yes&page_size=7&when=later',
      undefined,
      defaults,
    );
    expect(parsed).toEqual(defaults);
  });

  it('starts again at page 1 when a filter changes', () => {
    const next = eventListCodec.update({ ...defaults, page: 4 }, { status: 'cancelled' });
    expect(next).toEqual({ ...defaults, status: 'cancelled' });
    expect(eventListCodec.update({ ...defaults, page: 4 }, { page: 5 }).page).toBe(5);
  });
});

describe('the query the list sends', () => {
  beforeEach(() => setDisplayTimeZone('Europe/Madrid'));
  afterEach(() => setDisplayTimeZone(null));
  const now = new Date('2027-03-10T08:00:00Z');

  it('asks for what is ahead by default', () => {
    expect(eventListParams(defaults, now)).toEqual({
      page: 1,
      page_size: 25,
      sort: 'starts_at',
      sort_type: 'asc',
      from: '2027-03-10T08:00:00.000Z',
      to: undefined,
      definition_id: undefined,
      group_id: undefined,
      status: undefined,
      mine: undefined,
    });
    expect(eventListParams({ ...defaults, when: 'all' }, now).from).toBeUndefined();
  });

  it('turns days into the whole days on the location clock, across a clock change', () => {
    // Summer time starts in Madrid on 2027-03-28: the day before ends at 23:00 UTC, the next at 22:00.
    const params = eventListParams({ ...defaults, from: '2027-03-27', to: '2027-03-28' }, now);
    expect(params.from).toBe('2027-03-26T23:00:00.000Z');
    expect(params.to).toBe('2027-03-28T22:00:00.000Z');
  });

  it('steps over month and year ends', () => {
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-12-31')).toBe('2028-01-01');
  });
});
