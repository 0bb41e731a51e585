import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WEDGE_OPTIONS } from './wedge-classifier.ts';
import { attachWedgeListener } from './wedge-listener.ts';

let input: HTMLInputElement;
let detach: () => void;
let scans: string[];
let start: number;

/**
 * Presses a key on the focused element at a given time, the way a browser would: keydown first, then,
 * unless it was prevented, the character lands in the field.
 */
function press(key: string, at: number): KeyboardEvent {
  // The fake clock moves to the key's time (timers due meanwhile fire), and the key carries that time.
  const wait = start + at - performance.now();
  if (wait > 0) vi.advanceTimersByTime(wait);
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: performance.now() });
  target.dispatchEvent(event);
  if (!event.defaultPrevented && key.length === 1 && target === input) input.value += key;
  return event;
}

function typeAt(text: string, gap: number, start = 0): number {
  [...text].forEach((char, i) => press(char, start + i * gap));
  return start + text.length * gap;
}

beforeEach(() => {
  vi.useFakeTimers();
  start = performance.now();
  input = document.createElement('input');
  document.body.append(input);
  input.focus();
  scans = [];
  detach = attachWedgeListener(window, {
    options: () => DEFAULT_WEDGE_OPTIONS,
    onScan: (code) => scans.push(code),
  });
});
afterEach(() => {
  detach();
  input.remove();
  vi.useRealTimers();
});

describe('keyboard-wedge listener', () => {
  it('keeps a scan out of the focused field, undoing the key that got in first, and reports it', () => {
    input.value = 'note: ';
    const end = typeAt('4006381333931', 8);
    const enter = press('Enter', end);
    expect(enter.defaultPrevented).toBe(true);
    expect(scans).toEqual(['4006381333931']);
    expect(input.value).toBe('note: ');
  });

  it('lets typing through untouched', () => {
    const end = typeAt('Harbor', 120);
    const enter = press('Enter', end);
    expect(enter.defaultPrevented).toBe(false);
    expect(scans).toEqual([]);
    expect(input.value).toBe('Harbor');
  });

  it('types held keys into the field after the settle time when no Enter came', () => {
    typeAt('abcdef', 10);
    expect(input.value).toBe('a');
    vi.advanceTimersByTime(DEFAULT_WEDGE_OPTIONS.settleMs + 10);
    expect(input.value).toBe('abcdef');
    expect(scans).toEqual([]);
  });

  it('away from text fields, keeps only the Enter that ends a scan (it would press a button)', () => {
    input.blur();
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const events: KeyboardEvent[] = [];
    [...'ABC123456'].forEach((char, i) => events.push(press(char, i * 10)));
    expect(events.some((event) => event.defaultPrevented)).toBe(false);
    expect(press('Enter', 90).defaultPrevented).toBe(true);
    expect(scans).toEqual(['ABC123456']);
    button.remove();
  });

  it('does nothing once detached or switched off', () => {
    detach();
    typeAt('4006381333931', 8);
    press('Enter', 200);
    expect(scans).toEqual([]);
    expect(input.value).toBe('4006381333931');
    input.value = '';

    detach = attachWedgeListener(window, { options: () => null, onScan: (code) => scans.push(code) });
    typeAt('4006381333931', 8, 1000);
    expect(press('Enter', 1200).defaultPrevented).toBe(false);
    expect(scans).toEqual([]);
  });
});
