import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { Issue } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { reviseUnloadedNotes } from '../core/rules/hreflangCluster.ts';
import { validateDocument, withoutRepeats } from '../core/validate.ts';
import { CrossFileIndex } from '../core/workspace/crossIndex.ts';
import { feedCrossFileIndex, unloadedAlternates } from '../core/workspace/duplicates.ts';
import { buildWorkspace, type WorkspaceInput } from '../core/workspace.ts';
import type { CliIo } from './check.ts';
import { writeTree } from './genTree.ts';
import { runCli } from './main.ts';
import type { FileReport } from './report.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'smw-tree-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const SITE = 'https://www.example.com/';
const NOW = Date.UTC(2026, 0, 1);

async function cli(
  argv: string[],
  streamWindow?: number,
): Promise<{ code: number; out: string; err: string; workers: number }> {
  let out = '';
  let err = '';
  let workers = 0;
  const io: CliIo = {
    workerFiles: (n) => {
      workers = n;
    },
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    now: () => NOW,
    streamWindow,
  };
  const code = await runCli(argv, io);
  return { code, out, err, workers };
}

function countByRule(issues: Array<{ rule: string; severity: string }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of issues) {
    const key = `${i.rule} ${i.severity}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** What the app computes: each file parsed and validated alone, plus the workspace of all of them. */
function appFindings(dir: string): Record<string, number> {
  const inputs: WorkspaceInput[] = [];
  const own: Issue[][] = [];
  for (const name of readdirSync(dir).sort()) {
    const bytes = new Uint8Array(readFileSync(path.join(dir, name)));
    const file = path.join(dir, name);
    const parsed = parseSitemap(bytes, { fileName: file });
    const publishUrl = `${SITE}${name}`;
    const validated = validateDocument(parsed.document, { publishUrl, now: NOW });
    own.push([...withoutRepeats(parsed.issues, validated), ...validated]);
    inputs.push({ name: file, result: parsed, publishUrl, issues: [] });
  }
  const ws = buildWorkspace(inputs, { perFileRules: false, missingChildren: 'not-found' });
  // The per-file HREF-006 notes the cross-file pass answers (entry ids are positions here).
  const ix = new CrossFileIndex();
  for (const _ of feedCrossFileIndex(ws.files, ix, 1 << 30));
  const unloaded = unloadedAlternates(ix);
  const all = own.flatMap((issues, f) => reviseUnloadedNotes(issues, unloaded.get(f) ?? new Map()));
  all.push(...ws.issues);
  return countByRule(all);
}

describe('check follows a sitemap tree from disk', () => {
  const dir = path.join(tmp, 'site');
  const tree = writeTree(dir, {
    files: 5,
    urls: 8,
    gzipEvery: 2,
    missing: true,
    loop: true,
    dupes: 2,
    hreflang: 3,
  });

  it('gives the same findings as the app workspace (same ids, same counts)', async () => {
    const r = await cli(['check', tree.index, '--root', dir, '--base', SITE, '--format', 'json']);
    const reports = JSON.parse(r.out) as FileReport[];
    // index + 5 children (two gzipped) + the looping second index; the missing child is a finding.
    expect(reports.map((x) => path.basename(x.file)).sort()).toEqual(
      [
        'index-2.xml',
        'sitemap-0.xml',
        'sitemap-1.xml.gz',
        'sitemap-2.xml',
        'sitemap-3.xml.gz',
        'sitemap-4.xml',
        'sitemap-index.xml',
      ].sort(),
    );
    expect(reports.reduce((n, x) => n + (x.urls ?? 0), 0)).toBe(tree.urls + 7 + 1); // + the index entries (5 children, missing, index-2) + index-2's one
    const cliCounts = countByRule(reports.flatMap((x) => x.issues));
    expect(cliCounts).toEqual(appFindings(dir));
    expect(cliCounts['IDX-001 error']).toBeUndefined(); // IDX-001 is "exactly one <loc>"
    expect(cliCounts['IDX-006 error']).toBe(3); // the missing child + index → index-2 → index
    expect(cliCounts['LOC-006 warning']).toBe(4 * 2 * 2); // 2 URLs repeated at each of 4 boundaries
    expect(cliCounts['HREF-006 error']).toBe(1); // the de page without its link back to en
    expect(r.code).toBe(1);
  });

  it('reports the same when every file is read in many small windows', async () => {
    const argv = ['check', tree.index, '--root', dir, '--base', SITE, '--format', 'json'];
    const whole = await cli(argv);
    const cut = await cli(argv, 40);
    expect(cut.out).toBe(whole.out);
    expect(JSON.parse(cut.out).length).toBe(7);
  });

  it('reports the same on any number of check workers (--jobs), in the same order', async () => {
    const runs = [
      ['check', tree.index, '--root', dir, '--base', SITE, '--format', 'json', '--entries'],
      ['check', dir, '--format', 'json'],
    ];
    for (const argv of runs) {
      const alone = await cli([...argv, '--jobs', '1']);
      const pooled = await cli([...argv, '--jobs', '2']);
      expect(pooled.out).toBe(alone.out);
      expect(pooled.code).toBe(alone.code);
      expect([alone.workers, pooled.workers > 0]).toEqual([0, true]);
    }
    // Named files, one missing: the same reports and the same message on stderr, in order.
    const named = [
      'check',
      path.join(dir, 'sitemap-2.xml'),
      path.join(tmp, 'nope.xml'),
      path.join(dir, 'sitemap-1.xml.gz'),
    ];
    const alone = await cli([...named, '--format', 'json', '--jobs', '1']);
    const pooled = await cli([...named, '--format', 'json', '--jobs', '2']);
    expect({ ...pooled, workers: 0 }).toEqual(alone);
    expect(pooled.workers).toBe(3); // the missing file's read error came from a worker too
    expect(pooled.code).toBe(2);
    expect((JSON.parse(pooled.out) as FileReport[]).map((x) => x.entries.length)).toEqual([8, 8]);
  });

  it('finds children next to the index without --root, and reads a folder the same way', async () => {
    const byIndex = await cli(['check', tree.index, '--format', 'json']);
    const byFolder = await cli(['check', dir, '--format', 'json']);
    const files = (out: string) => (JSON.parse(out) as FileReport[]).map((x) => path.basename(x.file)).sort();
    expect(files(byIndex.out)).toEqual(files(byFolder.out));
    const dupes = (out: string) =>
      (JSON.parse(out) as FileReport[]).flatMap((x) => x.issues).filter((i) => i.rule === 'LOC-006').length;
    expect(dupes(byIndex.out)).toBe(16);
    expect(dupes(byFolder.out)).toBe(16);
  });

  it('follows the Sitemap: lines of a robots.txt', async () => {
    const robots = path.join(tmp, 'robots.txt');
    writeFileSync(robots, `User-agent: *\nDisallow:\nSitemap: ${SITE}sitemap-index.xml\n`);
    const local = path.join(dir, 'robots.txt');
    writeFileSync(local, readFileSync(robots));
    const r = await cli(['check', local, '--format', 'json']);
    rmSync(local);
    const reports = JSON.parse(r.out) as FileReport[];
    expect(reports.map((x) => path.basename(x.file))).toContain('sitemap-4.xml');
  });

  it('merge over per-file JSON reports finds the cross-file issues check finds', async () => {
    const files = readdirSync(dir).sort();
    const reportFiles: string[] = [];
    for (const [k, name] of files.entries()) {
      const r = await cli(['check', '--no-follow', path.join(dir, name), '--format', 'json']);
      const out = path.join(tmp, `report-${k}.json`);
      writeFileSync(out, r.out);
      reportFiles.push(out);
    }
    const merged = await cli(['merge', ...reportFiles, '--format', 'json']);
    const whole = await cli(['check', tree.index, '--format', 'json']);
    const cross = (out: string) =>
      countByRule(
        (JSON.parse(out) as FileReport[])
          .flatMap((x) => x.issues)
          .filter((i) => i.relatedFiles !== undefined || i.rule === 'IDX-006'),
      );
    expect(cross(merged.out)).toEqual(cross(whole.out));
    expect(cross(merged.out)['LOC-006 warning']).toBe(16);
    expect(merged.code).toBe(1);
  });

  it('exits 2 for a named file that does not exist, and reports a missing child as IDX-006 (not IDX-001)', async () => {
    const r = await cli(['check', path.join(tmp, 'nope.xml')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no such file');
    const human = await cli(['check', tree.index]);
    expect(human.out).toMatch(
      /sitemap-index\.xml:\d+:\d+ {2}error {2}IDX-006 {2}Child https:\/\/www\.example\.com\/sitemap-missing\.xml was not found on disk next to its index/,
    );
    // With --root the message says where the child was looked for.
    const rooted = await cli(['check', tree.index, '--root', dir, '--base', SITE]);
    expect(rooted.out).toContain(
      `sitemap-missing.xml was not found on disk under ${dir} (by its URL below ${SITE})`,
    );
  });
});

describe('check finds the children of an index in subfolders', () => {
  const dir = path.join(tmp, 'hugo');
  const child = (lang: string) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${SITE}${lang}/</loc></url>\n</urlset>\n`;
  const index = (locs: string[]) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
  const write = (rel: string, text: string) => {
    const p = path.join(dir, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, text);
    return p;
  };
  write('en/sitemap.xml', child('en'));
  write('fr/sitemap.xml', child('fr'));
  const files = (out: string) =>
    (JSON.parse(out) as FileReport[]).map((x) => path.relative(dir, x.file)).sort();
  const missing = (out: string) =>
    (JSON.parse(out) as FileReport[]).flatMap((x) => x.issues).filter((i) => i.rule === 'IDX-006');

  it('by a relative URL, under the index’s own folder (not by the file name alone)', async () => {
    const p = write('sitemap.xml', index(['fr/sitemap.xml', 'en/sitemap.xml']));
    const r = await cli(['check', p, '--format', 'json']);
    expect(missing(r.out)).toEqual([]);
    expect(files(r.out)).toEqual(['en/sitemap.xml', 'fr/sitemap.xml', 'sitemap.xml']);
  });

  it('by an absolute URL: its path under the index’s folder; a missing one is not the index itself', async () => {
    const p = write(
      'abs.xml',
      index([`${SITE}fr/sitemap.xml`, `${SITE}en/sitemap.xml`, `${SITE}de/abs.xml`]),
    );
    const r = await cli(['check', p, '--format', 'json']);
    expect(files(r.out)).toEqual(['abs.xml', 'en/sitemap.xml', 'fr/sitemap.xml']);
    expect(missing(r.out).map((i) => i.message)).toEqual([expect.stringContaining(`${SITE}de/abs.xml`)]);
  });
});

