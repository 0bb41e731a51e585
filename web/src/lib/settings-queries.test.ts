import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { followSettingsRevision, settingsMeta } from './settings-queries.ts';

describe('following the settings revision', () => {
  it('marks settings queries stale when a newer revision arrives, and only then', async () => {
    const client = new QueryClient();
    await client.prefetchQuery({
      queryKey: ['general-settings', 1],
      queryFn: () => ({ currency_symbol: '$' }),
      meta: settingsMeta,
    });
    await client.prefetchQuery({ queryKey: ['rent-orders'], queryFn: () => [] });
    const follow = followSettingsRevision(client);
    const stale = (key: string) =>
      client.getQueryState([key, 1])?.isInvalidated ?? client.getQueryState([key])?.isInvalidated;

    follow(7); // the first answer only tells where we are
    follow(7);
    follow(6); // an older answer arriving late is not a change
    expect(stale('general-settings')).toBe(false);

    follow(8);
    expect(stale('general-settings')).toBe(true);
    expect(stale('rent-orders')).toBe(false);
  });
});
