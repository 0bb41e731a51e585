import { describe, expect, it } from 'vitest';
import { createWedgeClassifier, type WedgeDecision, type WedgeOptions } from './wedge-classifier.ts';

interface Outcome {
  /** What reached the page: keys let through plus released ones, in order. */
  typed: string;
  /** Keys kept from the page. */
  prevented: string[];
  scans: { code: string; leaked: string }[];
}

/**
 * Plays keys at the given times through a classifier, settling between keys as the listener's timer
 * would, and reports what the page would have seen.
 */
function play(
  keys: [key: string, at: number][],
  options: Partial<WedgeOptions> = {},
  settleAt?: number,
): Outcome {
  const wedge = createWedgeClassifier(options);
  const settleMs = options.settleMs ?? 100;
  const outcome: Outcome = { typed: '', prevented: [], scans: [] };
  let last: number | null = null;
  const apply = (key: string, decision: WedgeDecision) => {
    outcome.typed += decision.release;
    if (decision.prevent) outcome.prevented.push(key);
    else if (key.length === 1) outcome.typed += key;
    if (decision.scan) outcome.scans.push(decision.scan);
  };
  for (const [key, at] of keys) {
    if (last !== null && at - last >= settleMs) outcome.typed += wedge.settle(last + settleMs);
    apply(key, wedge.key({ key, at }));
    last = at;
  }
  if (last !== null) outcome.typed += wedge.settle(settleAt ?? last + settleMs);
  return outcome;
}

/** `text` typed `gap` ms apart starting at `start`, then the terminator one gap later. */
function keys(text: string, gap: number, start = 0, terminator: string | null = 'Enter'): [string, number][] {
  const out: [string, number][] = [...text].map((char, i) => [char, start + i * gap]);
  if (terminator !== null) out.push([terminator, start + text.length * gap]);
  return out;
}

