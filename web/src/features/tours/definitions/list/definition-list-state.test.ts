import { describe, expect, it } from 'vitest';
import { definitionListCodec, definitionListParams } from './definition-list-state.ts';

const base = definitionListCodec.defaults(25);
const parse = (search: string) => definitionListCodec.parse(search, undefined, base);

describe('the tours list URL', () => {
  it('reads search, group and status, and drops what it does not know', () => {
    expect(parse('?search=kayak&group=3&status=draft&page=2')).toEqual({
      ...base,
      page: 2,
      search: 'kayak',
      group: 3,
      status: 'draft',
    });
    expect(parse('?status=archived&group=x&sort=price&page_size=7')).toEqual(base);
  });

  it('writes only what differs from the defaults', () => {
    expect(definitionListCodec.serialize({ ...base, status: 'active', group: 2 }, base)).toBe(
      'group=2&status=active',
    );
    expect(definitionListCodec.serialize(base, base)).toBe('');
  });

  it('turns the state into the server query', () => {
    expect(definitionListParams({ ...base, group: 4, status: 'inactive', search: 'walk' })).toEqual({
      page: 1,
      page_size: 25,
      sort: 'name',
      sort_type: 'asc',
      search: 'walk',
      group_id: 4,
      status: 'inactive',
    });
  });
});
