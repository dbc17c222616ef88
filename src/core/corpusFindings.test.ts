/**
 * Every finding of every real-world fixture, kept exactly: a SHA-256 of each file's issues (rule,
 * severity, message, entry, field, line, column, in order) under two settings, compared with
 * `__fixtures__/corpus-findings.json`. corpusValidate.test.ts counts issues per rule; this one
 * also holds the messages and where they point, so a change made for speed in a rule's code
 * (s19-open: the lastmod, changefreq and URL checks) shows it keeps the same findings. The file
 * was written by the code before that change (main 537fd2e). Regenerate after an intended rule
 * change with `UPDATE_CORPUS_FINDINGS=1 npx vitest run src/core/corpusFindings.test.ts`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ValidationSettings } from './model.ts';
import { parseSitemap } from './parse.ts';
import { validateDocument } from './validate.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const realDir = path.join(path.resolve(repoRoot, '../shared'), 'fixtures/real');
const findingsPath = path.join(import.meta.dirname, '__fixtures__/corpus-findings.json');
const exists = existsSync(realDir);

/** The settings a real open sends (state/kernel.ts `validationSettingsOf`), without and with a publish URL. */
const SETTINGS: Record<string, ValidationSettings> = {
  plain: { publishUrl: undefined, crossSubmission: false, now: Date.UTC(2026, 10, 21), profile: undefined },
  published: {
    publishUrl: 'https://www.example.com/sitemap.xml',
    crossSubmission: false,
    now: Date.UTC(2026, 10, 21),
    profile: undefined,
  },
};

function digestOf(name: string, settings: ValidationSettings): string {
  const r = parseSitemap(new Uint8Array(readFileSync(path.join(realDir, name))), { fileName: name });
  const issues = validateDocument(r.document, settings);
  const h = createHash('sha256');
  for (const i of issues)
    h.update(JSON.stringify([i.rule, i.severity, i.message, i.entry, i.field, i.line, i.column]));
  return `${issues.length} ${h.digest('hex').slice(0, 24)}`;
}

describe('every finding of the real-world corpus', () => {
  it.skipIf(!exists)('is the same as the code before the speed work found', () => {
    const files = readdirSync(realDir)
      .filter((f) => f !== 'SOURCES.md')
      .sort();
    const got: Record<string, Record<string, string>> = {};
    for (const [k, settings] of Object.entries(SETTINGS)) {
      got[k] = {};
      for (const f of files) got[k][f] = digestOf(f, settings);
    }
    if (process.env.UPDATE_CORPUS_FINDINGS) writeFileSync(findingsPath, `${JSON.stringify(got, null, 2)}\n`);
    expect(got).toEqual(JSON.parse(readFileSync(findingsPath, 'utf8')));
  });
});
