import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.ts';

describe('parseArgs: check and merge', () => {
  it('reads check with its own and the shared report options', () => {
    expect(
      parseArgs([
        'check',
        'a.xml',
        '-',
        '--json',
        '--no-follow',
        '--base=https://a.example/',
        '--root',
        'out',
      ]),
    ).toMatchObject({
      command: 'check',
      files: ['a.xml', '-'],
      format: 'json',
      json: true,
      follow: false,
      base: 'https://a.example/',
      root: 'out',
      failOn: 'error',
      quiet: false,
    });
  });

  it('reads merge with the shared options and rejects check-only ones', () => {
    expect(parseArgs(['merge', 'r1.json', 'r2.json', '-q', '--json'])).toMatchObject({
      command: 'merge',
      files: ['r1.json', 'r2.json'],
      format: 'json',
      quiet: true,
    });
    expect(() => parseArgs(['merge', 'r.json', '--no-follow'])).toThrow(
      'Unknown option for merge: --no-follow',
    );
    expect(() => parseArgs(['merge', '-'])).toThrow(UsageError);
  });

  it('says what is missing or unknown', () => {
    expect(() => parseArgs(['check'])).toThrow('check needs at least one FILE.');
    expect(() => parseArgs(['check', 'a.xml', '--bogus'])).toThrow('Unknown option for check: --bogus');
    expect(() => parseArgs(['check', 'dir', '--root', 'dir'])).toThrow('--root needs --base');
    expect(() => parseArgs(['merge'])).toThrow('merge needs at least one REPORT.json.');
  });
});
