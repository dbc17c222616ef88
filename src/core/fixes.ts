/**
 * Automatic fixes for rules with an unambiguous correction; state/ looks them up here directly.
 * Fixes are pure: an issue plus context in, full replacement entries (matched by id) and/or ids to remove out.
 * Inputs are never mutated.
 */

import { CRAWL_FIX_LABELS, crawlFix } from './crawl/fixes.ts';
import type { CrawlJoin } from './crawl/join.ts';
import { readRows } from './lazyEntries.ts';
import type { Entry, Issue, SitemapDocument, ValidationSettings } from './model.ts';
import { idIndexOf } from './patch.ts';
import { CHANGEFREQ, changefreqSynonym } from './rules/changefreq.ts';
import { normKey } from './rules/duplicates.ts';
import { entryAt, keeperOf, mergeEntries, ownCode, withLink } from './rules/entryFixes.ts';
import { getField, mapNode, setField } from './rules/fieldPath.ts';
import { correctHreflang } from './rules/languageCodes.ts';
import { clampPriority, commaPriority } from './rules/priority.ts';
import type { RuleId } from './rules/registry.ts';
import {
  dropFragment,
  makeAbsolute,
  otherWebScheme,
  stripCredentials,
  stripTracking,
} from './rules/urlFixes.ts';
import { stripForbidden, unescapeOnce } from './rules/values.ts';
import { encodeUrl, hasEdgeSpace, scanUrl, trimValue, withScheme } from './urls.ts';
import { convertToW3c, needsDayMonthOrder, parseW3cDate } from './w3cDate.ts';

/** What a fix may read. */
export interface FixContext {
  document: SitemapDocument;
  settings: ValidationSettings;
  /** The crawl join, for the CRAWL fixes (absent: they do nothing). */
  crawl?: CrawlJoin | null;
}

/** Replacement entries (full objects, matched by id) and/or entry ids to remove. */
export interface FixResult {
  update?: Entry[];
  remove?: number[];
}

/** What a fix may need from the user before it can run on an issue. */
export type FixNeed = 'publishUrl' | 'dateOrder';

/** An automatic fix for one rule. */
export interface Fix {
  rule: string;
  /** Button label, e.g. "Trim whitespace". */
  label: string;
  apply(issue: Issue, ctx: FixContext): FixResult | null;
  /** What the user must provide before `apply` can fix this issue; null when nothing is missing. */
  needs(issue: Issue, ctx: FixContext): FixNeed | null;
  /**
   * Why the fix removes a row when it does, for one row and for several ("its clean URL is
   * already listed"); absent when removing is what the label says.
   */
  removes?: { one: string; many: string };
}

type Get = (id: number) => Entry | undefined;
/**
 * `claimed`: within one Fix all, the URLs earlier rows were rewritten to (URL → entry id), so
 * that two rows cleaned to the same URL become one row rather than two.
 */
type Impl = (
  issue: Issue,
  e: Entry,
  ctx: FixContext,
  get: Get,
  claimed?: Map<string, number>,
) => FixResult | null;

/** Fix that maps the value at the issue's field; null result or unchanged value = no fix. */
function valueFix(fn: (v: string, ctx: FixContext) => string | undefined | null): Impl {
  return (issue, e, ctx) => {
    const field = issue.field ?? 'loc';
    const v = getField(e, field);
    if (v === undefined) return null;
    const next = fn(v, ctx);
    if (next === null || next === v) return null;
    return { update: [setField(e, field, next)] };
  };
}

const trimFirst = (fn: (v: string, ctx: FixContext) => string | undefined | null) =>
  valueFix((v, ctx) => (hasEdgeSpace(v) ? trimValue(v) : fn(trimValue(v), ctx)));

const mergeDuplicate: Impl = (issue, e, ctx, get) => {
  const pub = ctx.settings.publishUrl?.trim();
  if (issue.rule === 'IDX-007' && pub && trimValue(e.loc) === pub) return { remove: [e.id] };
  const keep = keeperOf(ctx.document, e, get);
  return keep ? { update: [mergeEntries(keep, e)], remove: [e.id] } : null;
};