describe('check reads a folder or zip whose index is not named "index" as it reads the index', () => {
  // The app's workspace export writes the children first and names the index sitemap.xml: a child
  // checked before its index has no publish URL, so HOST-004 (URLs below the sitemap's folder)
  // was left out of `check DIR` and `check site.zip`, but found by `check DIR/sitemap.xml`.
  const dir = path.join(tmp, 'exported');
  mkdirSync(path.join(dir, 'en'), { recursive: true });
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <sitemap><loc>${SITE}en/sitemap.xml</loc></sitemap>\n</sitemapindex>\n`;
  const child = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${SITE}en/</loc></url>\n  <url><loc>${SITE}post/</loc></url>\n</urlset>\n`;
  writeFileSync(path.join(dir, 'sitemap.xml'), index);
  writeFileSync(path.join(dir, 'en', 'sitemap.xml'), child);
  const zip = path.join(tmp, 'exported.zip');
  writeFileSync(zip, zipSync({ 'en/sitemap.xml': strToU8(child), 'sitemap.xml': strToU8(index) }));
  const gz = path.join(tmp, 'exported-gz');
  mkdirSync(path.join(gz, 'a'), { recursive: true });
  writeFileSync(path.join(gz, 'a', 'sitemap.xml'), child.replaceAll(`${SITE}en/`, `${SITE}a/`));
  writeFileSync(path.join(gz, 'sitemap.xml.gz'), gzipSync(strToU8(index.replace('en/', 'a/'))));
  const host004 = (out: string) =>
    (JSON.parse(out) as FileReport[]).flatMap((x) => x.issues).filter((i) => i.rule === 'HOST-004').length;

  it('finds HOST-004 in the child from the folder, the zip and the index alike', async () => {
    const byIndex = await cli(['check', path.join(dir, 'sitemap.xml'), '--format', 'json']);
    expect(host004(byIndex.out)).toBe(1);
    expect(host004((await cli(['check', dir, '--format', 'json'])).out)).toBe(1);
    expect(host004((await cli(['check', zip, '--format', 'json'])).out)).toBe(1);
    // A gzipped index is told by what it holds too.
    expect(host004((await cli(['check', gz, '--format', 'json'])).out)).toBe(1);
  });
});

