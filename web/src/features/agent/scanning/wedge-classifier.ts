/**
 * Tells a keyboard-wedge barcode scanner from a person typing, by timing alone (no DOM here: keys and
 * their timestamps in, decisions out). Scanners type 7–16 ms apart and end with Enter or Tab; people type
 * 80 ms or more apart. Keys less than `settleMs` apart form a run; a run is a scan when Enter or Tab ends
 * it, it has at least `minLength` characters and their average gap is under `maxAverageGapMs` (onScan.js's
 * rule). Leading keys followed by a pause of twice that average are typing that ran into the scan: they
 * are left out of the code.
 *
 * So that a scan never lands in a text field, keys are held back while the run is scanner-fast (from its
 * second key); held keys that turn out to be typing are handed back in order (`release`). Whatever reached
 * the page before the scan was recognised is reported (`leaked`) for the caller to take out again. With a
 * prefix configured only runs that start with it are scans, held from their first key and not judged by
 * speed; a suffix ends a scan by itself and is stripped.
 */

export interface WedgeOptions {
  minLength: number;
  maxAverageGapMs: number;
  settleMs: number;
  /** Characters the scanner sends before every code; '' = none (timing decides). */
  prefix: string;
  /** Characters the scanner sends after every code; '' = none. */
  suffix: string;
  /** `KeyboardEvent.key` values that end a scan. */
  terminators: readonly string[];
}

export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = {
  minLength: 6,
  maxAverageGapMs: 30,
  settleMs: 100,
  prefix: '',
  suffix: '',
  terminators: ['Enter', 'Tab'],
};

export interface WedgeKey {
  /** `KeyboardEvent.key`. */
  key: string;
  /** When it was pressed, in ms (`KeyboardEvent.timeStamp`). */
  at: number;
  /** Ctrl, Alt or Meta held: a shortcut, never part of a scan. */
  modified?: boolean;
  /** Auto-repeat of a held key. */
  repeat?: boolean;
  /** Part of an IME composition. */
  composing?: boolean;
}

export interface WedgeScan {
  code: string;
  /** The scan's characters that reached the page (typed or released) before it was recognised, in order. */
  leaked: string;
}

export interface WedgeDecision {
  /** Keep this key from the page: it belongs to a likely scan (or ends one). */
  prevent: boolean;
  /** Held characters that turned out to be typing: deliver them, in order, before this key. */
  release: string;
  /** A complete scan. */
  scan: WedgeScan | null;
}

/** Keys that only modify others: they neither belong to a run nor break one. */
const MODIFIER_KEYS = new Set([
  'Shift',
  'CapsLock',
  'NumLock',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'Unidentified',
]);

interface Run {
  chars: string[];
  times: number[];
  /** How many of the last characters are held back (held keys are always the run's tail). */
  held: number;
}

export interface WedgeClassifier {
  key(key: WedgeKey): WedgeDecision;
  /** A run quiet since `now - settleMs` is over; returns the keys it held, to deliver. */
  settle(now: number): string;
  /** Ends the current run at once (the settle timer fired, focus left); returns the keys it held. */
  reset(): string;
}

/** Keys whose gaps decide whether to hold the next one. */
const HOLD_WINDOW = 4;

function averageGap(times: readonly number[]): number {
  if (times.length < 2) return 0;
  return ((times.at(-1) ?? 0) - (times[0] ?? 0)) / (times.length - 1);
}

