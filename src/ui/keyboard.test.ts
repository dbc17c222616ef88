import { describe, expect, it } from 'vitest';
import { editorKeyAction, gridKeyAction, historyAction } from './keyboard.ts';

describe('gridKeyAction', () => {
  it('moves with arrows and extends with Shift', () => {
    expect(gridKeyAction({ key: 'ArrowDown' })).toEqual({ type: 'move', dRow: 1, dCol: 0, extend: false });
    expect(gridKeyAction({ key: 'ArrowLeft', shiftKey: true })).toEqual({
      type: 'move',
      dRow: 0,
      dCol: -1,
      extend: true,
    });
  });

  it('pages, jumps to row edges and to grid edges with Ctrl or Cmd', () => {
    expect(gridKeyAction({ key: 'PageDown' })).toEqual({ type: 'page', dir: 1, extend: false });
    expect(gridKeyAction({ key: 'Home' })).toEqual({ type: 'rowEdge', edge: 'start', extend: false });
    expect(gridKeyAction({ key: 'End', ctrlKey: true })).toEqual({
      type: 'gridEdge',
      edge: 'end',
      extend: false,
    });
    expect(gridKeyAction({ key: 'Home', metaKey: true, shiftKey: true })).toEqual({
      type: 'gridEdge',
      edge: 'start',
      extend: true,
    });
  });

  it('starts editing with Enter, F2 or a printable key', () => {
    expect(gridKeyAction({ key: 'Enter' })).toEqual({ type: 'edit' });
    expect(gridKeyAction({ key: 'F2' })).toEqual({ type: 'edit' });
    expect(gridKeyAction({ key: 'h' })).toEqual({ type: 'type', text: 'h' });
    expect(gridKeyAction({ key: 'Shift', shiftKey: true })).toBeNull();
  });

  it('maps Delete, Ctrl+A, Ctrl+D and leaves Ctrl+C / Ctrl+V to clipboard events', () => {
    expect(gridKeyAction({ key: 'Delete' })).toEqual({ type: 'clear' });
    expect(gridKeyAction({ key: 'a', metaKey: true })).toEqual({ type: 'selectAll' });
    expect(gridKeyAction({ key: 'd', ctrlKey: true })).toEqual({ type: 'fillDown' });
    expect(gridKeyAction({ key: 'c', ctrlKey: true })).toBeNull();
    expect(gridKeyAction({ key: 'v', ctrlKey: true })).toBeNull();
  });
});

describe('historyAction', () => {
  it('knows Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y', () => {
    expect(historyAction({ key: 'z', ctrlKey: true })).toBe('undo');
    expect(historyAction({ key: 'z', metaKey: true })).toBe('undo');
    expect(historyAction({ key: 'Z', ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(historyAction({ key: 'y', ctrlKey: true })).toBe('redo');
    expect(historyAction({ key: 'z' })).toBeNull();
  });
});

describe('editorKeyAction', () => {
  it('commits with Enter (down) and Tab (right), cancels with Escape', () => {
    expect(editorKeyAction({ key: 'Enter' })).toEqual({ type: 'commit', dRow: 1, dCol: 0 });
    expect(editorKeyAction({ key: 'Tab', shiftKey: true })).toEqual({ type: 'commit', dRow: 0, dCol: -1 });
    expect(editorKeyAction({ key: 'Escape' })).toEqual({ type: 'cancel' });
    expect(editorKeyAction({ key: 'a' })).toBeNull();
  });
});

describe('? in a focused cell (issue 15)', () => {
  it('is left to the shortcut overlay instead of starting an edit', () => {
    expect(gridKeyAction({ key: '?', shiftKey: true })).toBeNull();
    expect(gridKeyAction({ key: 'a' })).toEqual({ type: 'type', text: 'a' });
  });
});
