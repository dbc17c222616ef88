import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from './check.ts';
import { writeTree } from './genTree.ts';
import { runCli } from './main.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'smw-formats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const tree = writeTree(tmp, { files: 3, urls: 6, gzipEvery: 2, missing: true, dupes: 1, hreflang: 2 });
const errorsXml = path.join('src/cli/__fixtures__', 'errors.xml');
const validXml = path.join('src/cli/__fixtures__', 'valid.xml');

async function cli(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const io: CliIo = {
    out: (t) => {
      out += t;
    },
    err: () => {},
    now: () => Date.UTC(2026, 0, 1),
  };
  return { code: await runCli(argv, io), out };
}

/** The SARIF 2.1.0 schema (rtm.5, as shipped by @microsoft/jest-sarif, MIT), draft-04 `id` read as `$id`. */
function sarifValidator() {
  const schema = JSON.parse(
    readFileSync(path.join('src/cli/__fixtures__', 'sarif-2.1.0-rtm.5.json'), 'utf8'),
  );
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  // unicodeRegExp: false because the schema's `language` pattern has a stray `]` that only
  // non-unicode regular expressions accept; formats (uri) are not checked.
  return new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateFormats: false }).compile(
    schema,
  );
}

describe('check output formats', () => {
  it('SARIF validates against the 2.1.0 schema, with one result per issue and rule titles', async () => {
    const validate = sarifValidator();
    for (const argv of [
      ['check', errorsXml, '--format', 'sarif'],
      ['check', tree.index, '--format', 'sarif'],
    ]) {
      const r = await cli(argv);
      const log = JSON.parse(r.out);
      const ok = validate(log);
      expect(validate.errors ?? [], argv.join(' ')).toEqual([]);
      expect(ok).toBe(true);
      const json = JSON.parse((await cli([...argv.slice(0, 2), '--format', 'json'])).out);
      const reports = Array.isArray(json) ? json : [json];
      const count = reports.reduce((n: number, x: { issues: unknown[] }) => n + x.issues.length, 0);
      expect(log.runs[0].results).toHaveLength(count);
      expect(log.runs[0].tool.driver.rules.length).toBeGreaterThan(0);
    }
    const broken = sarifValidator();
    expect(broken({ version: '2.1.0', runs: [{ results: [] }] })).toBe(false); // the schema does bite
  });

  it('JUnit is well-formed XML with one failed test case per error or warning', async () => {
    const r = await cli(['check', tree.index, '--format', 'junit']);
    expect(XMLValidator.validate(r.out)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(r.out);
    const json = JSON.parse((await cli(['check', tree.index, '--format', 'json'])).out) as Array<{
      issues: Array<{ severity: string }>;
    }>;
    const failing = json.flatMap((x) => x.issues).filter((i) => i.severity !== 'info').length;
    expect(Number(doc.testsuites['@_failures'])).toBe(failing);
    expect([doc.testsuites.testsuite].flat()).toHaveLength(json.length);
  });

  it('a file that is not well-formed is reported once, as ENC-004, in every format', async () => {
    const broken = path.join('src/cli/__fixtures__', 'broken.xml');
    const human = await cli(['check', broken]);
    expect(human.out).not.toContain('FATAL');
    expect(human.out.split('\n').filter((l) => l.includes('ENC-004'))).toHaveLength(1);
    // The parser's message, once per finding (JUnit writes it as the failure's message and body).
    const once = { github: 1, junit: 2, sarif: 1 };
    for (const [format, n] of Object.entries(once)) {
      const r = await cli(['check', broken, '--format', format]);
      expect(r.out.match(/Mismatched end tag/g)?.length, format).toBe(n);
    }
  });

  it('GitHub annotations are workflow commands with file, line, column and rule', async () => {
    const r = await cli(['check', errorsXml, '--format', 'github']);
    const lines = r.out.trim().split('\n');
    const annotations = lines.filter((l) => l.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(0);
    for (const a of annotations)
      expect(a).toMatch(
        /^::(error|warning|notice) file=[^,:]+(,line=\d+(,col=\d+)?)?,title=[A-Z]+-\d{3}::[A-Z]+-\d{3} \S/,
      );
    expect(annotations.some((a) => a.startsWith('::error file=src/cli/__fixtures__/errors.xml,line='))).toBe(
      true,
    );
    expect(lines.at(-1)).toMatch(/^1 file\(s\)/);
  });

  it('--fail-on, --max-warnings and --quiet set the exit code and what is printed', async () => {
    expect((await cli(['check', errorsXml])).code).toBe(1);
    expect((await cli(['check', errorsXml, '--fail-on', 'never'])).code).toBe(0);
    expect((await cli(['check', validXml])).code).toBe(0);
    const warnings = await cli(['check', tree.index, '--fail-on', 'never', '--format', 'json']);
    const nWarnings = (JSON.parse(warnings.out) as Array<{ issues: Array<{ severity: string }> }>)
      .flatMap((x) => x.issues)
      .filter((i) => i.severity === 'warning').length;
    expect(nWarnings).toBeGreaterThan(0);
    expect(
      (await cli(['check', tree.index, '--fail-on', 'never', '--max-warnings', String(nWarnings)])).code,
    ).toBe(0);
    expect(
      (await cli(['check', tree.index, '--fail-on', 'never', '--max-warnings', String(nWarnings - 1)])).code,
    ).toBe(1);
    const quiet = await cli(['check', tree.index, '--quiet']);
    expect(quiet.out).not.toMatch(/ {2}(warning|info) {2}/);
    expect(quiet.out).toMatch(/ {2}error {2}IDX-006 /);
    const bad = await cli(['check', validXml, '--format', 'xml']);
    expect(bad.code).toBe(2);
  });
});
