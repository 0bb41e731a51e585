import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAppToaster,
  createNotifier,
  TOAST_DURATION_MS,
  TOAST_LOCK_MS,
  TOAST_MAX,
  type AppToaster,
} from './toast.tsx';

let toaster: AppToaster;

beforeEach(() => {
  vi.useFakeTimers();
  toaster = createAppToaster();
});
afterEach(() => {
  toaster.remove();
  vi.useRealTimers();
});

const shown = () => toaster.getVisibleToasts().map((t) => `${t.type}:${t.title}`);

describe('toasts', () => {
  it('sits top-right, at most 20, closing after 5 s', () => {
    expect(toaster.attrs.placement).toBe('top-end');
    expect(toaster.attrs.max).toBe(TOAST_MAX);
    expect(TOAST_MAX).toBe(20);
    expect(toaster.attrs.duration).toBe(TOAST_DURATION_MS);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows every type with its title and message', () => {
    const notify = createNotifier(toaster);
    for (const type of ['success', 'info', 'error', 'warning', 'default'] as const) {
      expect(notify({ type, title: `T-${type}`, message: `M-${type}` })).toBe(true);
      vi.advanceTimersByTime(TOAST_LOCK_MS);
    }
    expect(shown().sort()).toEqual(
      ['default:T-default', 'error:T-error', 'info:T-info', 'success:T-success', 'warning:T-warning'].sort(),
    );
    expect(toaster.getVisibleToasts().find((t) => t.type === 'warning')?.description).toBe('M-warning');
  });

  it('shows one at a time: a toast within 2 s of the last is dropped, later ones show', () => {
    const notify = createNotifier(toaster);
    expect(notify({ type: 'success', title: 'Saved' })).toBe(true);
    vi.advanceTimersByTime(TOAST_LOCK_MS - 1);
    expect(notify({ type: 'info', title: 'Too soon' })).toBe(false);
    vi.advanceTimersByTime(1);
    expect(notify({ type: 'info', title: 'In time' })).toBe(true);
    expect(shown()).toEqual(['info:In time', 'success:Saved']);
  });

  it('shows no error toast while an earlier error toast is on screen', () => {
    const notify = createNotifier(toaster);
    expect(notify({ type: 'error', title: 'First' })).toBe(true);
    vi.advanceTimersByTime(TOAST_LOCK_MS);
    expect(notify({ type: 'error', title: 'Second' })).toBe(false);
    // Other types still show.
    expect(notify({ type: 'warning', title: 'Careful' })).toBe(true);
    const first = toaster.getVisibleToasts().find((t) => t.title === 'First');
    toaster.remove(first?.id);
    vi.advanceTimersByTime(TOAST_LOCK_MS);
    expect(notify({ type: 'error', title: 'Third' })).toBe(true);
    expect(shown()).toEqual(['error:Third', 'warning:Careful']);
  });
});
