import { describe, expect, it } from 'vitest';
import { editorKeyAction, gridKeyAction, historyAction, type KeyInput, SHORTCUTS } from '../keyboard.ts';

/** What a key press does under each mapping of keyboard.ts, as `grid:move`-style names. */
function actionsOf(key: KeyInput): string[] {
  const out: string[] = [];
  const grid = gridKeyAction(key);
  if (grid) out.push(`grid:${grid.type}`);
  const editor = editorKeyAction(key);
  if (editor) out.push(`editor:${editor.type}`);
  const history = historyAction(key);
  if (history) out.push(`history:${history}`);
  return out;
}

const KEYS = [
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  'Enter',
  'F2',
  'Delete',
  'Backspace',
  'Escape',
  'Tab',
  ...'abcdefghijklmnopqrstuvwxyz0123456789/?.-',
];
const MODIFIERS: Array<Omit<KeyInput, 'key'>> = [
  {},
  { shiftKey: true },
  { ctrlKey: true },
  { metaKey: true },
  { ctrlKey: true, shiftKey: true },
  { altKey: true },
];

describe('SHORTCUTS (the overlay list) matches the key mappings', () => {
  it('every listed probe does what the list says', () => {
    for (const s of SHORTCUTS) {
      if (s.probe)
        expect(actionsOf(s.probe.key), `${s.keys.join(' / ')}: ${s.does}`).toContain(s.probe.action);
    }
  });

  it('every action any key can trigger is listed', () => {
    const listed = new Set(SHORTCUTS.flatMap((s) => (s.probe ? [s.probe.action] : [])));
    const reachable = new Set<string>();
    for (const key of KEYS)
      for (const mods of MODIFIERS) for (const a of actionsOf({ key, ...mods })) reachable.add(a);
    // Ctrl+Z inside the grid maps to grid:undo / grid:redo: listed as the app-wide history keys.
    for (const a of ['grid:undo', 'grid:redo'])
      if (reachable.delete(a)) expect(listed).toContain(`history:${a.slice(5)}`);
    expect([...reachable].filter((a) => !listed.has(a))).toEqual([]);
  });

  it('lists the overlay key itself and names each shortcut once per group', () => {
    expect(SHORTCUTS.some((s) => s.keys.includes('?'))).toBe(true);
    const seen = new Set<string>();
    for (const s of SHORTCUTS) {
      const id = `${s.group}|${s.keys.join('+')}`;
      expect(seen.has(id), id).toBe(false);
      seen.add(id);
    }
  });
});
