/** Command-line argument parsing for `sitemap-workbench` (no dependencies). */

/** A usage problem: printed with the help hint, exit code 2. */
export class UsageError extends Error {}

export interface CheckArgs {
  command: 'check';
  files: string[];
  json: boolean;
  base?: string;
  crossSubmission: boolean;
  /** A crawl export to audit the sitemaps against (CRAWL rules). */
  crawl?: string;
}

export interface ConvertArgs {
  command: 'convert';
  file: string;
  to: 'xml' | 'txt' | 'gz' | 'zip';
  split?: number;
  out?: string;
  base?: string;
}

export type CliArgs = CheckArgs | ConvertArgs | { command: 'help' } | { command: 'version' };

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

function parseCheck(argv: string[]): CheckArgs {
  const a: CheckArgs = { command: 'check', files: [], json: false, crossSubmission: false };
  for (let i = 0; i < argv.length; i++) {
    const t = argv[i];
    if (t === '--json') a.json = true;
    else if (t === '--cross-submission') a.crossSubmission = true;
    else if (t === '--base') a.base = checkUrl(takeValue(argv, i++, t), t);
    else if (t.startsWith('--base=')) a.base = checkUrl(t.slice(7), '--base');
    else if (t === '--crawl') a.crawl = takeValue(argv, i++, t);
    else if (t.startsWith('--crawl=')) a.crawl = t.slice(8);
    else if (t.startsWith('-') && t !== '-') throw new UsageError(`Unknown option for check: ${t}`);
    else a.files.push(t);
  }
  if (a.files.length === 0) throw new UsageError('check needs at least one FILE.');
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
    else if (t === '--split') {
      const n = Number(takeValue(argv, i++, t));
      if (!Number.isInteger(n) || n < 1 || n > 50_000)
        throw new UsageError('--split must be an integer from 1 to 50000.');
      a.split = n;
    } else if (t.startsWith('-')) throw new UsageError(`Unknown option for convert: ${t}`);
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
  throw new UsageError(`Unknown command "${command}".`);
}

export const HELP = `sitemap-workbench — check and convert XML / text sitemaps (offline)

Usage:
  sitemap-workbench check FILE... [--json] [--base URL] [--cross-submission] [--crawl CSV]
  sitemap-workbench convert FILE --to xml|txt|gz|zip [--split N] [-o OUT] [--base URL]

check
  Parses each FILE (XML urlset or index, text, gzip, feeds, robots.txt) and runs every rule.
  Human output: one line per issue "file:line:col  severity  RULE  message", then a summary.
  --json              Machine output. One FILE: a single object; several FILEs: an array of them.
                      Object: { "file", "kind", "entries": [{ "loc", "lastmod"?, "changefreq"?,
                      "priority"?, "images"?, "videos"?, "news"?, "alternates"?: [{ "hreflang", "href" }] }],
                      "fatal": null | { "message", "line", "column" },
                      "issues": [{ "rule", "severity", "entry"? (row index), "field"?, "line"?,
                      "column"?, "message" }] }
  --base URL          Publish URL of the file (e.g. https://www.example.com/sitemap.xml): enables
                      host and scope rules.
  --cross-submission  Cross-host URLs are allowed (HOST-001 / IDX-004 become warnings).
  --crawl CSV         Audit against a crawl export (Screaming Frog, Search Console, or any CSV
                      with a URL column and status / indexability / canonical / redirect /
                      last-modified columns): reports CRAWL-001..008; their errors count.

convert
  Writes the canonical form (SITEMAP-RULES.md OUT-*). --to gz writes gzipped XML (gzipped text
  when the input is a text sitemap). --to zip bundles all files (transport only).
  --split N           At most N URLs per file (the 50,000-URL / 50 MiB limits always apply);
                      children are named <base>-1.xml, ... plus an index <base>.xml.
  -o OUT              Output file; with several output files, a directory. Default: XML / text
                      to stdout, other formats into the current directory.
  --base URL          Publish URL of the (index) file; required to write an index after splitting.

Exit codes: 0 no errors, 1 errors found (or the input is not well-formed), 2 unreadable input or
bad arguments.
`;
