import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordActivity } from '../features/session/inactivity.ts';
import { initI18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { KioskIdleReset } from './kiosk-idle-reset.tsx';

beforeAll(async () => {
  await initI18n();
});

describe('KioskIdleReset: a public page on a kiosk asks "Still there?" before starting over', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    recordActivity(Date.now());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns with a countdown 20 s before the kiosk idle time, then starts over', () => {
    const onIdle = vi.fn();
    renderWithProviders(<KioskIdleReset onIdle={onIdle} />);
    act(() => vi.advanceTimersByTime(69_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('alertdialog', { name: 'Still there?' })).toBeTruthy();
    expect(screen.getByText('This page starts over for the next customer in 20 seconds.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(19_000));
    expect(screen.getByText('This page starts over for the next customer in 1 second.')).toBeTruthy();
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stays when the customer answers, and counts a full idle time again', () => {
    const onIdle = vi.fn();
    renderWithProviders(<KioskIdleReset onIdle={onIdle} />);
    act(() => vi.advanceTimersByTime(70_000));
    fireEvent.click(screen.getByRole('button', { name: "I'm still here" }));
    act(() => vi.advanceTimersByTime(69_000));
    expect(onIdle).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('alertdialog', { name: 'Still there?' })).toBeTruthy();
  });

  it('holds while paused (the payment form is open) and counts afresh after', () => {
    const onIdle = vi.fn();
    const { rerender } = renderWithProviders(<KioskIdleReset onIdle={onIdle} paused />);
    act(() => vi.advanceTimersByTime(300_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(<KioskIdleReset onIdle={onIdle} paused={false} />);
    act(() => vi.advanceTimersByTime(69_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