/** Rules whose fix removes a duplicate row, merging what it adds into the row kept. */
export const MERGE_RULES: ReadonlySet<string> = new Set(['LOC-006', 'IDX-007']);

/** Why a merge fix removes a row (`Fix.removes`). */
const REPEATS = {
  one: 'it repeats the URL of an earlier row, which is kept',
  many: 'they repeat the URLs of earlier rows, which are kept',
};

const addReturnLink: Impl = (issue, e, ctx, get) => {
  const href = issue.field ? getField(e, issue.field) : undefined;
  if (!href || !issue.field?.endsWith('.href')) return null;
  const target = entryAt(ctx.document, href);
  const other = target !== undefined ? get(target) : undefined;
  const code = ownCode(e, ctx.document);
  if (!other || !code) return null;
  return { update: [withLink(other, code, trimValue(e.loc))] };
};

const addSelfLink: Impl = (_issue, e, ctx) => {
  const code = ownCode(e, ctx.document);
  return code ? { update: [withLink(e, code, trimValue(e.loc))] } : null;
};

const dropImageDeprecated: Impl = (issue, e) => {
  const i = Number(issue.field?.split('.')[1]);
  const im = e.images?.[i];
  if (!im) return null;
  const images = [...e.images!];
  images[i] = { loc: im.loc, ...(im.extras ? { extras: im.extras } : {}) };
  return { update: [{ ...e, images }] };
};

const dropDuplicateImage: Impl = (issue, e) => {
  const i = Number(issue.field?.split('.')[1]);
  if (!e.images?.[i]) return null;
  return { update: [{ ...e, images: e.images.filter((_, j) => j !== i) }] };
};

const dropDeprecatedVideo: Impl = (issue, e) => {
  if (issue.severity !== 'warning' || !issue.field) return null;
  if (issue.field.endsWith('.player_loc')) {
    return {
      update: [
        mapNode(e, issue.field, (n) => ({
          ...n,
          attrs: Object.fromEntries(
            Object.entries(n.attrs ?? {}).filter(([k]) => k !== 'allow_embed' && k !== 'autoplay'),
          ),
        })),
      ],
    };
  }
  const [, i, name] = issue.field.split('.');
  const v = e.videos?.[Number(i)];
  if (!v) return null;
  const videos = [...e.videos!];
  videos[Number(i)] = { nodes: v.nodes.filter((n) => n.name !== name) };
  return { update: [{ ...e, videos }] };
};

/** An edited entry is written in XSD order: a copy re-prints it (validate.ts drops XML-006 on edit). */
const reorderEntry: Impl = (_issue, e) => ({ update: [{ ...e }] });

/**
 * ENC-005: the value holds a literal `&` already (read so, IMP-010) and every export writes it as
 * `&amp;`; the fix takes the finding off the row (an edited entry keeps no ENC-005, keptParse.ts).
 */
const escapeAmpersand: Impl = (_issue, e) => ({ update: [{ ...e }] });

const reorderImage: Impl = (issue, e) => {
  const i = Number(issue.field?.split('.')[1]);
  return e.images?.[i] ? { update: [{ ...e, images: [...e.images] }] } : null;
};

/** The entry already listing `url` (exactly, or as the same resource: `keeperOf`), other than `self`. */
function listedAt(
  ctx: FixContext,
  self: Entry,
  url: string,
  get: Get,
  claimed: Map<string, number> | undefined,
): Entry | null {
  for (const id of [claimed?.get(url), entryAt(ctx.document, url)]) {
    const k = id === undefined || id === self.id ? undefined : get(id);
    if (k && trimValue(k.loc) === url) return k;
  }
  const k = keeperOf(ctx.document, { ...self, loc: url }, get);
  const key = normKey(scanUrl(url));
  return k && k.id !== self.id && key !== '' && normKey(scanUrl(trimValue(k.loc))) === key ? k : null;
}

