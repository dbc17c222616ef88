/**
 * hreflang cluster rules that need other entries: HREF-006 (return links), HREF-007 (same set on
 * every member), HREF-009 (conflicting x-default across members). Near-linear: an entry looks up
 * the entries at its hrefs through the loc index and checks "B lists A" through the href index.
 */
import { type Entry, type Issue, makeIssue } from '../model.ts';
import { trimValue } from '../urls.ts';
import { show, whereIs } from './common.ts';
import { type HreflangFacts, sameLinks } from './hreflang.ts';
import { nearListed } from './nearUrl.ts';
import type { RuleId } from './registry.ts';

/** What cluster checks read from the validator. `hash` arguments are the URL's `familyHash`. */
export interface ClusterIndex {
  /** Id of the first entry whose trimmed loc is exactly the given URL, undefined when none. */
  locOf(href: string, hash: number): number | undefined;
  /** True when some entry's trimmed loc has this family hash (`locOf` finds nothing under it otherwise). */
  anyAt(hash: number): boolean;
  /** Ids of the entries listing `loc` as an hreflang href (not counting an entry whose own loc it is). */
  listersOf(loc: string, hash: number): readonly number[];
  /** True when entry `id` lists `loc` as an hreflang href and `loc` is not its own loc. */
  lists(id: number, loc: string): boolean;
  /** `familyHash` of an entry's trimmed loc. */
  hashOf(id: number): number;
  entry(id: number): Entry | undefined;
  /** Document order of an entry (smaller = earlier); picks among several candidates are by this order. */
  order(id: number): number;
  hreflang(id: number): HreflangFacts | null;
}

/**
 * The HREF-006 note of an entry whose alternates name pages no loaded entry is at (`where`: this
 * file, or the files read together), so their return links cannot be checked.
 *
 * @example unloadedAlternatesMessage(1, 'this file') // '1 alternate URL has no entry in this file, …'
 */
export function unloadedAlternatesMessage(missing: number, where: string): string {
  return `${missing} alternate URL${missing > 1 ? 's have' : ' has'} no entry in ${where}, so return links cannot be checked here; load the sibling sitemaps to verify.`;
}

/**
 * A file's own issues with its HREF-006 notes revised by the cross-file pass (`unloaded`: one
 * file's map of `unloadedAlternates` (workspace/duplicates.ts), keyed as the issues' `entry`): a
 * note is withdrawn when every alternate is in a file read together with it, else counts only
 * the alternates still not loaded (`where`: those files, in the note's words).
 *
 * @example reviseUnloadedNotes(report.issues, unloadedAlternates(ix).get(f) ?? new Map())
 */
export function reviseUnloadedNotes<
  T extends Pick<Issue, 'severity' | 'entry' | 'message'> & { rule: string },
>(issues: readonly T[], unloaded: ReadonlyMap<number, number>, where = 'the files read'): T[] {
  const out: T[] = [];
  for (const i of issues) {
    const left = i.entry === undefined ? undefined : unloaded.get(i.entry);
    if (left === undefined || !isUnloadedNote(i)) out.push(i);
    else if (left > 0) out.push({ ...i, message: unloadedAlternatesMessage(left, where) });
  }
  return out;
}

/** `unloadedAlternatesMessage(missing, 'this file')`, made once per count (one string for the many notes of a file). */
const UNLOADED_HERE: string[] = [];
function unloadedHere(missing: number): string {
  let m = UNLOADED_HERE[missing];
  if (m === undefined) {
    m = unloadedAlternatesMessage(missing, 'this file');
    if (missing < 64) UNLOADED_HERE[missing] = m;
  }
  return m;
}

/** True for the per-file HREF-006 note of alternates with no entry in the file (an info). */
export function isUnloadedNote(i: { rule: string; severity: Issue['severity'] }): boolean {
  return i.rule === 'HREF-006' && i.severity === 'info';
}

function issue(e: Entry, rule: RuleId, severity: Issue['severity'], message: string, field: string): Issue {
  return makeIssue(rule, severity, message, { entry: e.id, field, line: e.line });
}

function fieldOfHref(e: Entry, href: string): string {
  const alts = e.alternates ?? [];
  for (let i = 0; i < alts.length; i++)
    if (trimValue(alts[i].href ?? '') === href) return `alternates.${i}.href`;
  return 'alternates';
}

const NO_LISTERS: readonly number[] = [];

