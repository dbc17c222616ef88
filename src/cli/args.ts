/** Command-line argument parsing for `sitemap-workbench` (no dependencies). */

/** A usage problem: printed with the help hint, exit code 2. */
export class UsageError extends Error {}

export type OutputFormat = 'human' | 'json' | 'junit' | 'sarif' | 'github';
export type FailOn = 'error' | 'warning' | 'never';

export interface CheckArgs {
  command: 'check';
  files: string[];
  /** Same as `format === 'json'` (kept for `--json`). */
  json: boolean;
  format: OutputFormat;
  base?: string;
  /** Local folder whose files are published under `base` (the site's URL). */
  root?: string;
  crossSubmission: boolean;
  /** Severity profile Strict (XSD): XSD order and deprecated tags on every row (default: one note). */
  strict?: boolean;
  /** Follow sitemap indexes (and robots.txt) to their children on disk. Default true. */
  follow: boolean;
  /** Include every entry in JSON output even when a tree is followed. */
  entries: boolean;
  failOn: FailOn;
  maxWarnings?: number;
  /** Print errors only (warnings and info are still counted for --fail-on / --max-warnings). */
  quiet: boolean;
  /** A crawl export to audit the sitemaps against (CRAWL rules, src/cli/crawl.ts). */
  crawl?: string;
  /** Worker threads that read and validate files (default: one per core; 1: none). */
  jobs?: number;
  /** Where standard input was buffered, for the FILE or `--crawl` given as `-` (stdin.ts). */
  stdinPath?: string;
}

export interface MergeArgs {
  command: 'merge';
  files: string[];
  format: OutputFormat;
  base?: string;
  crossSubmission: boolean;
  failOn: FailOn;
  maxWarnings?: number;
  quiet: boolean;
}

export interface ConvertArgs {
  command: 'convert';
  file: string;
  to: 'xml' | 'txt' | 'gz' | 'zip';
  split?: number;
  out?: string;
  base?: string;
  /** Keep the input's own formatting (untouched input: the same bytes); default: normalize. */
  keepFormat?: boolean;
  /** Write over files that exist (else: exit 2, nothing written). */
  force?: boolean;
  /** Where to read the input when `file` is only its name (stdin, buffered: stdin.ts). */
  path?: string;
}

export type CliArgs = CheckArgs | ConvertArgs | MergeArgs | { command: 'help' } | { command: 'version' };

const FORMATS = new Set(['human', 'json', 'junit', 'sarif', 'github']);
const FAIL_ON = new Set(['error', 'warning', 'never']);

const TARGETS = new Set(['xml', 'txt', 'gz', 'zip']);

