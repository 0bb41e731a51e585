import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../testing/fake-api.ts';
import { api, getWithParams, idempotent, queryParams } from './api-client.ts';
import { useInvalidatingMutation } from './invalidating-mutation.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('queryParams', () => {
  it('keeps only the set params and sends option lists as comma lists', () => {
    expect(
      queryParams({ page: 2, search: '', status: undefined, owner: null, f_status: ['a', 'b'], open: true }),
    ).toEqual({ page: '2', f_status: 'a,b', open: 'true' });
  });
});

describe('getWithParams and idempotent', () => {
  it('sends the set params as the query string, and the idempotency key with a POST', async () => {
    const calls = stubApi({
      'GET nine/things': () => jsonResponse(200, { data: { rows: [] } }),
      'POST nine/things': (body) => jsonResponse(201, { data: body }),
    });
    const getThings = getWithParams<{ page: number; search?: string }, { rows: unknown[] }>('nine/things');
    await expect(getThings({ page: 1, search: '' })).resolves.toEqual({ rows: [] });
    await expect(api.post('nine/things', idempotent({ name: 'x' }, 'key-1'))).resolves.toEqual({ name: 'x' });
    expect(calls.map((call) => call.path)).toEqual(['nine/things?page=1', 'nine/things']);
    const posted = vi.mocked(fetch).mock.calls[1]?.[0] as Request;
    expect(posted.headers.get('idempotency-key')).toBe('key-1');
  });
});

describe('useInvalidatingMutation', () => {
  function setup() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const key of [['shelf', 1], ['shelf', 2], ['other']]) {
      queryClient.setQueryData(key, 'cached');
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    return { wrapper, stale };
  }

  it('marks the queries under its keys stale once the mutation succeeds, and no others', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(
      () => useInvalidatingMutation((n: number) => Promise.resolve(n * 2), [['shelf']]),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(4));
    expect(stale(['shelf', 1])).toBe(true);
    expect(stale(['shelf', 2])).toBe(true);
    expect(stale(['other'])).toBe(false);
  });

  it('takes keys from the answer, honours exact, and leaves everything alone after a failure', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(
      () => ({
        fromAnswer: useInvalidatingMutation(
          () => Promise.resolve(2),
          (n) => [['shelf', n]],
          { exact: true },
        ),
        failing: useInvalidatingMutation(() => Promise.reject(new Error('no')), [['other']]),
      }),
      { wrapper },
    );
    await act(() => result.current.fromAnswer.mutateAsync());
    expect(stale(['shelf', 2])).toBe(true);
    expect(stale(['shelf', 1])).toBe(false);
    await act(() => result.current.failing.mutateAsync().catch(() => undefined));
    await waitFor(() => expect(result.current.failing.isError).toBe(true));
    expect(stale(['other'])).toBe(false);
  });
});
