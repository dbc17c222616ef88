// check's human output stays readable at scale: errors first, and a rule's findings past the
// first few of a file are one line with the count (a 1M-URL file printed 40,000 HREF-006 notes).
import { describe, expect, it } from 'vitest';
import { github } from './formats.ts';
import { type FileReport, HUMAN_PER_RULE, humanLines, type JsonIssue } from './report.ts';

const many = (n: number, rule: string, severity: JsonIssue['severity']): JsonIssue[] =>
  Array.from({ length: n }, (_, k) => ({ rule, severity, line: k + 1, column: 1, message: `${rule} #${k}` }));

describe('humanLines', () => {
  it('prints errors first and groups a rule beyond the limit, saying how many and where all are', () => {
    const r: FileReport = {
      file: 'big.xml',
      kind: 'urlset',
      entries: [],
      fatal: null,
      issues: [
        ...many(25, 'HREF-006', 'info'),
        ...many(12, 'XML-008', 'warning'),
        ...many(3, 'LOC-001', 'error'),
      ],
    };
    const lines = humanLines(r);
    expect(HUMAN_PER_RULE).toBe(10);
    expect(lines.slice(0, 3)).toEqual([
      'big.xml:1:1  error  LOC-001  LOC-001 #0',
      'big.xml:2:1  error  LOC-001  LOC-001 #1',
      'big.xml:3:1  error  LOC-001  LOC-001 #2',
    ]);
    expect(lines[3]).toBe('big.xml:1:1  warning  XML-008  XML-008 #0');
    expect(lines[13]).toBe('big.xml  warning  XML-008  … and 2 more XML-008 warnings; --json lists all');
    expect(lines[14]).toBe('big.xml:1:1  info  HREF-006  HREF-006 #0');
    expect(lines[24]).toBe('big.xml  info  HREF-006  … and 15 more HREF-006 notes; --json lists all');
    expect(lines).toHaveLength(25);
  });
});

describe('GitHub annotations at scale', () => {
  it('fold past the first findings of a rule in a file into one notice with the count and where all are', () => {
    const report = (file: string, issues: JsonIssue[]): FileReport => ({
      file,
      kind: 'urlset',
      entries: [],
      fatal: null,
      issues,
    });
    const lines = github(
      [
        report('a.xml', [...many(40_000, 'LOC-001', 'error'), ...many(2, 'XML-008', 'warning')]),
        report('b.xml', many(11, 'LOC-001', 'error')),
      ],
      false,
    );
    expect(lines.filter((l) => l.startsWith('::error file=a.xml,'))).toHaveLength(HUMAN_PER_RULE);
    expect(lines.filter((l) => l.startsWith('::warning file=a.xml,'))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('::notice'))).toEqual([
      '::notice file=a.xml,title=LOC-001::LOC-001 … and 39,990 more LOC-001 errors; --format json or --format sarif lists all',
      '::notice file=b.xml,title=LOC-001::LOC-001 … and 1 more LOC-001 error; --format json or --format sarif lists all',
    ]);
    expect(lines).toHaveLength(10 + 2 + 1 + 10 + 1);
    // Each file's annotations together, its notice after them.
    expect(lines[12]).toMatch(/^::notice file=a\.xml/);
  });
});