/**
 * LOC-008 / LOC-009 / HOST-002: the loc cleaned by `clean`; where the clean URL is listed already, the row is
 * merged into that entry and removed (rewriting it would make a duplicate, LOC-006).
 */
function cleanLoc(clean: (v: string) => string): Impl {
  const rewrite = trimFirst(clean);
  return (issue, e, ctx, get, claimed) => {
    if ((issue.field ?? 'loc') !== 'loc' || hasEdgeSpace(e.loc)) return rewrite(issue, e, ctx, get);
    const next = clean(e.loc);
    if (next === e.loc) return null;
    const keep = listedAt(ctx, e, next, get, claimed);
    if (keep) {
      const merged = mergeEntries(keep, e);
      return merged === keep ? { remove: [e.id] } : { update: [merged], remove: [e.id] };
    }
    claimed?.set(next, e.id);
    return { update: [{ ...e, loc: next }] };
  };
}

const SCHEMES = new WeakMap<readonly Entry[], string>();

/**
 * The scheme a line without one gets (TXT-001): the publish URL's, else the one most of the
 * file's URLs use (so HOST-002 agrees), else https. Counted once per entries array.
 */
function siteScheme(ctx: FixContext): string {
  const pub = ctx.settings.publishUrl ? scanUrl(trimValue(ctx.settings.publishUrl))?.scheme : undefined;
  if (pub === 'http' || pub === 'https') return pub;
  const entries = ctx.document.entries;
  let scheme = SCHEMES.get(entries);
  if (scheme === undefined) {
    let http = 0;
    let https = 0;
    const rows = readRows(entries);
    for (let i = 0; i < entries.length; i++) {
      const v = rows.loc(i).trimStart();
      if (v.startsWith('https://')) https++;
      else if (v.startsWith('http://')) http++;
    }
    scheme = http > https ? 'http' : 'https';
    SCHEMES.set(entries, scheme);
  }
  return scheme;
}

/**
 * TXT-001: a line that is a URL missing only its scheme gets it; a relative path is resolved
 * against the publish URL (waits for one); any other line is not a URL and is removed.
 */
const repairLine: Impl = (_issue, e, ctx) => {
  const v = trimValue(e.loc);
  if (v === '') return null;
  const fixed = withScheme(v, siteScheme(ctx));
  if (fixed !== null) return { update: [{ ...e, loc: fixed }] };
  if (v.startsWith('//')) return null;
  if (v.startsWith('/') || v.startsWith('.')) {
    const abs = makeAbsolute(v, ctx.settings.publishUrl);
    return abs === null ? null : { update: [{ ...e, loc: abs }] };
  }
  return { remove: [e.id] };
};

/** Video elements holding a URL (VID-006 checks them as it checks a `<loc>`). */
const VIDEO_URLS = new Set(['thumbnail_loc', 'content_loc', 'player_loc']);

/**
 * The entry's relative hreflang hrefs, image and video URLs resolved against the same publish URL
 * as its loc: a generator that writes `<loc>/about/</loc>` writes its links the same way (Hugo), and
 * resolving the loc alone would leave `href="/about/"` behind, no longer matching it (HREF-005).
 * Absolute URLs and those with no safe reading are kept.
 */
function resolveEntryUrls(e: Entry, publishUrl: string | undefined): Entry {
  const abs = (v: string | undefined) => (v === undefined ? null : makeAbsolute(v, publishUrl));
  let out = e;
  const alternates = e.alternates?.map((a) => {
    const href = abs(a.href);
    return href === null || href === a.href ? a : { ...a, href };
  });
  if (alternates?.some((a, i) => a !== e.alternates![i])) out = { ...out, alternates };
  const images = e.images?.map((im) => {
    const loc = abs(im.loc);
    return loc === null || loc === im.loc ? im : { ...im, loc };
  });
  if (images?.some((im, i) => im !== e.images![i])) out = { ...out, images };
  const videos = e.videos?.map((v) => {
    const nodes = v.nodes.map((n) => {
      const text = VIDEO_URLS.has(n.name) ? abs(n.text) : null;
      return text === null || text === n.text ? n : { ...n, text };
    });
    return nodes.some((n, i) => n !== v.nodes[i]) ? { ...v, nodes } : v;
  });
  if (videos?.some((v, i) => v !== e.videos![i])) out = { ...out, videos };
  return out;
}