/** The earliest id (document order) satisfying `pred`, undefined when none. */
function earliest(
  ids: readonly number[],
  ix: ClusterIndex,
  pred: (id: number) => boolean,
): number | undefined {
  let best: number | undefined;
  for (const id of ids) if (pred(id) && (best === undefined || ix.order(id) < ix.order(best))) best = id;
  return best;
}

/** Issues for an entry that is listed by others but has no hreflang links itself. */
function unlisted(e: Entry, ix: ClusterIndex, out: Issue[]): void {
  const loc = trimValue(e.loc);
  const first = earliest(ix.listersOf(loc, ix.hashOf(e.id)), ix, (id) => id !== e.id);
  if (first === undefined) return;
  const other = ix.entry(first);
  const by = other ? whereIs(other) : 'another entry';
  out.push(
    issue(
      e,
      'HREF-007',
      'warning',
      `This page is listed as an alternate by ${by} but has no hreflang links itself; give it the same set of links.`,
      'alternates',
    ),
  );
}

/**
 * Cluster issues of one entry.
 *
 * @example clusterIssues(enEntry, index, out) // /de/ does not list /en/ → HREF-006 on /en/'s link to /de/
 */
export function clusterIssues(e: Entry, ix: ClusterIndex, out: Issue[]): void {
  const facts = ix.hreflang(e.id);
  if (!facts) {
    unlisted(e, ix, out);
    return;
  }
  const loc = trimValue(e.loc);
  let missing = 0;
  let setReported = false;
  let xReported = false;
  for (let k = 0; k < facts.hrefs.length; k++) {
    const href = facts.hrefs[k];
    if (href === loc) continue;
    const hash = facts.hashes[k];
    const id = ix.locOf(href, hash);
    if (id === undefined) {
      // A listed URL but for a trailing slash, the host's case or a default port (same family
      // hash): the user meant that page, and Google takes the href for another one. No loc of
      // that family at all (the alternates of a file that lists one language): no near form
      // either, and none is made (the forms' URLs were ~10% of the 50 MB worst case's validation).
      const near = ix.anyAt(hash) ? nearListed(href, (u) => ix.locOf(u, hash) !== undefined) : null;
      if (near === null) missing++;
      else
        out.push(
          issue(
            e,
            'HREF-007',
            'warning',
            `No entry is at ${show(href, 60)}, but the sitemap lists ${near.loc} (${near.why}): Google takes them for two pages. Link to the listed URL exactly.`,
            fieldOfHref(e, href),
          ),
        );
      continue;
    }
    const other = ix.entry(id);
    if (!other || other.id === e.id) continue;
    if (!ix.lists(other.id, loc)) {
      out.push(
        issue(
          e,
          'HREF-006',
          'error',
          `No return link: ${show(href, 60)} (${whereIs(other)}) does not link back to this page, so Google ignores the pair. Add the missing link there.`,
          fieldOfHref(e, href),
        ),
      );
    }
    const of = ix.hreflang(other.id);
    if (!setReported && of && !sameLinks(of, facts)) {
      setReported = true;
      out.push(
        issue(
          e,
          'HREF-007',
          'warning',
          `The hreflang links differ from those of ${whereIs(other)}; every page of a cluster should carry the identical set.`,
          'alternates',
        ),
      );
    }
    if (!xReported && of && of.xDefault && facts.xDefault && of.xDefault !== facts.xDefault) {
      xReported = true;
      out.push(
        issue(
          e,
          'HREF-009',
          'error',
          `Conflicting x-default: this page says ${show(facts.xDefault, 50)}, ${whereIs(other)} says ${show(of.xDefault, 50)}; use one x-default per cluster.`,
          'alternates',
        ),
      );
    }
  }
  // Pages listing this one (none in most files: self links are not filed) with another set.
  const listers = setReported ? NO_LISTERS : ix.listersOf(loc, ix.hashOf(e.id));
  if (listers.length > 0) {
    const differs = (id: number): boolean => {
      const of = id === e.id ? null : ix.hreflang(id);
      return of !== null && !sameLinks(of, facts);
    };
    const first = earliest(listers, ix, differs);
    const other = first === undefined ? undefined : ix.entry(first);
    if (other) {
      out.push(
        issue(
          e,
          'HREF-007',
          'warning',
          `The hreflang links differ from those of ${whereIs(other)}, which lists this page; every page of a cluster should carry the identical set.`,
          'alternates',
        ),
      );
    }
  }
  if (missing > 0) {
    out.push(issue(e, 'HREF-006', 'info', unloadedHere(missing), 'alternates'));
  }
}
