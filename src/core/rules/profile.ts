/**
 * Severity profiles: which findings are shown on every row. *Search engines* (the default) reports
 * what Google and Bing act on; findings that only matter to an XSD validator (child order,
 * deprecated-but-harmless tags: rules marked `profile: 'strict'` in the registry) become one
 * file-level note each. *Strict (XSD)* reports every finding on its row.
 */

import { fmtInt } from '../format.ts';
import { type Issue, makeIssue } from '../model.ts';
import { DEFAULT_PROFILE, type SeverityProfile } from './profileNames.ts';
import { type RuleId, ruleInfo } from './registry.ts';

export { DEFAULT_PROFILE, PROFILE_NAMES, type SeverityProfile } from './profileNames.ts';

/**
 * True when `profile` shows issues of `rule` as one file-level note instead of one per row.
 *
 * @example isQuiet('XML-006', 'search') === true; isQuiet('XML-006', 'strict') === false
 */
export function isQuiet(rule: string, profile: SeverityProfile | undefined): boolean {
  return (profile ?? DEFAULT_PROFILE) === 'search' && ruleInfo(rule)?.profile === 'strict';
}

/** A note's text for `n` ("1 URL", "12 URLs"); `one`: the verb agrees with a single URL. */
const NOTE_TEXT: Readonly<Record<string, (n: string, one: boolean) => string>> = {
  'XML-006': (n, one) =>
    `${n} ${one ? 'lists its' : 'list their'} children out of XSD order (loc, lastmod, changefreq, priority). Search engines ignore the order; only XSD validators care.`,
  'IMG-008': (n, one) =>
    `${n} ${one ? 'lists' : 'list'} image children out of XSD order (loc, caption, geo_location, title, license). Search engines ignore the order; only XSD validators care.`,
  'IMG-006': (n, one) =>
    `${n} ${one ? 'carries' : 'carry'} deprecated image tags (caption, title, geo_location, license). Google ignores them since August 2022; they are harmless.`,
};

/**
 * The file-level note standing for `entries` rows with issues of a quiet rule (severity info).
 *
 * @example profileNote('XML-006', 12).message.startsWith('12 URLs list their children')
 */
export function profileNote(rule: RuleId, entries: number): Issue {
  const n = `${fmtInt(entries)} ${entries === 1 ? 'URL' : 'URLs'}`;
  const one = entries === 1;
  const text =
    NOTE_TEXT[rule]?.(n, one) ??
    `${n} ${one ? 'has' : 'have'} ${rule} findings that only matter to XSD validators.`;
  return makeIssue(rule, 'info', `${text} Switch the profile to Strict (XSD) to see each row.`);
}
