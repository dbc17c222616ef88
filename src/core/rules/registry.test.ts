import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getFix } from '../fixes.ts';
import { RULES, ruleInfo } from './registry.ts';

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
    expect(ruleInfo('LOC-001')).toMatchObject({ severity: 'error', stage: 'validate', fixable: true });
    expect(ruleInfo('OUT-001')).toBeUndefined();
  });
});

describe('ids the parser reports', () => {
  it('all have a registry entry, so the UI can name every issue', async () => {
    const { readdirSync, readFileSync: read } = await import('node:fs');
    const dir = path.resolve(import.meta.dirname, '../parse');
    const ids = new Set<string>();
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
      for (const m of read(path.join(dir, f), 'utf8').matchAll(/'((?:[A-Z]+)-\d{3})'/g)) ids.add(m[1]);
    }
    expect(ids.size).toBeGreaterThan(20);
    expect([...ids].filter((id) => !ruleInfo(id))).toEqual([]);
  });
});
