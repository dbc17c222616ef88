import type { Issue } from '../model.ts';
import { fieldLabel } from '../rules/fieldLabel.ts';
import type { RuleId } from '../rules/registry.ts';
import { ENT_HTML, ENT_RAW_AMP, ENT_UNKNOWN } from './entities.ts';
import type { EntryState } from './entries.ts';
import { parseIssue } from './issues.ts';
import { classifyNs, NsClass } from './names.ts';
import { MAX_XML_DEPTH, type ScanHooks, Scanner } from './scanner.ts';

/**
 * Budget of parse findings kept per file (issue 20): a 276 KB gzip of `<x:q/>` elements inflated
 * to 190 MB made ~30 million findings and crashed the tab. Past it, findings are counted only.
 */
export const MAX_PARSE_FINDINGS = 500_000;
/** Budget of unknown elements kept verbatim per file; past it they are skipped (IMP-029 error, once). */
export const MAX_RAW_ELEMENTS = 1_000_000;
/**
 * Budget of memory for unknown elements kept verbatim per file, in bytes: each costs its markup
 * as UTF-16 (2 bytes a character) plus {@link RAW_ELEMENT_COST}. A 60 MB file of `<x:q/>` kept a
 * million of them (+ a finding each) and peaked at 1.8 GB in the app; past this budget they are
 * skipped like past {@link MAX_RAW_ELEMENTS} (one error says so).
 */
export const MAX_RAW_BYTES = 32 * 1024 * 1024;
/** Bytes a kept element costs besides its markup: the object, its fields, its slot (measured ~100). */
export const RAW_ELEMENT_COST = 96;
/**
 * Findings listed per unknown element name per file (EXT-001): a flood of one element lists this
 * many, then one finding counts the rest.
 */
export const MAX_SAME_ELEMENT_FINDINGS = 1_000;

/** Conventional prefix per namespace class (XML-003 reports others). */
const USUAL_PREFIX: Partial<Record<NsClass, string>> = {
  [NsClass.Core]: '',
  [NsClass.Image]: 'image',
  [NsClass.Video]: 'video',
  [NsClass.News]: 'news',
  [NsClass.Xhtml]: 'xhtml',
};

/**
 * Shared state of one XML parse: the scanner, the issue list, the entry being built (so that
 * findings deep inside a value are attached to the right row), and per-value flags.
 */
export class XmlCtx implements ScanHooks {
  readonly sc: Scanner;
  readonly issues: Issue[] = [];
  /** Id of the entry being built (-1 outside entries). */
  entry = -1;
  /** Value flags since the last {@link flushValue}: entity flags, CDATA seen, nested markup seen. */
  entFlags = 0;
  entSample = '';
  cdata = false;
  markup = false;
  /** The entry state entries.ts reuses from entry to entry (one per parse, not per module). */
  spareEntry: EntryState | null = null;
  /** Qualified names of the last `<xhtml:link>` and `<image:image>` read ('' before the first): see readEntry. */
  linkName = '';
  imageName = '';
  /** Entity names declared by a DOCTYPE (never expanded). */
  readonly dtdEntities = new Set<string>();
  private readonly reportedNs = new Set<string>();
  private readonly reportedPrefix = new Set<string>();
  private readonly reportedCase = new Set<string>();

  /** `raw`: the UTF-8 bytes behind masked `text` (see mask.ts), or null. */
  constructor(text: string, raw: Uint8Array | null = null) {
    this.sc = new Scanner(text, this, raw);
  }

  /** 1-based line and column of string index `at`. */
  where(at: number, field?: string): { entry?: number; field?: string; line: number; column: number } {
    const line = this.sc.lines.line(at);
    const column = this.sc.lines.column(at);
    const w: { entry?: number; field?: string; line: number; column: number } = { line, column };
    if (this.entry >= 0) w.entry = this.entry;
    if (field !== undefined) w.field = field;
    return w;
  }

