import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../model.ts';
import { buildWorkspace } from '../workspace.ts';
import { workspaceCsvChunks } from './csv.ts';

const urlset = (...locs: string[]): ParseResult => {
  const entries = locs.map((loc, id) => ({ id, loc }));
  return {
    kind: 'urlset',
    document: { kind: 'urlset', entries, nextId: entries.length },
    issues: [],
    fatal: null,
  };
};

describe('workspaceCsvChunks', () => {
  const ws = buildWorkspace([
    { name: 'a.xml', result: urlset('https://a.example/1', 'https://a.example/2') },
    { name: 'b.xml', result: urlset('https://a.example/3') },
  ]);

  it('writes every combined row with its file name', () => {
    expect(workspaceCsvChunks(ws, { columns: ['file', 'loc'] }).join('')).toBe(
      'file,loc\r\na.xml,https://a.example/1\r\na.xml,https://a.example/2\r\nb.xml,https://a.example/3\r\n',
    );
  });

  it('writes only the chosen rows, in order', () => {
    expect(workspaceCsvChunks(ws, { columns: ['loc', 'file'], rows: [2, 0, 99] }).join('')).toBe(
      'loc,file\r\nhttps://a.example/3,b.xml\r\nhttps://a.example/1,a.xml\r\n',
    );
  });
});