/** LOC-001: the loc made absolute, and the entry's other relative URLs with it (resolveEntryUrls). */
const absoluteLoc: Impl = (issue, e, ctx) => {
  const field = issue.field ?? 'loc';
  const v = getField(e, field);
  const next = v === undefined ? null : makeAbsolute(v, ctx.settings.publishUrl);
  if (next === null || next === v) return null;
  const out = setField(e, field, next);
  return { update: [field === 'loc' ? resolveEntryUrls(out, ctx.settings.publishUrl) : out] };
};

const isRelative = (v: string) =>
  !/^[a-z][a-z0-9+.-]*:/i.test(trimValue(v)) && !trimValue(v).startsWith('//');

/**
 * LASTMOD-002: `2024-06-24T09:30:00` (a time, no zone) → `2024-06-24`. Which zone the time was
 * recorded in is not known and is never guessed (OUT-006); the date it was written on stays.
 */
function dateOfZonelessTime(v: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.exec(v);
  return m && parseW3cDate(m[1]).ok ? m[1] : null;
}

/** What an issue's fix waits for (rule → test on the issue's value and the settings). */
const NEEDS: Record<string, (v: string, ctx: FixContext) => FixNeed | null> = {
  'LOC-001': (v, ctx) => (!ctx.settings.publishUrl && isRelative(v) ? 'publishUrl' : null),
  'HREF-003': (v, ctx) => (!ctx.settings.publishUrl && isRelative(v) ? 'publishUrl' : null),
  'TXT-001': (v, ctx) => {
    const t = trimValue(v);
    return !ctx.settings.publishUrl && (t.startsWith('/') || t.startsWith('.')) && !t.startsWith('//')
      ? 'publishUrl'
      : null;
  },
  'LASTMOD-001': (v, ctx) => (!ctx.settings.dateOrder && needsDayMonthOrder(v) ? 'dateOrder' : null),
};

/** A CRAWL fix of one entry (needs `ctx.crawl`; Fix all runs them together: `crawlPlan`). */
function crawlImpl(rule: RuleId): Impl {
  return (_issue, e, ctx) => {
    const join = ctx.crawl;
    if (!join) return null;
    const r = crawlFix(rule, [e], join, (x) => join.match(x.loc)?.row ?? -1);
    return r.update || r.remove ? r : null;
  };
}

/** Why LOC-008 / LOC-009 remove a row (`Fix.removes`). */
const ALREADY_LISTED = { one: 'its clean URL is already listed', many: 'their clean URL is already listed' };

/** Why HOST-002 removes a row (`Fix.removes`). */
const ON_SCHEME_LISTED = {
  one: 'its URL on the sitemap’s scheme is already listed',
  many: 'their URLs on the sitemap’s scheme are already listed',
};

