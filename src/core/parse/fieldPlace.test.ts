import { describe, expect, it } from 'vitest';
import { makeIssue } from '../model.ts';
import { fieldOffset, placeFindings } from './fieldPlace.ts';

describe('fieldOffset', () => {
  const text =
    '<url><!-- <loc>no</loc> --><loc>x</loc><image:image><image:loc>i0</image:loc></image:image>' +
    '<image:image><image:loc>i1</image:loc><image:geo_location>g</image:geo_location></image:image>' +
    '<xhtml:link rel="alternate" hreflang="en" href="h0"/><xhtml:link rel="alternate" hreflang="fr" href="h1"/>' +
    '<news:news><news:publication><news:name>N</news:name></news:publication></news:news></url>';
  const at = (s: string) => text.indexOf(s);

  it('finds the direct child, not a nested or commented one', () => {
    expect(fieldOffset(text, 0, 'loc')).toBe(at('<loc>x'));
  });

  it('finds the Nth element of a collection and a field inside it', () => {
    expect(fieldOffset(text, 0, 'images.1.loc')).toBe(at('<image:loc>i1'));
    expect(fieldOffset(text, 0, 'images.1.geoLocation')).toBe(at('<image:geo_location>'));
    expect(fieldOffset(text, 0, 'images.1')).toBe(at('<image:image><image:loc>i1'));
    expect(fieldOffset(text, 0, 'news.0.publication.name')).toBe(at('<news:name>'));
  });

  it('finds an attribute of an alternate link by its name', () => {
    expect(fieldOffset(text, 0, 'alternates.1.hreflang')).toBe(at('hreflang="fr"'));
  });

  it('gives -1 when the field has no element of its own', () => {
    expect(fieldOffset(text, 0, 'lastmod')).toBe(-1);
    expect(fieldOffset(text, 0, 'extras.0')).toBe(-1);
    expect(fieldOffset('https://a.example/', 0, 'loc')).toBe(-1);
  });
});

describe('placeFindings', () => {
  it('places entry findings at their field, else at the entry; keeps positioned ones', () => {
    const text = '<urlset>\n  <url>\n    <loc>x</loc>\n  </url>\n</urlset>';
    const entries = new Map([[7, { line: 2, column: 3 }]]);
    const issues = [
      makeIssue('LOC-001', 'error', 'm', { entry: 7, field: 'loc', line: 2 }),
      makeIssue('LASTMOD-001', 'error', 'm', { entry: 7, field: 'lastmod', line: 2 }),
      makeIssue('XML-001', 'error', 'm', { entry: 7, line: 9, column: 9 }),
      makeIssue('SIZE-001', 'error', 'm'),
    ];
    const placed = placeFindings(text, issues, (id) => entries.get(id));
    expect(placed.map((i) => [i.line, i.column])).toEqual([
      [3, 5],
      [2, 3],
      [9, 9],
      [undefined, undefined],
    ]);
  });
});
