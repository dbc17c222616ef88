/**
 * State-layer benchmark (`benchState()`, BenchRow rows for `npm run bench`): view sort, search
 * and filter, and the edit path (cell edit in a sorted view, 40,000-row bulk edit, undo), on
 * URLs parsed by the real parser (realistic string shapes). Run alone:
 * `npx tsx src/state/stateBench.ts [--no-validator]`.
 */
import type { BenchRow } from '../../bench/types.ts';
import { parseSitemap } from '../core/parse.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';
import type { AppStore, FindReplaceRequest } from './types.ts';
import { createParseIssuesValidator } from './validation.ts';

interface Case {
  name: string;
  run: () => void;
  setup?: () => void;
  runs?: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function measure(c: Case): number {
  const out: number[] = [];
  for (let r = 0; r < (c.runs ?? 3); r++) {
    c.setup?.();
    const t = performance.now();
    c.run();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** The generated document written as XML and parsed back, so strings look like real input. */
function parsedDocument(n: number) {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (const e of makeDocument(n).entries) {
    parts.push(`<url><loc>${e.loc}</loc>`);
    if (e.lastmod) {
      parts.push(
        `<lastmod>${e.lastmod}</lastmod><changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority>`,
      );
    }
    parts.push('</url>\n');
  }
  parts.push('</urlset>\n');
  return parseSitemap(parts.join(''));
}

function cases(store: AppStore): Case[] {
  const c = store.commands;
  const order = () => {
    store.getState().rowOrder;
  };
  const sortBy = (column: 'loc' | 'lastmod' | 'priority', dir: 'asc' | 'desc') => () => {
    c.setSort({ column, dir });
    order();
  };
  const search = (text: string) => () => {
    c.setSearch(text);
    order();
  };
  const ids = () =>
    store
      .getState()
      .doc!.entries.slice(0, 40_000)
      .map((e) => e.id);
  const replace: FindReplaceRequest = {
    column: 'loc',
    find: 'blog',
    replace: 'news',
    regex: false,
    caseSensitive: false,
    scope: 'all',
  };
  let k = 0;
  return [
    { name: 'row order, no sort/filter', run: search(''), setup: () => c.setSearch('x') },
    { name: 'sort by loc (first: builds the index)', run: sortBy('loc', 'asc'), runs: 1 },
    { name: 'sort by loc, toggle direction', run: sortBy('loc', 'desc'), setup: sortBy('loc', 'asc') },
    { name: 'sort by lastmod (first)', run: sortBy('lastmod', 'asc'), runs: 1 },
    { name: 'sort by priority (first)', run: sortBy('priority', 'asc'), runs: 1 },
    {
      name: 'search "item-12" (loc-sorted view)',
      run: search('item-12'),
      setup: () => {
        sortBy('loc', 'asc')();
        c.setSearch('');
      },
    },
    { name: 'search "BLOG" (loc-sorted view)', run: search('BLOG'), setup: () => c.setSearch('') },
    {
      name: 'filter changefreq = daily',
      run: () => {
        c.setFilter({ field: { column: 'changefreq', value: 'daily' } });
        order();
      },
      setup: () => c.clearFilters(),
    },
    {
      name: 'edit one loc in loc-sorted view (+ row order)',
      run: () => {
        k++;
        c.setCell(k, 'loc', `https://www.example.com/a-${k}`);
        order();
      },
      setup: () => c.clearFilters(),
    },
    {
      name: 'bulk set priority on 40,000 rows',
      run: () => c.bulkSet('priority', `0.${(k++ % 9) + 1}5`, ids()),
    },
    {
      name: 'undo of the bulk edit',
      run: () => c.undo(),
      setup: () => c.bulkSet('priority', `0.${(k++ % 9) + 1}7`, ids()),
    },
    { name: 'find/replace preview "blog" → "news"', run: () => void c.previewFindReplace(replace) },
  ];
}

/** Run the state benchmark on `n` URLs; `coreValidator: false` isolates the state layer. */
export async function benchState(n = 1_000_000, coreValidator = true): Promise<BenchRow[]> {
  const parsed = parsedDocument(n);
  const store = createAppStore({
    worker: fakeClient(() => parsed),
    now: () => Date.UTC(2026, 0, 1),
    ...(coreValidator ? {} : { createValidator: () => createParseIssuesValidator() }),
  });
  const t0 = performance.now();
  await store.commands.openFile('bench.xml', new Uint8Array());
  const group = `state (${n.toLocaleString('en-US')} URLs${coreValidator ? '' : ', no validator'})`;
  const rows: BenchRow[] = [{ group, name: 'open (store + validator load)', ms: performance.now() - t0 }];
  for (const c of cases(store)) rows.push({ group, name: c.name, ms: measure(c) });
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchState(1_000_000, !process.argv.includes('--no-validator'));
  for (const r of rows) console.log(`${r.name.padEnd(48)} ${r.ms.toFixed(1).padStart(8)} ms`);
}
