import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyThemeChoice, loadThemeChoice, saveThemeChoice, THEME_STORAGE_KEY } from '../theme.ts';

const UI = path.resolve(import.meta.dirname, '..');
const css = (name: string) => readFileSync(path.join(UI, name), 'utf8');

/** Declarations per rule, with the theme selector replaced by `ROOT`, whitespace collapsed. */
function normalise(block: string, rootSelector: string): string {
  return block.replaceAll(rootSelector, 'ROOT').replace(/\s+/g, ' ').trim();
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('theme-dark.css', () => {
  const text = css('theme-dark.css').replace(/\/\*[\s\S]*?\*\//g, '');
  const at = text.indexOf('@media (prefers-color-scheme: dark) {');
  const forced = text.slice(0, at);
  const system = text.slice(at + '@media (prefers-color-scheme: dark) {'.length, text.lastIndexOf('}'));

  it('the switch (data-theme=dark) and the system setting get the same dark palette', () => {
    expect(at).toBeGreaterThan(0);
    expect(forced).toContain('--bg:');
    expect(normalise(system, ':root:not([data-theme="light"])')).toBe(
      normalise(forced, ':root[data-theme="dark"]'),
    );
  });

  it('redefines every colour token of styles.css', () => {
    const light = css('styles.css');
    const rootBlock = light.slice(light.indexOf(':root {'), light.indexOf('}', light.indexOf(':root {')));
    const colourTokens = [...rootBlock.matchAll(/(--[\w-]+):\s*#/g)].map((m) => m[1]);
    expect(colourTokens.length).toBeGreaterThan(10);
    for (const token of colourTokens) expect(forced, token).toContain(`${token}:`);
  });

  it('no other stylesheet follows prefers-color-scheme on its own (the Light choice must win)', () => {
    for (const name of ['styles.css', 'detail/detail.css', 'insights/insights.css', 'habits/habits.css']) {
      let text = '';
      try {
        text = css(name);
      } catch {
        continue;
      }
      expect(text, name).not.toContain('prefers-color-scheme');
    }
  });
});

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