/** Fixes by rule (a fixable rule in the registry is one with an entry here). */
const FIXES: {
  readonly [R in RuleId]?: [label: string, impl: Impl, removes?: { one: string; many: string }];
} = {
  'LOC-005': ['Trim whitespace', valueFix((v) => trimValue(v))],
  'TXT-005': ['Trim whitespace', valueFix((v) => trimValue(v))],
  'LOC-001': ['Make the URL absolute', absoluteLoc],
  'XML-006': ['Reorder children as the XSD wants', reorderEntry],
  'IMG-008': ['Reorder children as the XSD wants', reorderImage],
  'TXT-001': [
    'Add the missing scheme; remove lines that are not URLs',
    repairLine,
    { one: 'it is not a URL', many: 'they are not URLs' },
  ],
  'LOC-003': ['Percent-encode the URL', trimFirst((v) => encodeUrl(v))],
  'LOC-004': ['Percent-encode the URL', trimFirst((v) => encodeUrl(v))],
  'LOC-008': ['Remove the #fragment', cleanLoc(dropFragment), ALREADY_LISTED],
  'LOC-009': ['Remove tracking parameters', cleanLoc(stripTracking), ALREADY_LISTED],
  'LOC-010': ['Remove credentials', trimFirst((v) => stripCredentials(v))],
  'HOST-002': ['Use the sitemap’s scheme', cleanLoc(otherWebScheme), ON_SCHEME_LISTED],
  'LOC-006': ['Remove the duplicate, keeping the first row', mergeDuplicate, REPEATS],
  'IDX-007': ['Remove the duplicate', mergeDuplicate, REPEATS],
  'ENC-005': ['Write “&” as &amp; (the export escapes it)', escapeAmpersand],
  'ENC-007': ['Unescape once', valueFix((v) => unescapeOnce(v))],
  'ENC-008': ['Remove forbidden characters', valueFix((v) => stripForbidden(v))],
  'TXT-003': ['Unescape entity text', valueFix((v) => unescapeOnce(v))],
  'LASTMOD-001': [
    'Convert to W3C format',
    trimFirst((v, ctx) => {
      const c = convertToW3c(v, ctx.settings.dateOrder);
      // Never invent a zone (OUT-006): a time written without one keeps its date only.
      return c ? (c.assumedZone ? c.value.slice(0, 10) : c.value) : null;
    }),
  ],
  'LASTMOD-002': ['Keep the date (the time has no zone)', trimFirst(dateOfZonelessTime)],
  'LASTMOD-005': ['Add :00 seconds', trimFirst((v) => convertToW3c(v)?.value ?? null)],
  'LASTMOD-009': ['Remove the empty lastmod', valueFix(() => undefined)],
  'CF-001': [
    'Use the keyword',
    valueFix((v) => {
      const t = trimValue(v);
      if (t === '') return undefined;
      return CHANGEFREQ.has(t.toLowerCase()) ? t.toLowerCase() : changefreqSynonym(t);
    }),
  ],
  'PRIO-001': [
    'Fix the priority',
    valueFix((v) => {
      const t = trimValue(v);
      return t === '' ? undefined : t !== v ? t : (commaPriority(t) ?? clampPriority(t));
    }),
  ],
  'HREF-003': ['Make the URL absolute', valueFix((v, ctx) => makeAbsolute(v, ctx.settings.publishUrl))],
  'HREF-004': ['Correct the language code', valueFix((v) => correctHreflang(v))],
  'HREF-005': ['Add a self-referencing link', addSelfLink],
  'HREF-006': ['Add the missing return link', addReturnLink],
  'IMG-006': ['Drop deprecated image tags', dropImageDeprecated],
  'IMG-007': ['Remove the duplicate image', dropDuplicateImage],
  'VID-013': [
    'Use lowercase yes/no',
    valueFix((v) => {
      const t = trimValue(v).toLowerCase();
      return t === 'yes' || t === 'no' ? t : null;
    }),
  ],
  'VID-019': ['Remove deprecated video tags', dropDeprecatedVideo],
  'CRAWL-001': [CRAWL_FIX_LABELS['CRAWL-001'], crawlImpl('CRAWL-001')],
  'CRAWL-002': [CRAWL_FIX_LABELS['CRAWL-002'], crawlImpl('CRAWL-002')],
  'CRAWL-003': [CRAWL_FIX_LABELS['CRAWL-003'], crawlImpl('CRAWL-003')],
  'CRAWL-004': [CRAWL_FIX_LABELS['CRAWL-004'], crawlImpl('CRAWL-004')],
  'CRAWL-005': [CRAWL_FIX_LABELS['CRAWL-005'], crawlImpl('CRAWL-005')],
  'CRAWL-008': [CRAWL_FIX_LABELS['CRAWL-008'], crawlImpl('CRAWL-008')],
};

