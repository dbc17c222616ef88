/**
 * Document-level counters (maintained incrementally by the validator) and the rules computed from
 * them: SIZE-*, XML-007, TXT-002, LASTMOD-007, LASTMOD-010, CF-002, PRIO-002, PRIO-003, NEWS-004,
 * NEWS-008 (several names), HREF-009 (missing x-default), IMG-005, HOST-005.
 */
import { fmtInt, plural } from '../format.ts';
import type { Issue, SitemapDocument } from '../model.ts';
import { dayOfKey } from '../w3cDate.ts';
import type { EntryFacts } from './entry.ts';
import { checkPublishRoot, type Reference } from './host.ts';
import { checkSize, DOCUMENT_OVERHEAD } from './size.ts';

/** A counting map with a lazily maintained leader (highest count; ties go to the smaller key, so the result does not depend on edit history). */
export class Histogram<K extends string | number = string> {
  /** Count per key, boxed so that an update is one map lookup. */
  readonly counts = new Map<K, { n: number }>();
  private top: K | null = null;
  private topCount = 0;
  private dirty = false;

  /** @param before tie-break: true when key `a` should lead over `b` at equal counts (default: smaller key). */
  constructor(private readonly before: (a: K, b: K) => boolean = (a, b) => a < b) {}

  /** Adds `delta` (±1) to a key. */
  add(key: K, delta: number): void {
    const box = this.counts.get(key);
    let n = delta;
    if (box !== undefined) {
      n = box.n += delta;
      if (n <= 0) this.counts.delete(key);
    } else if (n > 0) this.counts.set(key, { n });
    if (key === this.top) {
      this.topCount = n;
      if (delta < 0) this.dirty = true;
    } else if (
      !this.dirty &&
      (n > this.topCount || (n === this.topCount && this.top !== null && this.before(key, this.top)))
    ) {
      this.top = key;
      this.topCount = n;
    }
  }

  /** The key with the highest count (ties: any) and its count. */
  leader(): { key: K | null; count: number } {
    if (this.dirty) {
      this.dirty = false;
      this.top = null;
      this.topCount = 0;
      for (const [k, { n }] of this.counts) {
        if (n > this.topCount || (n === this.topCount && this.top !== null && this.before(k, this.top))) {
          this.top = k;
          this.topCount = n;
        }
      }
    }
    return { key: this.top, count: this.topCount };
  }
}

/** Counters over all entries. */
export class DocCounters {
  entries = 0;
  bytes = 0;
  dated = 0;
  dateOnly = 0;
  changefreq = 0;
  priority = 0;
  news = 0;
  offHostImages = 0;
  noXDefault = 0;
  /** By `W3cDate.dayKey`. */
  readonly days = new Histogram<number>();
  readonly priorities = new Histogram();
  /** Origin keys; at equal counts https leads, then the smaller key. */
  readonly origins = new Histogram((a, b) => {
    const ha = a.startsWith('https:');
    return ha !== b.startsWith('https:') ? ha : a < b;
  });
  readonly newsNames = new Histogram();

  /** Adds (sign 1) or removes (sign -1) one entry's facts. */
  apply(f: EntryFacts, sign: 1 | -1): void {
    this.entries += sign;
    this.bytes += sign * f.bytes;
    if (f.day !== null) {
      this.dated += sign;
      this.days.add(f.day, sign);
      if (f.dateOnly) this.dateOnly += sign;
    }
    if (f.hasChangefreq) this.changefreq += sign;
    if (f.hasPriority) this.priority += sign;
    if (f.priority !== null) this.priorities.add(f.priority, sign);
    if (f.origin !== null) this.origins.add(f.origin, sign);
    this.news += sign * f.newsCount;
    if (f.newsName !== null) this.newsNames.add(f.newsName, sign);
    this.offHostImages += sign * f.offHostImages;
    if (f.href && f.href.xDefault === null && f.href.hrefs.length > 1) this.noXDefault += sign;
  }
}

/**
 * "99.7% of entries (1,041 of 1,044)": the share rounded down to one decimal, so it never says
 * 100% unless every entry is counted ("All 1,044 entries").
 *
 * @example shareOf(1041, 1044) // '99.7% of entries (1,041 of 1,044)'
 */
function shareOf(count: number, entries: number): string {
  if (count >= entries) return `All ${fmtInt(entries)} entries`;
  const pct = Math.floor((1000 * count) / entries) / 10;
  return `${pct}% of entries (${fmtInt(count)} of ${fmtInt(entries)})`;
}

