/**
 * Issue 15, "findings that matter first": under the default Search engines profile, no real file
 * that is valid by the XSDs shows a warning-level finding on a row for XSD order (XML-006,
 * IMG-008) or deprecated tags (IMG-006); they are one file-level note per rule.
 */
import { describe, expect, it } from 'vitest';
import { haveRealCorpus as haveReal, realDir, xsdValidRealFiles } from './serialize/__fixtures__/xsd.ts';
import { Validator } from './validate.ts';

if (!haveReal)
  console.warn(`profileCorpus.test: ${realDir} or the XSDs are missing; the corpus profile test is skipped.`);

const QUIET = new Set(['XML-006', 'IMG-008', 'IMG-006']);

describe('default severity profile over the real corpus', () => {
  it.skipIf(!haveReal)(
    'shows no per-row warning for XSD order or deprecated tags on any XSD-valid file',
    async () => {
      let checked = 0;
      let noted = 0;
      for await (const { name, parsed } of xsdValidRealFiles()) {
        const v = new Validator({ now: Date.UTC(2026, 10, 21) });
        v.load(parsed.document, parsed.issues);
        const perRow = v.all().filter((i) => i.entry !== undefined && QUIET.has(i.rule));
        expect(perRow, name).toEqual([]);
        const notes = v.documentIssues().filter((i) => QUIET.has(i.rule));
        for (const n of notes) expect(n.severity, `${name} ${n.rule}`).toBe('info');
        if (notes.length > 0) noted++;
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
      // Some valid files do carry deprecated image tags: the profile is exercised, not vacuous.
      expect(noted).toBeGreaterThan(0);
    },
    180_000,
  );
});
