import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { END, renderRulesTable, START, withRulesTable } from './rules-table.ts';

describe('README rule table', () => {
  it('matches the registry (run `npm run rules:table` after changing rules)', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, 'README has the rules markers').toBeGreaterThan(-1);
    expect(readme.slice(start + START.length, end)).toBe(renderRulesTable());
  });
  it('replaces only the text between the markers, or appends the section', () => {
    const before = `# X\n\nintro\n\n${START}\nold\n${END}\n\n## After\n`;
    const after = withRulesTable(before);
    expect(after.startsWith('# X\n\nintro\n\n')).toBe(true);
    expect(after.endsWith(`${END}\n\n## After\n`)).toBe(true);
    expect(after).toContain('| LOC-001 |');
    expect(withRulesTable('# Y\n')).toMatch(/^# Y\n\n## Validation rules\n\n<!-- rules:start -->/);
  });
});
