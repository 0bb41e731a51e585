/**
 * The "New rent order" shortcut, as aria-keyshortcuts spells it. Alt+N is free in Chrome, Firefox and
 * Safari and on the counter's usual keyboards; Ctrl+N would open a browser window instead.
 */
export const NEW_RENT_ORDER_KEYS = 'Alt+N';

/**
 * Whether a key press asks for a new rent order. By physical key (`code`), since on a Mac Option+N types
 * a dead key (`key` is "Dead") and on other layouts `key` may be another letter.
 */
export function isNewRentOrderShortcut(event: KeyboardEvent): boolean {
  return (
    event.code === 'KeyN' &&
    event.altKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey &&
    !event.repeat &&
    !event.isComposing
  );
}

/** Keys typed into a field belong to the field: Alt+N there may be a character (ñ, ˜) the clerk wants. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // Buttons and boxes take no text, so the shortcut still works with one of them focused.
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return false;
}