  /** Findings past {@link MAX_PARSE_FINDINGS} (counted, not kept), and the first one's rule. */
  droppedFindings = 0;
  droppedRule: RuleId = 'XML-008';
  /**
   * Raw elements kept so far and their cost in bytes (budgets {@link MAX_RAW_ELEMENTS},
   * {@link MAX_RAW_BYTES}); `rawOver` is true once a budget was hit.
   */
  rawKept = 0;
  rawBytes = 0;
  rawOver = false;
  /** EXT-001 findings per element (`qname ns`): listed up to {@link MAX_SAME_ELEMENT_FINDINGS}. */
  private readonly sameElement = new Map<string, number>();
  /** One shared `nsDecls` object per distinct set of declarations (a flood repeats the same one). */
  private readonly declsCache = new Map<string, Record<string, string>>();

  /** The shared copy of namespace declarations `decls` (treat as read-only). */
  sharedDecls(decls: Record<string, string>): Record<string, string> {
    let key = '';
    for (const p in decls) key += `${p}\u0000${decls[p]}\u0000`;
    const known = this.declsCache.get(key);
    if (known) return known;
    if (this.declsCache.size < 1024) this.declsCache.set(key, decls);
    return decls;
  }

  /** Report a parse-stage issue at string index `at` (attached to the current entry, if any). */
  report(rule: RuleId, message: string, at: number, field?: string): void {
    if (this.issues.length >= MAX_PARSE_FINDINGS) {
      if (this.droppedFindings++ === 0) this.droppedRule = rule;
      return;
    }
    this.issues.push(parseIssue(rule, message, this.where(at, field)));
  }

  /** Report past the findings budget: for the few findings that say a budget was hit (`at` -1: no place). */
  reportAlways(rule: RuleId, message: string, at: number): void {
    this.issues.push(parseIssue(rule, message, at < 0 ? {} : this.where(at)));
  }

  /** Close the findings budgets: one finding per flooded element, one for all others not listed. */
  finishFindings(): void {
    for (const [key, n] of this.sameElement) {
      if (n <= MAX_SAME_ELEMENT_FINDINGS) continue;
      const [qname, ns] = key.split(' ');
      const more = (n - MAX_SAME_ELEMENT_FINDINGS).toLocaleString('en-US');
      this.reportAlways(
        'EXT-001',
        `${more} more <${qname}> elements from namespace "${ns}" are not listed one by one (at most ${MAX_SAME_ELEMENT_FINDINGS.toLocaleString('en-US')} per element name)`,
        -1,
      );
    }
    if (this.droppedFindings === 0) return;
    this.issues.push(
      parseIssue(
        this.droppedRule,
        `${this.droppedFindings.toLocaleString('en-US')} more parse findings (the first a ${this.droppedRule}) are not listed: a file keeps at most ${MAX_PARSE_FINDINGS.toLocaleString('en-US')}. The file was read in full; fix the listed ones and open it again`,
        {},
        'warning',
      ),
    );
  }

  nsDeclared(prefix: string, uri: string, at: number): void {
    const info = classifyNs(uri);
    const key = `${prefix}=${uri}`;
    if (this.reportedNs.has(key)) return;
    this.reportedNs.add(key);
    const saved = this.entry;
    this.entry = -1;
    const usual = USUAL_PREFIX[info.cls];
    if (info.exact && usual !== undefined && prefix !== usual) {
      const shown = prefix ? `prefix "${prefix}:"` : 'the default namespace';
      this.report(
        'XML-003',
        `Namespace "${uri}" is bound to ${shown} (usually ${usual ? `"${usual}:"` : 'the default namespace'}); read by URI`,
        at,
      );
    }
    if (!info.nearMissRule) {
      this.entry = saved;
      return;
    }
    const label = prefix ? `xmlns:${prefix}` : 'xmlns';
    this.report(
      info.nearMissRule,
      `${label}="${uri}" is a near miss of "${info.canonical}"; read as that namespace`,
      at,
    );
    this.entry = saved;
  }