function lastmodRules(c: DocCounters, out: Issue[]): void {
  const top = c.days.leader();
  if (c.entries >= 20 && top.key !== null && top.count >= 0.9 * c.entries) {
    out.push({
      rule: 'LASTMOD-007',
      severity: 'warning',
      message: `${shareOf(top.count, c.entries)} share the lastmod date ${dayOfKey(top.key)} — this looks like the build time, not real changes. Use per-page modification dates, or omit lastmod where unknown.`,
    });
  }
  if (c.dated > 0 && c.dateOnly === c.dated) {
    out.push({
      rule: 'LASTMOD-010',
      severity: 'info',
      message:
        'All lastmod values are dates without a time. Valid everywhere, but Bing asks for date, time and zone (e.g. 2024-06-24T09:30:00+00:00) when known.',
    });
  }
}

function metaRules(c: DocCounters, out: Issue[]): void {
  if (c.changefreq > 0)
    out.push({
      rule: 'CF-002',
      severity: 'info',
      message: `${c.changefreq} ${c.changefreq === 1 ? 'entry has' : 'entries have'} changefreq, which Google and Bing ignore. You can omit it on export ("lean output").`,
    });
  if (c.priority > 0)
    out.push({
      rule: 'PRIO-003',
      severity: 'info',
      message: `${c.priority} ${c.priority === 1 ? 'entry has' : 'entries have'} priority, which Google and Bing ignore. You can omit it on export ("lean output").`,
    });
  const top = c.priorities.leader();
  if (c.entries >= 2 && c.priority === c.entries && top.count === c.entries) {
    out.push({
      rule: 'PRIO-002',
      severity: 'info',
      message: `Every entry has the same priority ${top.key}; priority only expresses relative importance, so a uniform value says nothing. Vary it or omit it.`,
    });
  }
}

function extensionRules(c: DocCounters, out: Issue[]): void {
  if (c.news > 1000)
    out.push({
      rule: 'NEWS-004',
      severity: 'error',
      message: `${c.news} news entries; a news sitemap may hold at most 1,000. Split it into several files.`,
    });
  if (c.newsNames.counts.size > 1) {
    const names = [...c.newsNames.counts.keys()].slice(0, 3).join('”, “');
    out.push({
      rule: 'NEWS-008',
      severity: 'warning',
      message: `Several publication names in one file (“${names}”); each must match the name shown in Google News exactly.`,
    });
  }
  if (c.noXDefault > 0)
    out.push({
      rule: 'HREF-009',
      severity: 'info',
      message: `${plural(c.noXDefault, 'entry', 'entries')} with hreflang links ${c.noXDefault === 1 ? 'has' : 'have'} no x-default; consider one for the language selector or auto-redirecting home page.`,
    });
  if (c.offHostImages > 0)
    out.push({
      rule: 'IMG-005',
      severity: 'info',
      message: `${plural(c.offHostImages, 'image')} ${c.offHostImages === 1 ? 'is' : 'are'} on another host than their page (e.g. a CDN). That is fine: verify that host in Search Console and do not block it in robots.txt.`,
    });
}

/**
 * All document-level issues from the counters.
 *
 * @example documentIssues(doc, counters, ref) // [] for a small, healthy urlset
 */
export function documentIssues(doc: SitemapDocument, c: DocCounters, ref: Reference | null): Issue[] {
  const out: Issue[] = [];
  checkSize(doc, c.entries, c.bytes + DOCUMENT_OVERHEAD, out);
  checkPublishRoot(ref, out);
  if (doc.kind !== 'sitemapindex' && doc.kind !== 'robots') {
    lastmodRules(c, out);
    metaRules(c, out);
  }
  extensionRules(c, out);
  const name = doc.source?.fileName;
  if (c.news > 0 && name && /(19|20)\d{2}-?[01]\d-?[0-3]\d/.test(name)) {
    out.push({
      rule: 'NEWS-012',
      severity: 'info',
      message: `The file name “${name}” carries a date: keep one living news sitemap and rewrite it in place instead of creating a new file per update.`,
    });
  }
  if (doc.kind === 'text' && name && !/\.txt(\.gz)?$/i.test(name)) {
    out.push({
      rule: 'TXT-004',
      severity: 'warning',
      message: `Text sitemap “${name}” does not end in .txt; Google asks for a .txt name (or .txt.gz). Export writes sitemap.txt.`,
    });
  }
  return out;
}
