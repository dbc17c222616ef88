import { describe, expect, it } from 'vitest';
import type { DocumentKind, Issue } from '../model.ts';
import { scanUrl } from '../urls.ts';
import type { EntryCtx } from './common.ts';
import { checkHost, originKey, referenceFromSettings, surelyInScope } from './host.ts';

const locs = [
  'https://www.example.com/a',
  'https://www.example.com',
  'https://WWW.Example.com/a?x#y',
  'https://www.example.com:443/a',
  'https://www.example.com:8443/a',
  'http://www.example.com/a',
  'https://example.com/a',
  'https://www.example.com.evil/a',
  'https://www.example.co/m/a',
  'https://[::1]:443/a',
];
const published = [
  'https://www.example.com/sitemap.xml',
  'https://www.example.com/blog/sitemap.xml',
  'http://www.example.com/sitemap.xml',
  'https://[::1]/sitemap.xml',
];

describe('surelyInScope', () => {
  it('is true only where checkHost reports nothing, and true for same-origin URLs under a root sitemap', () => {
    let sure = 0;
    for (const publishUrl of published) {
      const ref = referenceFromSettings({ now: 0, publishUrl });
      if (ref === null) throw new Error(publishUrl);
      for (const kind of ['urlset', 'sitemapindex'] as DocumentKind[]) {
        for (const loc of locs) {
          const p = scanUrl(loc);
          if (p === null) continue;
          const out: Issue[] = [];
          const ctx: EntryCtx = {
            entry: { id: 0, loc },
            kind,
            settings: { now: 0, publishUrl },
            out,
            url: 0,
          };
          checkHost(ctx, p, ref);
          if (surelyInScope(originKey(p), kind, ref)) {
            sure++;
            expect(out, `${loc} under ${publishUrl}`).toEqual([]);
          }
        }
      }
    }
    // The four spellings of the https origin, the http URL under the http sitemap, [::1] under its own.
    expect(sure).toBe(6);
  });
});