export function createWedgeClassifier(overrides: Partial<WedgeOptions> = {}): WedgeClassifier {
  const options: WedgeOptions = { ...DEFAULT_WEDGE_OPTIONS, ...overrides };
  const { prefix, suffix, settleMs, maxAverageGapMs, minLength } = options;
  let run: Run | null = null;
  let lastScanAt = Number.NEGATIVE_INFINITY;

  const decision = (): WedgeDecision => ({ prevent: false, release: '', scan: null });

  /** Ends the run; returns the characters it was holding back. */
  const end = (): string => {
    const held = run === null || run.held === 0 ? '' : run.chars.slice(-run.held).join('');
    run = null;
    return held;
  };

  const prefixed = (current: Run): boolean => {
    const text = current.chars.join('');
    return prefix.startsWith(text) || text.startsWith(prefix);
  };

  // Held while the last few keys came scanner-fast: a stall lets them through (taken back if it was a
  // scan after all), so a person's typing never waits on a fast pair of keys for long.
  const shouldHold = (current: Run): boolean =>
    prefix !== ''
      ? prefixed(current)
      : current.chars.length >= 2 && averageGap(current.times.slice(-HOLD_WINDOW)) < maxAverageGapMs;

  /** The scan the run carries when it is one, else null. */
  const scanOf = (current: Run): WedgeScan | null => {
    let start = 0;
    let text: string;
    if (prefix !== '') {
      text = current.chars.join('');
      if (!text.startsWith(prefix)) return null;
      text = text.slice(prefix.length);
    } else {
      // Typing that ran straight into the scan: a leading key followed by a clear pause is not part of it.
      const { times } = current;
      while (
        current.chars.length - start > minLength &&
        (times[start + 1] ?? 0) - (times[start] ?? 0) >= 2 * maxAverageGapMs
      ) {
        start++;
      }
      if (averageGap(times.slice(start)) >= maxAverageGapMs) return null;
      text = current.chars.slice(start).join('');
    }
    if (suffix !== '' && text.endsWith(suffix)) text = text.slice(0, -suffix.length);
    if (text.length < (prefix !== '' ? 1 : minLength)) return null;
    return { code: text, leaked: current.chars.slice(start, current.chars.length - current.held).join('') };
  };

  const complete = (scan: WedgeScan, at: number, out: WedgeDecision): WedgeDecision => {
    out.prevent = true;
    out.scan = scan;
    run = null;
    lastScanAt = at;
    return out;
  };

  return {
    key(input) {
      const out = decision();
      if (input.composing) {
        out.release = end();
        return out;
      }
      if (MODIFIER_KEYS.has(input.key)) return out;

      // A run that went quiet is over (normally the settle timer said so already).
      const last = run?.times.at(-1);
      if (last !== undefined && input.at - last > settleMs) out.release = end();

      if (options.terminators.includes(input.key) && !input.modified) {
        if (run === null) {
          // Scanners set up to send a suffix and Enter: the Enter right after the scan belongs to it.
          if (input.at - lastScanAt <= settleMs) {
            out.prevent = true;
            lastScanAt = Number.NEGATIVE_INFINITY;
          }
          return out;
        }
        const scan = scanOf(run);
        if (scan !== null) return complete(scan, input.at, out);
        out.release += end();
        return out;
      }

      if (input.key.length !== 1 || input.modified || input.repeat) {
        out.release += end();
        return out;
      }

      // With a prefix, a run that cannot be a scan any more starts over at a key that may begin one.
      if (run !== null && prefix !== '' && !prefixed(run) && prefix.startsWith(input.key)) {
        out.release += end();
      }
      if (run === null) run = { chars: [], times: [], held: 0 };
      const current = run;
      current.chars.push(input.key);
      current.times.push(input.at);

      if (shouldHold(current)) {
        current.held += 1;
        out.prevent = true;
      } else if (current.held > 0) {
        // It slowed down: what was held goes to the page after all, then this key.
        out.release += current.chars.slice(-current.held - 1, -1).join('');
        current.held = 0;
      }

      if (suffix !== '' && current.chars.join('').endsWith(suffix)) {
        // The suffix is kept from the page either way when it completes a scan.
        if (!out.prevent) current.held += 1;
        const scan = scanOf(current);
        if (scan !== null) return complete(scan, input.at, out);
      }
      return out;
    },
    settle(now) {
      const last = run?.times.at(-1);
      if (last === undefined || now - last < settleMs) return '';
      return end();
    },
    reset() {
      return end();
    },
  };
}
