import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getFix } from '../fixes.ts';
import { type Issue, makeIssue } from '../model.ts';
import { parseIssue } from '../parse/issues.ts';
import { GROUP_NAMES, RULES, type RuleId, ruleInfo } from './registry.ts';

const specPath = path.resolve(import.meta.dirname, '../../../../shared/spec/SITEMAP-RULES.md');
const hasSpec = existsSync(specPath);
if (!hasSpec) console.warn(`registry.test: ${specPath} is missing; the spec cross-check is skipped`);

describe('rule registry', () => {
  it.skipIf(!hasSpec)('lists exactly the rule ids of the spec index (OUT/IMP excluded)', () => {
    const index = readFileSync(specPath, 'utf8').split('## 10. Rule index')[1];
    const ids = [...index.matchAll(/^\| ([A-Z]+-\d{3}) \|/gm)]
      .map((m) => m[1])
      .filter((id) => !/^(OUT|IMP)-/.test(id));
    expect(RULES.map((r) => r.id)).toEqual(ids);
  });
  it('explains every rule that is not checked, and marks fixable exactly the rules with a fix', () => {
    for (const r of RULES) {
      if (r.stage === 'not-checked' || r.stage === 'export') expect(r.reason, r.id).toBeTruthy();
      expect(Boolean(getFix(r.id)), r.id).toBe(r.fixable);
    }
    expect(RULES.filter((r) => r.fixable)).toHaveLength(38);
    expect(ruleInfo('LOC-001')).toMatchObject({ severity: 'error', stage: 'validate', fixable: true });
    expect(ruleInfo('OUT-001')).toBeUndefined();
  });
});

describe('rule ids are checked by the compiler', () => {
  it("a registered id builds an issue with the rule's default severity; an unknown id does not compile", () => {
    expect(parseIssue('ENC-002', 'BOM removed')).toEqual({
      rule: 'ENC-002',
      severity: 'info',
      message: 'BOM removed',
    });
    expect(makeIssue('CF-001', 'warning', 'x').rule).toBe('CF-001');
    // @ts-expect-error: 'LOC-999' is not a RuleId (typecheck fails if this line ever compiles)
    makeIssue('LOC-999', 'error', 'x');
    // @ts-expect-error: Issue.rule is a RuleId too
    const bad: Issue = { rule: 'ENC-4', severity: 'error', message: 'x' };
    expect(bad.rule).toBe('ENC-4');
    const ids: RuleId[] = ['CRAWL-008', 'IMP-027', 'OUT-008'];
    expect(ids.map((id) => ruleInfo(id)?.id)).toEqual(ids);
  });
  it('derives the group from the id prefix', () => {
    for (const r of RULES) expect(GROUP_NAMES[r.group], r.id).toBeTruthy();
    expect(ruleInfo('LASTMOD-001')?.group).toBe('LASTMOD');
    expect(ruleInfo('CRAWL-001')).toMatchObject({ group: 'CRAWL', stage: 'validate', fixable: true });
  });
});
