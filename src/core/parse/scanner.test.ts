import { describe, expect, it } from 'vitest';
import { XmlCtx } from './context.ts';
import { MAX_XML_DEPTH, Tok, XmlFatal } from './scanner.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Every token of `xml` as [kind, name, attributes]. */
function tokens(xml: string): Array<[string, string, string[] | null]> {
  const sc = new XmlCtx(xml).sc;
  const out: Array<[string, string, string[] | null]> = [];
  for (let t = sc.next(); t !== Tok.Eof; t = sc.next())
    out.push([Tok[t], sc.name, sc.attrs ? [...sc.attrs] : null]);
  return out;
}

describe('Scanner', () => {
  it('reads start, text and end tokens with decoded attribute values', () => {
    expect(tokens(`<urlset xmlns="${NS}"><url a="1&amp;2"><loc>x</loc></url></urlset>`)).toEqual([
      ['Start', 'urlset', ['xmlns', NS]],
      ['Start', 'url', ['a', '1&2']],
      ['Start', 'loc', null],
      ['Text', 'loc', null],
      ['End', 'loc', null],
      ['End', 'url', null],
      ['End', 'urlset', null],
    ]);
  });

  it('reads comments, processing instructions and CDATA as their own tokens', () => {
    const kinds = tokens('<?xml version="1.0"?><!-- c --><a><![CDATA[<b>]]></a>').map(([k]) => k);
    expect(kinds).toEqual(['Pi', 'Comment', 'Start', 'Cdata', 'End']);
  });

  it('refuses a mismatched end tag with its position (ENC-004)', () => {
    const sc = new XmlCtx('<a><b></a>').sc;
    let error: unknown;
    try {
      while (sc.next() !== Tok.Eof);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(XmlFatal);
    expect(error).toMatchObject({
      rule: 'ENC-004',
      at: 6,
      message: 'Mismatched end tag </a>: expected </b>',
    });
  });

  it('reports nesting deeper than libxml2 reads once, and keeps reading', () => {
    const depth = MAX_XML_DEPTH + 10;
    const ctx = new XmlCtx(`${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`);
    let ends = 0;
    for (let t = ctx.sc.next(); t !== Tok.Eof; t = ctx.sc.next()) if (t === Tok.End) ends++;
    expect(ends).toBe(depth);
    expect(ctx.issues.filter((i) => i.rule === 'ENC-004')).toHaveLength(1);
  });
});
