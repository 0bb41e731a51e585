import { useEffect, useEffectEvent, useState } from 'react';

/** The search fields' pause: typing settles for this long before a search goes out. */
export const SEARCH_DELAY_MS = 300;

/** The value once it has stopped changing for `ms`, so a search field does not query on every key. */
export function useDebouncedValue<Value>(value: Value, ms = SEARCH_DELAY_MS): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A list's search box over its URL state: the box holds what is typed, and once typing pauses the trimmed
 * text goes to `onSearch` (undefined when empty). Back and forward put the URL's search back in the box.
 */
export function useSearchInput(current: string | undefined, onSearch: (search: string | undefined) => void) {
  const [typed, setTyped] = useState(current ?? '');
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    // The URL moved on its own (back, forward, clear): show its search.
    setShown(current);
    setTyped(current ?? '');
  }
  const settled = useDebouncedValue(typed.trim());
  // Only a settled change searches; the URL moving by itself must not send the old text back.
  const search = useEffectEvent((text: string) => {
    if (text !== (current ?? '')) onSearch(text === '' ? undefined : text);
  });
  useEffect(() => search(settled), [settled]);
  return [typed, setTyped] as const;
}