function needOf(issue: Issue, ctx: FixContext, byId: ById): FixNeed | null {
  const test = Object.hasOwn(NEEDS, issue.rule) ? NEEDS[issue.rule] : null;
  if (test === null || issue.entry === undefined) return null;
  const e = byId.get(issue.entry);
  const v = e ? getField(e, issue.field ?? 'loc') : undefined;
  return v === undefined ? null : test(v, ctx);
}

function run(
  impl: Impl,
  issue: Issue,
  ctx: FixContext,
  get: Get,
  claimed?: Map<string, number>,
): FixResult | null {
  if (issue.entry === undefined) return null;
  const e = get(issue.entry);
  return e ? impl(issue, e, ctx, get, claimed) : null;
}

/** id → entry lookups of one document. */
interface ById {
  get(id: number): Entry | undefined;
}

/**
 * id → entry through the document's id index (core/patch.ts `idIndexOf`): cached per entries
 * array and handed on by an edit that keeps positions, so a lookup after a cell edit costs
 * nothing at 1,000,000 rows (a `Map` of every entry per array cost ~100 ms there, and the
 * Issues panel asks for each rule's Fix all outlook after every change).
 */
function entriesById(doc: SitemapDocument): ById {
  const entries = doc.entries;
  const at = idIndexOf(entries);
  return {
    get: (id) => {
      const i = id >= 0 && id < at.length ? at[id] : -1;
      return i >= 0 ? entries[i] : undefined;
    },
  };
}

const REGISTRY = new Map<string, Fix>(
  Object.entries(FIXES).map(([rule, [label, impl, removes]]) => [
    rule,
    {
      rule,
      label,
      ...(removes ? { removes } : {}),
      apply(issue: Issue, ctx: FixContext): FixResult | null {
        const byId = entriesById(ctx.document);
        return run(impl, issue, ctx, (id) => byId.get(id));
      },
      needs(issue: Issue, ctx: FixContext): FixNeed | null {
        return needOf(issue, ctx, entriesById(ctx.document));
      },
    },
  ]),
);

/** The fix for a rule, if it has one. @example getFix('LOC-005')?.label === 'Trim whitespace' */
export function getFix(rule: string): Fix | undefined {
  return REGISTRY.get(rule);
}

/** What "Fix all" of one rule would do: the result, and counts to show before applying it. */
export interface FixPlan {
  result: FixResult;
  /** Rows the result changes or removes. */
  rows: number;
  /** Of `rows`: rows it removes. */
  removed: number;
  /** Issues the fix cannot handle (their value has no safe correction, or input is missing). */
  cannot: number;
  /** Of `cannot`: issues waiting for the user's input, by what they need. */
  needs: Partial<Record<FixNeed, number>>;
}

/**
 * Plans a rule's fix over many issues as one step: later fixes see earlier results (e.g. two
 * duplicates merged into the same first entry). Issues of other rules are ignored.
 *
 * @example planFixAll('PRIO-001', issues, ctx) // { rows: 3, cannot: 1, needs: {}, result: {...} }
 */