  undeclaredPrefix(prefix: string, at: number): void {
    if (this.reportedPrefix.has(prefix)) return;
    this.reportedPrefix.add(prefix);
    this.report('XML-009', `Prefix "${prefix}:" is used without an xmlns:${prefix} declaration`, at);
  }

  /**
   * Nesting past {@link MAX_XML_DEPTH}: ENC-004, since libxml2 (and the readers built on it) stop
   * there with a fatal well-formedness error; the spec has no rule id of its own for depth.
   */
  tooDeep(depth: number, at: number): void {
    this.report(
      'ENC-004',
      `Elements are nested ${depth} levels deep here, more than ${MAX_XML_DEPTH}: libxml2-based readers (and many crawlers) refuse the file. Read on; the deep content is kept as it is`,
      at,
    );
  }

  entities(flags: number, sample: string, _at: number): void {
    this.entFlags |= flags;
    if (!this.entSample) this.entSample = sample;
  }

  caseMismatch(open: string, close: string, at: number): void {
    const key = `${open}|${close}`;
    if (this.reportedCase.has(key)) return;
    this.reportedCase.add(key);
    this.report('ENC-010', `End tag </${close}> closes <${open}>: names are case-sensitive`, at);
  }

  private readonly unknownNs = new Set<string>();

  /** Report an element from a namespace the editor does not model: EXT-001 here, XML-012 once per URI. */
  unknownElement(qname: string, ns: string, at: number, field?: string, where = ''): void {
    if (!this.unknownNs.has(ns)) {
      this.unknownNs.add(ns);
      const saved = this.entry;
      this.entry = -1;
      this.report(
        'XML-012',
        `Namespace "${ns}" is not known to the editor; its elements are kept verbatim`,
        at,
      );
      this.entry = saved;
    }
    const key = `${qname} ${ns}`;
    const seen = (this.sameElement.get(key) ?? 0) + 1;
    this.sameElement.set(key, seen);
    if (seen > MAX_SAME_ELEMENT_FINDINGS) return;
    this.report(
      'EXT-001',
      `Element <${qname}> from namespace "${ns}"${where} is not modelled; kept verbatim`,
      at,
      field,
    );
  }

  /** Report a name matched only case-insensitively (IMP-006). */
  caseOnly(written: string, canonical: string, at: number, field?: string): void {
    this.report('ENC-010', `<${written}> read as <${canonical}>: names are case-sensitive`, at, field);
  }

  /** Emit issues for flags collected while reading one value, then clear them. */
  flushValue(field: string, at: number): void {
    const f = this.entFlags;
    // The message names the field as the UI does; the issue keeps its path.
    const name = fieldLabel(field);
    if (f & ENT_RAW_AMP) {
      this.report(
        'ENC-005',
        `Unescaped "&" in ${name} ("${this.entSample}"); read as a literal "&", and the export writes it as &amp;`,
        at,
        field,
      );
    }
    if (f & ENT_HTML)
      this.report(
        'ENC-006',
        `HTML entity in ${name} (e.g. "${this.entSample}") decoded; XML does not define it`,
        at,
        field,
      );
    if (f & ENT_UNKNOWN) {
      const name = /&([^;]*);/.exec(this.entSample)?.[1] ?? '';
      const why = this.dtdEntities.has(name) ? 'declared only by the DOCTYPE and not expanded' : 'undefined';
      this.report('ENC-006', `Entity "${this.entSample}" in ${name} is ${why}; kept literally`, at, field);
    }
    if (this.cdata) this.report('ENC-011', `CDATA section in ${name} unwrapped`, at, field);
    if (this.markup) this.report('IMP-013', `Markup inside ${name}; its text content was used`, at, field);
    this.entFlags = 0;
    this.entSample = '';
    this.cdata = false;
    this.markup = false;
  }

  /** True when a value read since the last flush raised any flag. */
  get dirty(): boolean {
    return this.entFlags !== 0 || this.cdata || this.markup;
  }
}
