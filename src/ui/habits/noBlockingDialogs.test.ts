import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
// alert( / confirm( / prompt( called bare or on window / globalThis / self: all block the page.
const BLOCKING = /(?:(?<![\w$.])|\b(?:window|globalThis|self)\.)(alert|confirm|prompt)\s*\(/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx|js|mjs)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name)) out.push(p);
  }
  return out;
}

describe('no blocking browser dialogs', () => {
  it('the pattern catches every form and ignores look-alikes', () => {
    for (const bad of [
      'alert("x")',
      'if (confirm ("sure?"))',
      'window.prompt("name")',
      'globalThis.alert(1)',
    ])
      expect(BLOCKING.test(bad), bad).toBe(true);
    for (const ok of ['commands.confirm()', 'onConfirm(true)', 'setAlert(x)', 'const confirmed = 1'])
      expect(BLOCKING.test(ok), ok).toBe(false);
  });

  it('nothing in src/ calls alert(), confirm() or prompt(); notices are used instead', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (BLOCKING.test(line)) hits.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });
});
