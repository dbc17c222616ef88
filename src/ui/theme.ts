/**
 * Light / dark theme choice. "system" follows `prefers-color-scheme` (no attribute on <html>);
 * "light" / "dark" set `data-theme`, which theme-dark.css keys on. The choice is a UI preference
 * and lives in localStorage (not in the document workspace).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** localStorage key of the theme choice. */
export const THEME_STORAGE_KEY = 'sitemap-workbench:theme';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function isChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The saved choice, or "system" when none (or storage is unavailable, e.g. private mode). */
export function loadThemeChoice(storage: KeyValueStorage | undefined = safeLocalStorage()): ThemeChoice {
  try {
    const saved = storage?.getItem(THEME_STORAGE_KEY);
    return isChoice(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Remember the choice; a failing storage is ignored (the choice still applies for this visit). */
export function saveThemeChoice(
  choice: ThemeChoice,
  storage: KeyValueStorage | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage full or blocked: nothing to do.
  }
}

/** Put the choice on the root element: `data-theme="light|dark"`, or no attribute for "system". */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
