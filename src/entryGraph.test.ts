/**
 * The app's first chunk stays small (issue #18: initial JS ≤ 150 KB gzip, `npm run bench:browser`):
 * what `src/main.tsx` imports statically is what the first screen downloads and compiles before it
 * shows the empty state. Heavy code (the parser, format-preserving export and its verifier, the
 * serializer, the diff, the validator and its rules, the document-only panels) must be reached
 * through dynamic `import()` only. This walks the static import graph of the sources (type-only imports excluded: they emit no
 * code) and names the import chain of anything that slipped back in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname);

/** `import … from '…'`, `export … from '…'` and bare `import '…'` at the start of a statement. */
const STATIC_IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?((?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+))\s+from\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;

/** Static, value-carrying imports of one source file: resolved paths, or bare package names. */
function staticImports(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    if (m[1]) continue; // import type / export type
    const names = m[2]?.trim();
    if (names?.startsWith('{')) {
      const list = names
        .slice(1, -1)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every((n) => n.startsWith('type '))) continue;
    }
    const spec = m[3] ?? m[4];
    out.push(spec.startsWith('.') ? resolve(dirname(file), spec) : spec);
  }
  return out;
}

/** Every module reachable from `entry` by static imports, each with the chain that reaches it. */
function staticGraph(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!/\.tsx?$/.test(file) || !existsSync(file)) continue;
    for (const dep of staticImports(file)) {
      if (chains.has(dep)) continue;
      chains.set(dep, [...chains.get(file)!, dep]);
      queue.push(dep);
    }
  }
  return chains;
}

const name = (p: string) => (p.startsWith('/') ? relative(SRC, p) : p);

/** Modules the first screen must not load; `allow` lists the light modules kept apart for it. */
const HEAVY: { pattern: RegExp; why: string; allow?: RegExp }[] = [
  { pattern: /^core\/parse(\.ts|\/)/, why: 'the parser runs in the worker' },
  { pattern: /^core\/keep\//, why: 'format-preserving export', allow: /^core\/keep\/sourceOf\.ts$/ },
  { pattern: /^core\/serialize\.ts$/, why: 'the serializer' },
  { pattern: /^core\/serialize\/(?!utf8\.ts$)/, why: 'the serializer and export verification' },
  { pattern: /^core\/compare\.ts$/, why: 'the sitemap comparison' },
  {
    pattern: /^core\/validate(\.ts|\/)/,
    why: 'the validator loads beside the first screen (deferredValidator.ts)',
  },
  {
    pattern: /^core\/rules\/(registry|entry|documentRules|video|news)\.ts$/,
    why: 'the rules (with the validator)',
  },
  {
    pattern: /^(core\/fixes|core\/crawl\/fixes|state\/fixCommands)\.ts$/,
    why: 'the rule fixes (load with the parts that show a fix, state/fixCode.ts)',
  },
  { pattern: /^core\/csv(Import)?\.ts$/, why: 'CSV import/export' },
  { pattern: /^core\/workspace\/zip/, why: 'the .zip reader' },
  { pattern: /^state\/keepExport\.ts$/, why: 'format-preserving export' },
  { pattern: /^fflate$/, why: 'gzip (the worker reads and writes .gz)' },
  { pattern: /^(core\/tree|state\/urlTree)\.ts$/, why: 'the URL tree (loads with the insights panel)' },
  {
    pattern: /^(state\/idbPersistence\.ts|idb)$/,
    why: 'the IndexedDB autosave (browserDeps.ts loads it on the first call)',
  },
  {
    pattern: /^ui\/(Grid|Toolbar|SidePanel|ExportDialog|IssuesPanel)\.tsx$/,
    why: 'shown only with a document',
  },
];

describe('the first chunk (static imports of src/main.tsx)', () => {
  const graph = staticGraph(resolve(SRC, 'main.tsx'));

  it('reaches the first screen and the store (the walk itself works)', () => {
    for (const m of [
      'ui/App.tsx',
      'ui/EmptyState.tsx',
      'ui/DropZone.tsx',
      'ui/TopBar.tsx',
      'state/storeCore.ts',
    ]) {
      expect(graph.has(resolve(SRC, m)), m).toBe(true);
    }
    // A heavy module's own graph is found: the check below would see it come back.
    const keep = staticGraph(resolve(SRC, 'state/keepExport.ts'));
    expect(keep.has(resolve(SRC, 'core/parse.ts'))).toBe(true);
    expect(keep.has('fflate')).toBe(true);
  });

  it('holds none of the heavy modules', () => {
    const found: string[] = [];
    for (const [mod, chain] of graph) {
      const m = name(mod);
      const rule = HEAVY.find((h) => h.pattern.test(m) && !h.allow?.test(m));
      if (rule) found.push(`${m} (${rule.why}): ${chain.map(name).join(' → ')}`);
    }
    expect(found, 'load these with import() where they are used').toEqual([]);
  });
});