describe('keyboard-wedge classifier', () => {
  it('recognises a scanner: 12 characters 10 ms apart and Enter', () => {
    const outcome = play(keys('400638133393', 10));
    expect(outcome.scans).toEqual([{ code: '400638133393', leaked: '4' }]);
    // Only the first character got through (the listener undoes it); the rest and the Enter were kept back.
    expect(outcome.typed).toBe('4');
    expect(outcome.prevented).toEqual([...'00638133393', 'Enter']);
  });

  it('accepts Tab as the end of a scan too', () => {
    expect(play(keys('ABC-12345', 12, 0, 'Tab')).scans).toEqual([{ code: 'ABC-12345', leaked: 'A' }]);
  });

  it('leaves a person typing alone: 100 ms apart, every key reaches the field, Enter included', () => {
    const outcome = play(keys('hello world', 100));
    expect(outcome.scans).toEqual([]);
    expect(outcome.typed).toBe('hello world');
    expect(outcome.prevented).toEqual([]);
  });

  it('needs at least six characters', () => {
    expect(play(keys('12345', 10)).scans).toEqual([]);
    expect(play(keys('12345', 10)).typed).toBe('12345');
    expect(play(keys('123456', 10)).scans).toEqual([{ code: '123456', leaked: '1' }]);
  });

  it('needs an average gap under 30 ms', () => {
    expect(play(keys('1234567890', 29)).scans).toHaveLength(1);
    const slow = play(keys('1234567890', 31));
    expect(slow.scans).toEqual([]);
    expect(slow.typed).toBe('1234567890');
  });

  it('judges the average, not each gap: a scanner that hiccups once still counts', () => {
    const times = [0, 8, 16, 70, 78, 86, 94, 102];
    const run: [string, number][] = [...'98765432'].map((char, i) => [char, times[i] ?? 0]);
    run.push(['Enter', 110]);
    expect(play(run).scans).toEqual([{ code: '98765432', leaked: '9' }]);
  });

  it('needs Enter or Tab: a fast burst that just stops is typing, and the held keys come back in order', () => {
    const outcome = play(keys('ABCDEFGH', 10, 0, null));
    expect(outcome.scans).toEqual([]);
    expect(outcome.typed).toBe('ABCDEFGH');
  });

  it('ends a run after 100 ms of silence: an Enter that comes late is a plain Enter', () => {
    const run = keys('12345678', 10, 0, null);
    run.push(['Enter', 70 + 150]);
    const outcome = play(run);
    expect(outcome.scans).toEqual([]);
    // Held while they looked like a scan, then handed back when the run went quiet; the Enter goes through.
    expect(outcome.typed).toBe('12345678');
    expect(outcome.prevented).not.toContain('Enter');
  });

  it('hands back a fast pair of keys as soon as the next key shows it was typing', () => {
    // "th" rolled over in 20 ms, then normal typing: the held "h" is released before the "e" goes through.
    const wedge = createWedgeClassifier();
    expect(wedge.key({ key: 't', at: 0 })).toMatchObject({ prevent: false });
    expect(wedge.key({ key: 'h', at: 20 })).toMatchObject({ prevent: true });
    expect(wedge.key({ key: 'e', at: 90 })).toMatchObject({ prevent: false, release: 'h' });
  });

  it('recognises a scan that follows typing at once, leaving the typed keys out of the code', () => {
    const run: [string, number][] = [['x', 0], ['y', 80], ...keys('55501234', 9, 160)];
    const outcome = play(run);
    expect(outcome.scans.map((scan) => scan.code)).toEqual(['55501234']);
    // The scan's first keys got through before it was fast enough to hold: the listener takes them back.
    expect(outcome.scans[0]?.leaked).toBe('555');
    expect(outcome.typed).toBe('xy555');
  });

  it('keeps a scan whose keys were released while it stalled, and reports all that leaked', () => {
    // Measured from Playwright's keyboard.type under load: mostly fast, two long stalls mid-code.
    const gaps = [24, 11, 10, 4, 77, 68, 13, 19, 8, 17, 13, 5, 12];
    let at = 0;
    const run: [string, number][] = [...'4006381333931'].map((char, i) => {
      at += i === 0 ? 0 : (gaps[i - 1] ?? 0);
      return [char, at];
    });
    run.push(['Enter', at + (gaps[12] ?? 0)]);
    const outcome = play(run);
    expect(outcome.scans).toHaveLength(1);
    expect(outcome.scans[0]?.code).toBe('4006381333931');
    // What reached the page is exactly what the listener takes back.
    expect(outcome.typed).toBe(outcome.scans[0]?.leaked);
  });

  it('ignores Shift between the characters of a scan (upper case letters)', () => {
    const run: [string, number][] = [];
    let at = 0;
    for (const char of 'AB12CD34') {
      run.push(['Shift', at], [char, at + 2]);
      at += 10;
    }
    run.push(['Enter', at]);
    expect(play(run).scans).toEqual([{ code: 'AB12CD34', leaked: 'A' }]);
  });

  it('never treats shortcuts, auto-repeat or other keys as part of a scan', () => {
    const wedge = createWedgeClassifier();
    wedge.key({ key: '1', at: 0 });
    expect(wedge.key({ key: '2', at: 10 }).prevent).toBe(true);
    // Ctrl+V in the middle: the held key comes back and the run is over.
    expect(wedge.key({ key: 'v', at: 20, modified: true })).toMatchObject({ prevent: false, release: '2' });
    expect(wedge.key({ key: 'a', at: 30, repeat: true })).toMatchObject({ prevent: false, release: '' });
    expect(wedge.key({ key: 'Backspace', at: 40 })).toMatchObject({ prevent: false });
  });

  it('with a prefix, holds from the first key and takes only prefixed codes, without the prefix', () => {
    const scan = play(keys('§ABC123', 10), { prefix: '§' });
    expect(scan.scans).toEqual([{ code: 'ABC123', leaked: '' }]);
    expect(scan.typed).toBe('');

    // Fast but unprefixed: not a scan once a prefix is configured.
    const unprefixed = play(keys('ABC12345', 10), { prefix: '§' });
    expect(unprefixed.scans).toEqual([]);
    expect(unprefixed.typed).toBe('ABC12345');

    // The prefix is the robust fallback: a slower scanner (60 ms) still counts, even with a short code.
    expect(play(keys('§42', 60), { prefix: '§' }).scans).toEqual([{ code: '42', leaked: '' }]);
  });

  it('with a suffix, the suffix ends the scan by itself and the Enter after it is swallowed', () => {
    const wedge = createWedgeClassifier({ suffix: '#' });
    const decisions = keys('0123456789#', 10, 0, null).map(([key, at]) => wedge.key({ key, at }));
    expect(decisions.at(-1)?.scan).toEqual({ code: '0123456789', leaked: '0' });
    expect(wedge.key({ key: 'Enter', at: 115 })).toMatchObject({ prevent: true, scan: null });
    // A later Enter is the person's again.
    expect(wedge.key({ key: 'Enter', at: 900 })).toMatchObject({ prevent: false });
  });

  it('strips the suffix when Enter follows it', () => {
    expect(play(keys('0123456789#', 10), { suffix: '#' }).scans).toEqual([
      { code: '0123456789', leaked: '0' },
    ]);
  });

  it('reset hands back whatever is held', () => {
    const wedge = createWedgeClassifier();
    wedge.key({ key: 'a', at: 0 });
    wedge.key({ key: 'b', at: 5 });
    wedge.key({ key: 'c', at: 10 });
    expect(wedge.reset()).toBe('bc');
    expect(wedge.reset()).toBe('');
  });
});
