import { describe, expect, it } from 'vitest';
import { skillExpiry } from './skill-expiry.ts';

describe('skillExpiry', () => {
  it('says expired before today, soon within 30 days, nothing later or without an expiry', () => {
    expect(skillExpiry('2026-11-24', '2026-11-25')).toBe('expired');
    expect(skillExpiry('2026-11-25', '2026-11-25')).toBe('soon');
    expect(skillExpiry('2026-12-25', '2026-11-25')).toBe('soon');
    expect(skillExpiry('2026-12-26', '2026-11-25')).toBeNull();
    expect(skillExpiry(null, '2026-11-25')).toBeNull();
  });
});