function takeValue(argv: string[], i: number, flag: string): string {
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value.`);
  return v;
}

function checkUrl(value: string, flag: string): string {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value;
  } catch {
    // fall through to the error below
  }
  throw new UsageError(`${flag} must be an absolute http(s) URL, got "${value}".`);
}

/** Splits `--flag=value` into `['--flag', 'value']`; other tokens are returned as they are. */
function splitEq(argv: string[]): string[] {
  const out: string[] = [];
  for (const t of argv) {
    const eq = t.indexOf('=');
    if (t.startsWith('--') && eq > 2) out.push(t.slice(0, eq), t.slice(eq + 1));
    else out.push(t);
  }
  return out;
}

/** Options shared by check and merge; returns false when `t` is not one of them. */
function reportOption(a: CheckArgs | MergeArgs, argv: string[], i: number): number | false {
  const t = argv[i];
  if (t === '--cross-submission') a.crossSubmission = true;
  else if (t === '--strict' && a.command === 'check') a.strict = true;
  else if (t === '--quiet' || t === '-q') a.quiet = true;
  else if (t === '--json') a.format = 'json';
  else if (t === '--base') {
    a.base = checkUrl(takeValue(argv, i, t), t);
    return i + 1;
  } else if (t === '--format' || t === '-f') {
    const v = takeValue(argv, i, t);
    if (!FORMATS.has(v)) throw new UsageError('--format must be human, json, junit, sarif or github.');
    a.format = v as OutputFormat;
    return i + 1;
  } else if (t === '--fail-on') {
    const v = takeValue(argv, i, t);
    if (!FAIL_ON.has(v)) throw new UsageError('--fail-on must be error, warning or never.');
    a.failOn = v as FailOn;
    return i + 1;
  } else if (t === '--max-warnings') {
    const n = Number(takeValue(argv, i, t));
    if (!Number.isInteger(n) || n < 0) throw new UsageError('--max-warnings must be an integer ≥ 0.');
    a.maxWarnings = n;
    return i + 1;
  } else return false;
  return i;
}

/** Defaults shared by check and merge. */
const reportDefaults = () =>
  ({ format: 'human', crossSubmission: false, failOn: 'error', quiet: false }) as const;

/**
 * The option loop of check and merge: the shared report options, then the command's own
 * (`own` returns the last index it used, or false), else a file (`-` is stdin for check).
 */
function readReportArgs(
  a: CheckArgs | MergeArgs,
  raw: string[],
  own: (t: string, argv: string[], i: number) => number | false,
): void {
  const argv = splitEq(raw);
  for (let i = 0; i < argv.length; i++) {
    const t = argv[i];
    const used = reportOption(a, argv, i);
    const next = used !== false ? used : own(t, argv, i);
    if (next !== false) i = next;
    else if (t.startsWith('-') && !(t === '-' && a.command === 'check'))
      throw new UsageError(`Unknown option for ${a.command}: ${t}`);
    else a.files.push(t);
  }
}

function parseCheck(raw: string[]): CheckArgs {
  const a: CheckArgs = {
    command: 'check',
    ...reportDefaults(),
    files: [],
    json: false,
    follow: true,
    entries: false,
  };
  readReportArgs(a, raw, (t, argv, i) => {
    if (t === '--no-follow') a.follow = false;
    else if (t === '--entries') a.entries = true;
    else if (t === '--root') a.root = takeValue(argv, i++, t);
    else if (t === '--crawl') a.crawl = takeValue(argv, i++, t);
    else if (t === '--jobs' || t === '-j') {
      const n = Number(takeValue(argv, i++, t));
      if (!Number.isInteger(n) || n < 1 || n > 64)
        throw new UsageError('--jobs must be an integer from 1 to 64.');
      a.jobs = n;
    } else return false;
    return i;
  });
  if (a.files.length === 0) throw new UsageError('check needs at least one FILE.');
  if (a.root !== undefined && a.base === undefined)
    throw new UsageError('--root needs --base (the URL the folder is published at).');
  a.json = a.format === 'json';
  return a;
}

function parseMerge(raw: string[]): MergeArgs {
  const a: MergeArgs = { command: 'merge', ...reportDefaults(), files: [] };
  readReportArgs(a, raw, () => false);
  if (a.files.length === 0) throw new UsageError('merge needs at least one REPORT.json.');
  return a;
}

function parseConvert(argv: string[]): ConvertArgs {
  const files: string[] = [];
  let to: string | undefined;
  const a: Partial<ConvertArgs> = {};
  for (let i = 0; i < argv.length; i++) {
    const t = argv[i];
    if (t === '--to') to = takeValue(argv, i++, t);
    else if (t.startsWith('--to=')) to = t.slice(5);
    else if (t === '-o' || t === '--out') a.out = takeValue(argv, i++, t);
    else if (t === '--base') a.base = checkUrl(takeValue(argv, i++, t), t);
    else if (t === '--keep-format') a.keepFormat = true;
    else if (t === '--normalize') a.keepFormat = false;
    else if (t === '--force') a.force = true;
    else if (t === '--split') {
      const n = Number(takeValue(argv, i++, t));
      if (!Number.isInteger(n) || n < 1 || n > 50_000)
        throw new UsageError('--split must be an integer from 1 to 50000.');
      a.split = n;
    } else if (t.startsWith('-') && t !== '-') throw new UsageError(`Unknown option for convert: ${t}`);
    else files.push(t);
  }
  if (files.length !== 1) throw new UsageError('convert needs exactly one FILE.');
  if (to === undefined || !TARGETS.has(to)) throw new UsageError('convert needs --to xml|txt|gz|zip.');
  return { ...a, command: 'convert', file: files[0], to: to as ConvertArgs['to'] };
}

/** Parse `argv` (without node and script). Throws {@link UsageError}. */
export function parseArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help')
    return { command: 'help' };
  if (command === '--version' || command === '-v') return { command: 'version' };
  if (rest.includes('--help') || rest.includes('-h')) return { command: 'help' };
  if (command === 'check') return parseCheck(rest);
  if (command === 'convert') return parseConvert(rest);
  if (command === 'merge') return parseMerge(rest);
  throw new UsageError(`Unknown command "${command}".`);
}

export const HELP = `sitemap-workbench — check and convert XML / text sitemaps (offline)

Usage:
  sitemap-workbench check FILE|FOLDER|ZIP|robots.txt... [--format F] [--root DIR --base URL] [options]
  sitemap-workbench merge REPORT.json... [--format F] [options]
  sitemap-workbench convert FILE --to xml|txt|gz|zip [--split N] [-o OUT] [--base URL]
                                [--keep-format | --normalize] [--force]
  sitemap-workbench --version | --help
  FILE (check, convert) and --crawl CSV may be - for standard input (once per command).

check
  Parses each FILE (XML urlset or index, text, gzip, feeds, robots.txt) and runs every rule.
  A sitemap index or robots.txt is followed to its children on disk, a FOLDER is read whole,
  a ZIP of sitemaps is read as a folder of its members (as the app opens it: at most 10,000
  members and 200,000,000 bytes inflated; names are data, shown as site.zip/member.xml),
  and the cross-file checks run over all files read (LOC-006 URLs in several files, HREF-006
  return links across files, IDX-003 stale index lastmod, IDX-006 children not found and
  nested indexes, IDX-007 loops). Files are read one at a time; memory stays bounded.
  Children are found under --root by the path of their URL below --base, else below the
  index's folder by the URL's path (or its tail, down to the file name); .gz twins count.
  --format human|json|junit|sarif|github
                      human (default): "file:line:col  severity  RULE  message" + a summary.
                      json: one FILE without a tree: a single object, else an array of
                      { "file", "kind", "publishUrl"?, "urls", "entries"?, "fatal", "issues" }
                      (one FILE: { "file", "kind", "entries", "fatal", "issues" }). Entries:
                      { "loc", "lastmod"?, "changefreq"?, "priority"?, "images"?, "videos"?,
                      "news"?, "alternates"?: [{ "hreflang", "href" }] }; issues: { "rule",
                      "severity", "entry"? (row index), "field"?, "line"?, "column"?, "message",
                      "relatedFiles"? }. junit: JUnit XML (a suite per file, a failed case per
                      error/warning). sarif: SARIF 2.1.0. github: GitHub Actions annotations
                      (past 10 of one rule in a file, one notice with the count).
  --json              Same as --format json.
  --root DIR          Local folder published at --base (e.g. --root dist --base https://www.example.com/).
  --base URL          With --root: the site URL DIR is served at. Without: the publish URL of the
                      first FILE (e.g. https://www.example.com/sitemap.xml). Enables host and scope rules.
  --cross-submission  Cross-host URLs are allowed (HOST-001 / IDX-004 become warnings).
  --crawl CSV|ZIP     Audit against a crawl export (Screaming Frog, Search Console CSV or its
                      export zip, or any CSV with a URL column and status / indexability /
                      canonical / redirect / last-crawled columns): reports CRAWL-001..008 with
                      the browser's rule ids.
  --strict            Severity profile Strict (XSD): XSD child order (XML-006, IMG-008) and
                      deprecated image tags (IMG-006) on every row. Default (Search engines):
                      one note per rule for the file.
  --fail-on error|warning|never
                      Exit 1 on errors (default), on errors or warnings, or never.
  --max-warnings N    Exit 1 when there are more than N warnings.
  --quiet, -q         Print errors only (warnings still count for --fail-on / --max-warnings).
  --no-follow         Check each FILE alone: no children, no cross-file checks (for one job per
                      file under GNU parallel or a CI matrix; then run merge).
  --entries           In JSON of a tree, include every entry (large).
  --jobs N, -j N      Read and validate files on N worker threads (default: one per core; 1:
                      none). The report is the same for any N.
  A progress line (files, URLs, URLs/s) is shown on a terminal, never when stderr is redirected.

merge
  Runs the cross-file checks over per-file JSON reports written by
  "check --no-follow FILE --format json" and prints every report's issues plus the cross-file
  ones, in any --format, with the same --fail-on / --max-warnings / --quiet.

convert
  Writes the canonical form (SITEMAP-RULES.md OUT-*). --to gz writes gzipped XML (gzipped text
  when the input is a text sitemap). --to zip bundles all files (transport only). A sitemap
  index (or robots.txt) cannot be written as text (OUT-009): --to txt exits 2. The input may be
  a ZIP (or a ZIP inside a gzip, site.zip.gz). A ZIP of one sitemap converts it; a ZIP of several
  needs -o DIR/: each member is converted into DIR under its own name (made safe, folders kept:
  fr/sitemap.xml -> DIR/fr/sitemap.xml.gz); one that cannot be (an index as text) is named and
  left out. An index's child locs are not renamed (convert edits nothing; the app's workspace
  export regenerates the index).
  --split N           At most N URLs per file (the 50,000-URL / 50 MiB limits always apply).
                      Default: split above 45,000 URLs or 45,000,000 bytes, where check's
                      SIZE-005 (close to the limit) is satisfied; a larger N is kept, and
                      convert says SIZE-005 will warn. Children are named <name>-1.xml, ...
                      plus an index named after --base (else <name>.xml).
  -o OUT              Output file, or a directory (an existing one, or a path ending in /) to
                      write into under the input's name with the new extension: news.xml
                      --to gz -o out/ writes out/news.xml.gz. A split into several files needs
                      a directory: with -o FILE (or XML / text to stdout) convert writes nothing
                      and exits 2. --to zip -o NAME without an extension writes NAME.zip.
                      Default: XML / text to stdout, other formats into the current directory,
                      named the same way.
  --force             Write over files that exist; without it convert names the first one,
                      writes nothing and exits 2.
  --base URL          Publish URL of the (index) file; required to write an index after splitting.
  --keep-format       Keep the input's own formatting: the same bytes (a .gz: the same compressed
                      bytes), since convert edits nothing. Only for the input's own format
                      (xml, txt, gz); exits 2 otherwise.
  --normalize         Write the canonical form (the default).

Exit codes (check, merge and convert alike): 0 passed, 1 findings at the --fail-on level (or a
file is not well-formed or not a sitemap), 2 could not read the input (a missing file, or one the
reader refuses unread: a tar or a gzip inside the gzip, a gzip that inflates past the
200,000,000-byte limit; whatever --fail-on says), bad arguments, or output convert
cannot write as asked (an index as text, a split to one file or stdout).
`;
