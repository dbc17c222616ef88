/**
 * Pure mapping from a key press in the grid (not while editing) to a grid action.
 * The grid component turns actions into selection moves and store commands. Tab is left alone
 * so keyboard users can leave the grid (WAI-ARIA grid pattern); inside an editor Tab commits.
 */

/** The parts of a KeyboardEvent the mapping looks at. */
export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}

export type GridAction =
  | { type: 'move'; dRow: number; dCol: number; extend: boolean }
  | { type: 'page'; dir: 1 | -1; extend: boolean }
  | { type: 'rowEdge'; edge: 'start' | 'end'; extend: boolean }
  | { type: 'gridEdge'; edge: 'start' | 'end'; extend: boolean }
  | { type: 'edit' }
  | { type: 'type'; text: string }
  | { type: 'clear' }
  | { type: 'selectAll' }
  | { type: 'fillDown' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'escape' };

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** Ctrl on Windows/Linux, Cmd on macOS: either counts as the command modifier. */
export function isMod(e: KeyInput): boolean {
  return Boolean(e.ctrlKey || e.metaKey);
}

/** Undo / redo shortcuts, shared by the grid and the whole window. */
export function historyAction(e: KeyInput): 'undo' | 'redo' | null {
  if (!isMod(e) || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && !e.shiftKey) return 'redo';
  return null;
}

function modAction(e: KeyInput): GridAction | null {
  const history = historyAction(e);
  if (history) return { type: history };
  const k = e.key.toLowerCase();
  const extend = Boolean(e.shiftKey);
  if (k === 'a') return { type: 'selectAll' };
  if (k === 'd') return { type: 'fillDown' };
  if (e.key === 'Home') return { type: 'gridEdge', edge: 'start', extend };
  if (e.key === 'End') return { type: 'gridEdge', edge: 'end', extend };
  const arrow = ARROWS[e.key];
  if (arrow) {
    // Ctrl+arrow jumps to the edge in that direction.
    const [r, c] = arrow;
    return { type: 'move', dRow: r * Number.MAX_SAFE_INTEGER, dCol: c * Number.MAX_SAFE_INTEGER, extend };
  }
  return null;
}

/** Map a key press on the grid (not while editing) to an action, or null to let it through. */
export function gridKeyAction(e: KeyInput): GridAction | null {
  if (isMod(e)) return modAction(e);
  const extend = Boolean(e.shiftKey);
  const arrow = ARROWS[e.key];
  if (arrow) return { type: 'move', dRow: arrow[0], dCol: arrow[1], extend };
  switch (e.key) {
    case 'PageDown':
      return { type: 'page', dir: 1, extend };
    case 'PageUp':
      return { type: 'page', dir: -1, extend };
    case 'Home':
      return { type: 'rowEdge', edge: 'start', extend };
    case 'End':
      return { type: 'rowEdge', edge: 'end', extend };
    case 'Enter':
    case 'F2':
      return { type: 'edit' };
    case 'Delete':
    case 'Backspace':
      return { type: 'clear' };
    case 'Escape':
      return { type: 'escape' };
  }
  // `?` opens the shortcut list anywhere (SHORTCUTS), a focused cell included: F2 then `?` types it.
  if (e.key === '?') return null;
  if (e.key.length === 1 && !e.altKey) return { type: 'type', text: e.key };
  return null;
}

/** What an editor does with a key: commit and move, cancel, or nothing special. */
export type EditorKey = { type: 'commit'; dRow: number; dCol: number } | { type: 'cancel' } | null;

/** Keys inside a cell editor: Enter commits and moves down, Tab right, Escape cancels. */
export function editorKeyAction(e: KeyInput): EditorKey {
  if (e.key === 'Escape') return { type: 'cancel' };
  if (e.key === 'Enter' && !e.altKey) return { type: 'commit', dRow: e.shiftKey ? -1 : 1, dCol: 0 };
  if (e.key === 'Tab') return { type: 'commit', dRow: 0, dCol: e.shiftKey ? -1 : 1 };
  return null;
}

/** One line of the keyboard shortcut overlay (`?`). */
export interface ShortcutInfo {
  group: 'Anywhere' | 'Table' | 'Editing a cell';
  /** Keys as shown, e.g. "Ctrl+Shift+Z"; Cmd works wherever Ctrl does on macOS. */
  keys: string[];
  does: string;
  /**
   * A key press that triggers it and the action it maps to here (`grid:move`, `editor:commit`,
   * `history:undo`), so a test can check this list against the mappings above. Absent for keys
   * handled elsewhere (clipboard events, Tab, dialogs).
   */
  probe?: { key: KeyInput; action: string };
}

