import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { createListCodec, listField, useListUrlState, type ListUrlCodec } from './use-list-url-state.ts';

interface State {
  page: number;
  pageSize: number;
  kind: string;
  search?: string;
}

// A small codec: the hook's job is only to wire it to the URL.
const codec: ListUrlCodec<State, string> = {
  defaults: (pageSize) => ({ page: 1, pageSize, kind: '' }),
  parse: (search, kind, defaults) => {
    const query = new URLSearchParams(search);
    const state: State = { ...defaults, kind };
    if (query.has('page')) state.page = Number(query.get('page'));
    if (query.has('search')) state.search = query.get('search') ?? undefined;
    return state;
  },
  serialize: (state, defaults) => {
    const query = new URLSearchParams();
    if (state.page !== defaults.page) query.set('page', String(state.page));
    if (state.search !== undefined) query.set('search', state.search);
    return query.toString();
  },
  update: (state, patch) => ({ ...state, ...patch, page: 'page' in patch ? (patch.page ?? 1) : 1 }),
};

function setup(path: string) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  const hook = renderHook(() => useListUrlState(codec, 'rent', 50), { wrapper });
  return { location, hook };
}

describe('useListUrlState', () => {
  it('reads the state from the URL query with the given kind and default page size', () => {
    const { hook } = setup('/orders?page=3&search=kayak');
    expect(hook.result.current.state).toEqual({ page: 3, pageSize: 50, kind: 'rent', search: 'kayak' });
    expect(hook.result.current.defaults).toEqual({ page: 1, pageSize: 50, kind: '' });
  });

  it('writes each change as a new history entry through the codec, and reset drops the query', () => {
    const { hook, location } = setup('/orders?page=3');
    act(() => hook.result.current.change({ search: 'bike' }));
    expect(hook.result.current.state).toMatchObject({ page: 1, search: 'bike' });
    act(() => hook.result.current.change({ page: 2 }));
    act(() => hook.result.current.reset());
    expect(location.history).toEqual([
      '/orders?page=3',
      '/orders?search=bike',
      '/orders?page=2&search=bike',
      '/orders',
    ]);
    expect(hook.result.current.state).toEqual({ page: 1, pageSize: 50, kind: 'rent' });
  });

  it('keeps the keys of another list on the same page when one list changes or resets', () => {
    interface Partners {
      page: number;
      pageSize: number;
      search?: string;
    }
    const partners = createListCodec<Partners>(
      {
        page: listField.page('partners_page'),
        pageSize: listField.pageSize([25], 'partners_page_size'),
        search: listField.text('partners_search'),
      },
      (pageSize) => ({ page: 1, pageSize }),
    );
    const location = memoryLocation({ path: '/customer/admin?page=4&search=garcia', record: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    );
    const hook = renderHook(() => useListUrlState(partners, undefined, 25), { wrapper });
    act(() => hook.result.current.change({ search: 'bay' }));
    act(() => hook.result.current.change({ page: 2 }));
    act(() => hook.result.current.reset());
    expect(location.history).toEqual([
      '/customer/admin?page=4&search=garcia',
      '/customer/admin?page=4&search=garcia&partners_search=bay',
      '/customer/admin?page=4&search=garcia&partners_page=2&partners_search=bay',
      '/customer/admin?page=4&search=garcia',
    ]);
  });
});
