import { useCallback, useSyncExternalStore } from 'react';

/**
 * With several registers at a location (multi_register), each counter says which drawer it uses; the
 * choice belongs to the device, like the printer, so it is kept in this browser, per location.
 */
const keyOf = (locationId: number) => `nine.payments.register.${locationId}`;
const listeners = new Set<() => void>();

export function readCounterRegister(locationId: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(keyOf(locationId)));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function useCounterRegister(locationId: number): [number | null, (id: number) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readCounterRegister(locationId),
  );
  const choose = useCallback(
    (id: number) => {
      try {
        window.localStorage.setItem(keyOf(locationId), String(id));
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      for (const listener of listeners) listener();
    },
    [locationId],
  );
  return [value, choose];
}
