import { useEffect, useRef, useState } from 'react';
import { recordActivity, watchInactivity } from '../features/session/inactivity.ts';

/**
 * Calls `onIdle` each time nobody has touched the device for `seconds` (the same activity record as the
 * session's auto-logout: pointer moves, taps and keys). The idle time counts afresh after each call, so a
 * kiosk left alone starts over once, not in a loop.
 */
export function useIdleReset(seconds: number, onIdle: () => void): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  }, [onIdle]);
  const [round, setRound] = useState(0);
  useEffect(
    () =>
      watchInactivity({
        minutes: seconds / 60,
        onTimeout: () => {
          recordActivity(Date.now());
          latest.current();
          setRound((n) => n + 1);
        },
      }),
    [seconds, round],
  );
}