describe('check withdraws the per-file HREF-006 note for alternates found in sibling files', () => {
  const dir = path.join(tmp, 'multilingual');
  const base = 'https://example.org/';
  const urlset = (loc: string, langs: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>${base}${loc}/about/</loc>
${langs.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${base}${l}/about/"/>`).join('\n')}
  </url>
</urlset>
`;
  const write = (langs: Record<string, string[]>) => {
    rmSync(dir, { recursive: true, force: true });
    const children = Object.keys(langs);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'index.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${children.map((c) => `  <sitemap><loc>${base}${c}/sitemap.xml</loc></sitemap>`).join('\n')}
</sitemapindex>
`,
    );
    for (const c of children) {
      mkdirSync(path.join(dir, c), { recursive: true });
      writeFileSync(path.join(dir, c, 'sitemap.xml'), urlset(c, langs[c]));
    }
  };
  const href006 = async () => {
    const argv = ['check', path.join(dir, 'index.xml'), '--root', dir, '--base', base, '--format', 'json'];
    const reports = JSON.parse((await cli(argv)).out) as FileReport[];
    return reports.flatMap((r) =>
      r.issues
        .filter((i) => i.rule === 'HREF-006')
        .map((i) => `${path.basename(path.dirname(r.file))} ${i.severity} ${i.message}`),
    );
  };

  it('en and fr link each other: no HREF-006 at all once both are read', async () => {
    write({ en: ['en', 'fr'], fr: ['en', 'fr'] });
    expect(await href006()).toEqual([]);
  });

  it('an alternate no file read holds keeps the note, counting only that one', async () => {
    write({ en: ['en', 'fr', 'de'], fr: ['en', 'fr', 'de'] });
    const note =
      'info 1 alternate URL has no entry in the files read, so return links cannot be checked here; load the sibling sitemaps to verify.';
    expect(await href006()).toEqual([`en ${note}`, `fr ${note}`]);
  });

  it('a sibling without the return link is an error, and the note is withdrawn', async () => {
    write({ en: ['en', 'fr'], fr: ['fr'] });
    const found = await href006();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^en error No return link/);
  });
});