/** Every keyboard shortcut of the app, in the order the overlay lists them. */
export const SHORTCUTS: readonly ShortcutInfo[] = [
  { group: 'Anywhere', keys: ['?', 'Ctrl+/'], does: 'Show this list' },
  {
    group: 'Anywhere',
    keys: ['Ctrl+Z'],
    does: 'Undo',
    probe: { key: { key: 'z', ctrlKey: true }, action: 'history:undo' },
  },
  {
    group: 'Anywhere',
    keys: ['Ctrl+Shift+Z', 'Ctrl+Y'],
    does: 'Redo',
    probe: { key: { key: 'y', ctrlKey: true }, action: 'history:redo' },
  },
  { group: 'Anywhere', keys: ['Esc'], does: 'Close a dialog or menu' },
  { group: 'Anywhere', keys: ['Tab', 'Shift+Tab'], does: 'Move between controls' },
  {
    group: 'Table',
    keys: ['↑', '↓', '←', '→'],
    does: 'Move to the next cell',
    probe: { key: { key: 'ArrowDown' }, action: 'grid:move' },
  },
  {
    group: 'Table',
    keys: ['Shift+Arrow'],
    does: 'Extend the selection',
    probe: { key: { key: 'ArrowDown', shiftKey: true }, action: 'grid:move' },
  },
  {
    group: 'Table',
    keys: ['Ctrl+Arrow'],
    does: 'Jump to the table edge',
    probe: { key: { key: 'ArrowDown', ctrlKey: true }, action: 'grid:move' },
  },
  {
    group: 'Table',
    keys: ['Page Up', 'Page Down'],
    does: 'One screen up or down',
    probe: { key: { key: 'PageDown' }, action: 'grid:page' },
  },
  {
    group: 'Table',
    keys: ['Home', 'End'],
    does: 'Start or end of the row',
    probe: { key: { key: 'End' }, action: 'grid:rowEdge' },
  },
  {
    group: 'Table',
    keys: ['Ctrl+Home', 'Ctrl+End'],
    does: 'First or last row',
    probe: { key: { key: 'End', ctrlKey: true }, action: 'grid:gridEdge' },
  },
  {
    group: 'Table',
    keys: ['Ctrl+A'],
    does: 'Select all cells',
    probe: { key: { key: 'a', ctrlKey: true }, action: 'grid:selectAll' },
  },
  {
    group: 'Table',
    keys: ['Enter', 'F2'],
    does: 'Edit the cell',
    probe: { key: { key: 'F2' }, action: 'grid:edit' },
  },
  {
    group: 'Table',
    keys: ['Any letter'],
    does: 'Type a new value',
    probe: { key: { key: 'h' }, action: 'grid:type' },
  },
  {
    group: 'Table',
    keys: ['Delete', 'Backspace'],
    does: 'Clear the selected cells',
    probe: { key: { key: 'Delete' }, action: 'grid:clear' },
  },
  {
    group: 'Table',
    keys: ['Ctrl+D'],
    does: 'Fill down',
    probe: { key: { key: 'd', ctrlKey: true }, action: 'grid:fillDown' },
  },
  { group: 'Table', keys: ['Ctrl+C', 'Ctrl+V'], does: 'Copy or paste cells' },
  {
    group: 'Table',
    keys: ['Esc'],
    does: 'Keep only the active cell',
    probe: { key: { key: 'Escape' }, action: 'grid:escape' },
  },
  {
    group: 'Editing a cell',
    keys: ['Enter', 'Shift+Enter'],
    does: 'Save, move down or up',
    probe: { key: { key: 'Enter' }, action: 'editor:commit' },
  },
  {
    group: 'Editing a cell',
    keys: ['Tab', 'Shift+Tab'],
    does: 'Save, move right or left',
    probe: { key: { key: 'Tab' }, action: 'editor:commit' },
  },
  {
    group: 'Editing a cell',
    keys: ['Esc'],
    does: 'Cancel the edit',
    probe: { key: { key: 'Escape' }, action: 'editor:cancel' },
  },
];
