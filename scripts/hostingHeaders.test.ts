// Framing (issue 20 case 9): the hosting headers forbid framing, `public/_headers` (static hosts)
// says exactly what `npm start` (vite preview) sends, and the preview server really sends them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSP, HOSTING_HEADERS } from '../vite.config.ts';

const root = path.resolve(import.meta.dirname, '..');

/** `public/_headers` as header name → value for the path `/*`. */
function staticHeaders(): Record<string, string> {
  const out: Record<string, string> = {};
  let inAll = false;
  for (const line of readFileSync(path.join(root, 'public/_headers'), 'utf8').split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inAll = line.trim() === '/*';
      continue;
    }
    if (!inAll) continue;
    const c = line.indexOf(':');
    out[line.slice(0, c).trim()] = line.slice(c + 1).trim();
  }
  return out;
}

describe('hosting headers', () => {
  it('forbid framing and keep the CSP', () => {
    expect(HOSTING_HEADERS['X-Frame-Options']).toBe('DENY');
    expect(HOSTING_HEADERS['Content-Security-Policy']).toBe(`${CSP}; frame-ancestors 'none'`);
  });

  it('public/_headers holds exactly the same headers for every path', () => {
    expect(staticHeaders()).toEqual(HOSTING_HEADERS);
  });

  it('vite preview (npm start) is configured to send them', async () => {
    const config = (await import('../vite.config.ts')).default as { preview?: { headers?: unknown } };
    expect(config.preview?.headers).toEqual(HOSTING_HEADERS);
  });
});