export function planFixAll(rule: string, issues: readonly Issue[], ctx: FixContext): FixPlan {
  if (Object.hasOwn(CRAWL_FIX_LABELS, rule)) return crawlPlan(rule, issues, ctx);
  const impl = FIXES[rule as RuleId]?.[1];
  const plan: FixPlan = { result: {}, rows: 0, removed: 0, cannot: 0, needs: {} };
  if (!impl) return plan;
  const base = entriesById(ctx.document);
  const changed = new Map<number, Entry>();
  const removed = new Set<number>();
  const get: Get = (id) => (removed.has(id) ? undefined : (changed.get(id) ?? base.get(id)));
  const claimed = new Map<string, number>();
  for (const issue of issues) {
    if (issue.rule !== rule) continue;
    const r = run(impl, issue, ctx, get, claimed);
    if (!r || (!r.update?.length && !r.remove?.length)) {
      // An earlier issue's fix already rewrote this row (e.g. all deprecated tags of one image).
      if (issue.entry !== undefined && (changed.has(issue.entry) || removed.has(issue.entry))) continue;
      plan.cannot++;
      const need = needOf(issue, ctx, base);
      if (need) plan.needs[need] = (plan.needs[need] ?? 0) + 1;
      continue;
    }
    // An update that hands back the row as it is (a duplicate with nothing to merge) changes nothing.
    for (const e of r.update ?? []) if (e !== get(e.id)) changed.set(e.id, e);
    for (const id of r.remove ?? []) {
      removed.add(id);
      changed.delete(id);
    }
  }
  if (changed.size > 0) plan.result.update = [...changed.values()];
  if (removed.size > 0) plan.result.remove = [...removed];
  plan.rows = changed.size + removed.size;
  plan.removed = removed.size;
  return plan;
}

/** Rows {@link fixAllOutlook} looks at before it offers the button without knowing. */
export const OUTLOOK_MAX_ROWS = 2_000;

/** Whether a rule's Fix all can do anything: `fix` a row now, only once input `needs` is given, or `none`. */
export type FixAllOutlook = 'fix' | 'needs' | 'none';

/**
 * What Fix all of a rule would come to, stopping at the first issue it can fix: decides whether a
 * "Fix all" button is offered (a rule with a fix whose rows all lack a safe correction gets none).
 *
 * @example fixAllOutlook('HREF-005', issues, ctx) // 'none' when no entry's own language is known
 */
export function fixAllOutlook(rule: string, issues: Iterable<Issue>, ctx: FixContext): FixAllOutlook {
  const impl = FIXES[rule as RuleId]?.[1];
  if (!impl) return 'none';
  const byId = entriesById(ctx.document);
  const get: Get = (id) => byId.get(id);
  let waits = false;
  let looked = 0;
  for (const issue of issues) {
    if (issue.rule !== rule) continue;
    // Bounded: the panel asks after every change. Past this many rows without an answer, offer
    // the button (its preview counts exactly, as before this outlook existed).
    if (++looked > OUTLOOK_MAX_ROWS) return 'fix';
    const r = run(impl, issue, ctx, get);
    if (r && (r.update?.length || r.remove?.length)) return 'fix';
    if (!waits && needOf(issue, ctx, byId) !== null) waits = true;
  }
  return waits ? 'needs' : 'none';
}

/**
 * A CRAWL rule's Fix all: one `crawlFix` over the issues' entries, so a redirect or canonical
 * target is claimed by one entry only. Without crawl data nothing can be fixed.
 */
function crawlPlan(rule: string, issues: readonly Issue[], ctx: FixContext): FixPlan {
  const plan: FixPlan = { result: {}, rows: 0, removed: 0, cannot: 0, needs: {} };
  const byId = entriesById(ctx.document);
  const entries: Entry[] = [];
  for (const i of issues) {
    const e = i.rule === rule && i.entry !== undefined ? byId.get(i.entry) : undefined;
    if (e) entries.push(e);
  }
  const join = ctx.crawl;
  if (join) plan.result = crawlFix(rule, entries, join, (e) => join.match(e.loc)?.row ?? -1);
  plan.removed = plan.result.remove?.length ?? 0;
  plan.rows = (plan.result.update?.length ?? 0) + plan.removed;
  plan.cannot = entries.length - plan.rows;
  return plan;
}

/**
 * Applies a rule's fix to many issues as one step (`planFixAll(...).result`).
 *
 * @example fixAll('LOC-005', issues, ctx) // { update: [...trimmed entries] }
 */
export function fixAll(rule: string, issues: readonly Issue[], ctx: FixContext): FixResult {
  return planFixAll(rule, issues, ctx).result;
}
