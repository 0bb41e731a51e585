import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encrypt, settleSecureWrites } from '../../lib/secure-storage.ts';
import {
  ACTIVITY_DEBOUNCE_MS,
  ACTIVITY_MAX_WAIT_MS,
  LAST_ACTIVITY_KEY,
  readLastActivity,
  recordActivity,
  trackActivity,
  watchInactivity,
} from './inactivity.ts';

const T0 = new Date('2026-03-02T09:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('activity tracking', () => {
  it('stores the last activity 1000 ms after mouse moves and key presses stop', () => {
    const target = new EventTarget();
    const stop = trackActivity(target);
    target.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(400);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS - 1);
    expect(readLastActivity()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(readLastActivity()).toBe(T0 + 400);
    stop();
  });

  it('writes at least every 5000 ms while the user keeps moving', () => {
    const target = new EventTarget();
    const stop = trackActivity(target);
    for (let elapsed = 0; elapsed < ACTIVITY_MAX_WAIT_MS; elapsed += 500) {
      target.dispatchEvent(new Event('mousemove'));
      vi.advanceTimersByTime(500);
    }
    // Moving all along, yet the time was written once the maximum wait passed.
    expect(readLastActivity()).toBe(T0 + ACTIVITY_MAX_WAIT_MS - 500);
    stop();
  });

  it('ignores other events and never moves the time backwards', () => {
    const target = new EventTarget();
    const stop = trackActivity(target);
    target.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    expect(readLastActivity()).toBeNull();
    recordActivity(T0 + 10_000);
    recordActivity(T0 + 5_000);
    expect(readLastActivity()).toBe(T0 + 10_000);
    stop();
  });

  it('keeps the time encrypted in localStorage', async () => {
    recordActivity(T0);
    await settleSecureWrites();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).not.toContain(String(T0));
  });
});

describe('auto-logout', () => {
  it('is off when the timeout is 0', () => {
    const onTimeout = vi.fn();
    const stop = watchInactivity({ minutes: 0, onTimeout, target: new EventTarget() });
    vi.advanceTimersByTime(24 * 3600_000);
    expect(onTimeout).not.toHaveBeenCalled();
    stop();
  });

  it('signs out after the configured minutes without activity', () => {
    const onTimeout = vi.fn();
    recordActivity(T0);
    const stop = watchInactivity({ minutes: 2, onTimeout, target: new EventTarget() });
    vi.advanceTimersByTime(2 * 60_000 - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('activity pushes the deadline back', () => {
    const onTimeout = vi.fn();
    const activity = new EventTarget();
    recordActivity(T0);
    const stopTracking = trackActivity(activity);
    const stop = watchInactivity({ minutes: 1, onTimeout, target: new EventTarget() });
    vi.advanceTimersByTime(50_000);
    activity.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    vi.advanceTimersByTime(20_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
    stopTracking();
  });

  it('hears the activity of other tabs through the storage event', async () => {
    const onTimeout = vi.fn();
    const windowLike = new EventTarget();
    recordActivity(T0);
    await settleSecureWrites();
    const stop = watchInactivity({ minutes: 1, onTimeout, target: windowLike });
    vi.advanceTimersByTime(50_000);
    // Another tab writes a newer time and the browser tells this one.
    const newer = await encrypt(String(T0 + 50_000));
    localStorage.setItem(LAST_ACTIVITY_KEY, newer);
    windowLike.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY, newValue: newer }));
    await vi.waitFor(() => expect(readLastActivity()).toBe(T0 + 50_000));
    vi.advanceTimersByTime(30_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });
});
