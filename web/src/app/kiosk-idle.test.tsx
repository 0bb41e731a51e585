import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordActivity } from '../features/session/inactivity.ts';
import { useIdleReset } from './kiosk-idle.ts';

function Kiosk({ onIdle }: { onIdle: () => void }) {
  useIdleReset(90, onIdle);
  return null;
}

describe('useIdleReset: the kiosk starts over when left alone', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    recordActivity(Date.now());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires after 90 s untouched, once, then counts afresh', () => {
    const onIdle = vi.fn();
    render(<Kiosk onIdle={onIdle} />);
    act(() => vi.advanceTimersByTime(89_000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
    // No loop: the next reset is a full idle period later.
    act(() => vi.advanceTimersByTime(89_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(onIdle).toHaveBeenCalledTimes(2);
  });

  it('waits longer while the customer keeps touching the screen', () => {
    const onIdle = vi.fn();
    render(<Kiosk onIdle={onIdle} />);
    act(() => vi.advanceTimersByTime(60_000));
    recordActivity(Date.now());
    act(() => vi.advanceTimersByTime(60_000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
