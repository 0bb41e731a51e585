import { useEffect, useLayoutEffect, useRef } from 'react';
import { useOptionalAgentActor } from '../agent-context.tsx';
import { subscribeWedgeScans } from './wedge-listener.ts';

export interface Scan {
  code: string;
  /** The agent's scanner (HID POS, or the simulated one), or a keyboard-wedge scanner typing into the page. */
  source: 'agent' | 'keyboard';
  /** The agent's scanner id; null for keyboard scans. */
  scannerId: string | null;
  at: Date;
}

/**
 * Calls `onScan` for every barcode scanned while the calling screen is mounted, from both sources: the
 * paired agent's scan events and keyboard-wedge scanners (told from typing by timing; their keys never
 * reach a focused field). Pass `enabled: false` to pause, and `keyboard: false` on a screen whose focused
 * scan field reads wedge scanners itself (their keys then type into it as before).
 */
export function useScanner(
  onScan: (scan: Scan) => void,
  options: { enabled?: boolean; keyboard?: boolean } = {},
): void {
  const enabled = options.enabled ?? true;
  const keyboard = options.keyboard ?? true;
  const actor = useOptionalAgentActor();
  const latest = useRef(onScan);
  useLayoutEffect(() => {
    latest.current = onScan;
  });

  useEffect(() => {
    if (!enabled || actor === null) return;
    const subscription = actor.on('scan', (event) => {
      const at = new Date(event.at);
      latest.current({
        code: event.code,
        source: 'agent',
        scannerId: event.scannerId,
        at: Number.isNaN(at.getTime()) ? new Date() : at,
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, enabled]);

  useEffect(() => {
    if (!enabled || !keyboard) return;
    return subscribeWedgeScans((code) =>
      latest.current({ code, source: 'keyboard', scannerId: null, at: new Date() }),
    );
  }, [enabled, keyboard]);
}
