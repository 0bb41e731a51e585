// Dark mode is a `dark` class on document.body (spec section 4); Chakra's dark tokens hang off `.dark`.
const STORAGE_KEY = 'nine.darkMode';

export function savedDarkMode(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function isDarkMode(): boolean {
  return document.body.classList.contains('dark');
}

export function setDarkMode(on: boolean, options: { persist?: boolean } = {}): void {
  document.body.classList.toggle('dark', on);
  if (options.persist !== false) localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
}

/** Applied before the first render so a dark page never flashes light. */
export function restoreDarkMode(): void {
  setDarkMode(savedDarkMode(), { persist: false });
}
