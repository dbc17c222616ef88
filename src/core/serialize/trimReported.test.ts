import { describe, expect, it } from 'vitest';
import { serializeFiles } from '../serialize.ts';

describe('export trimming', () => {
  it('reports a vertical tab or form feed trimmed from the end of a value as a removed forbidden character (ENC-008)', () => {
    const out = serializeFiles(
      {
        kind: 'urlset',
        entries: [
          { id: 0, loc: 'https://a.example/\u000b' },
          { id: 1, loc: ' https://a.example/b ', lastmod: '\u000c2024-06-24' },
        ],
        nextId: 2,
      },
      { format: 'xml' },
    );
    const enc = out.issues.filter((i) => i.rule === 'ENC-008').map((i) => [i.entry, i.field]);
    expect(enc).toEqual([
      [0, 'loc'],
      [1, 'lastmod'],
    ]);
    expect(new TextDecoder().decode(out.files[0].bytes)).toContain('<loc>https://a.example/</loc>');
  });
});
