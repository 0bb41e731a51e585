import { loadSecure, readSecure, writeSecure } from '../../lib/secure-storage.ts';

/** Spec section 4: the last-activity time is stored on mouse move and key press, debounced. */
export const ACTIVITY_DEBOUNCE_MS = 1000;
export const ACTIVITY_MAX_WAIT_MS = 5000;
export const LAST_ACTIVITY_KEY = 'nine.lastActivity';

const ACTIVITY_EVENTS = ['mousemove', 'keydown'] as const;

export function readLastActivity(): number | null {
  const raw = readSecure(LAST_ACTIVITY_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export async function hydrateLastActivity(): Promise<void> {
  await loadSecure(LAST_ACTIVITY_KEY);
}

/** Stores the time unless a later one is already there (another tab may be ahead). */
export function recordActivity(at: number): void {
  const last = readLastActivity();
  if (last !== null && last >= at) return;
  writeSecure(LAST_ACTIVITY_KEY, String(at));
}

/**
 * Records activity on mouse move and key press: at most one write per quiet second, and at least one
 * every five seconds while the user keeps moving (a debounce with a maximum wait).
 */
export function trackActivity(target: EventTarget = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPending: number | null = null;
  let lastSeen = 0;

  const flush = () => {
    timer = undefined;
    firstPending = null;
    recordActivity(lastSeen);
  };

  const onActivity = () => {
    const now = Date.now();
    lastSeen = now;
    firstPending ??= now;
    clearTimeout(timer);
    const waitLeft = ACTIVITY_MAX_WAIT_MS - (now - firstPending);
    timer = setTimeout(flush, Math.max(0, Math.min(ACTIVITY_DEBOUNCE_MS, waitLeft)));
  };

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { passive: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity);
    if (timer !== undefined) {
      clearTimeout(timer);
      flush();
    }
  };
}

export interface InactivityWatch {
  /** Minutes without activity before the session ends; 0 or less turns auto-logout off. */
  minutes: number;
  onTimeout: () => void;
  /** Where other tabs' writes are heard (storage events). */
  target?: EventTarget;
}

/**
 * Calls onTimeout once nobody touched any tab of the app for `minutes`. The deadline follows the
 * newest activity of every tab: each tab's tracker writes to localStorage and the others hear it.
 */
export function watchInactivity({ minutes, onTimeout, target = window }: InactivityWatch): () => void {
  if (!(minutes > 0)) return () => {};
  const timeoutMs = minutes * 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const check = () => {
    if (stopped) return;
    const last = readLastActivity() ?? Date.now();
    const idle = Date.now() - last;
    if (idle >= timeoutMs) {
      stopped = true;
      onTimeout();
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(check, timeoutMs - idle);
  };

  const onStorage = (event: Event) => {
    if (!(event instanceof StorageEvent) || event.key !== LAST_ACTIVITY_KEY) return;
    // Decrypt the other tab's time, then move the deadline.
    void loadSecure(LAST_ACTIVITY_KEY).then(check);
  };

  if (readLastActivity() === null) recordActivity(Date.now());
  target.addEventListener('storage', onStorage);
  check();
  return () => {
    stopped = true;
    clearTimeout(timer);
    target.removeEventListener('storage', onStorage);
  };
}
