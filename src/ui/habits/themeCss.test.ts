import { describe, expect, it } from 'vitest';
import { applyThemeChoice, loadThemeChoice, saveThemeChoice, THEME_STORAGE_KEY } from '../theme.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('theme choice', () => {
  it('defaults to system, remembers a choice and ignores junk', () => {
    const storage = memoryStorage();
    expect(loadThemeChoice(storage)).toBe('system');
    saveThemeChoice('dark', storage);
    expect(storage.data.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(loadThemeChoice(storage)).toBe('dark');
    expect(loadThemeChoice(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBe('system');
  });

  it('survives a storage that throws (private mode)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadThemeChoice(broken)).toBe('system');
    expect(() => saveThemeChoice('light', broken)).not.toThrow();
  });

  it('sets data-theme for light and dark and removes it for system', () => {
    const attrs = new Map<string, string>();
    const root = {
      setAttribute: (k: string, v: string) => void attrs.set(k, v),
      removeAttribute: (k: string) => void attrs.delete(k),
    } as unknown as HTMLElement;
    applyThemeChoice('dark', root);
    expect(attrs.get('data-theme')).toBe('dark');
    applyThemeChoice('light', root);
    expect(attrs.get('data-theme')).toBe('light');
    applyThemeChoice('system', root);
    expect(attrs.has('data-theme')).toBe(false);
  });
});
