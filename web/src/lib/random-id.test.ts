import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey, randomHex } from './random-id.ts';

describe('random ids', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('make version 4 UUID keys and hex, without crypto.randomUUID (absent over plain http)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomHex(6)).toMatch(/^[0-9a-f]{12}$/);
  });
});
