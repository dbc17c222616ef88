/**
 * The severity profiles' names and default, with no dependency: settings code (the settings
 * panel, the re-check's messages) uses them without loading the rule registry, which stays out of
 * the app's first chunk (src/entryGraph.test.ts). What each profile does is in profile.ts.
 */

/** The two profiles. */
export type SeverityProfile = 'search' | 'strict';

/** The profile used when settings name none. */
export const DEFAULT_PROFILE: SeverityProfile = 'search';

/** Names shown in the settings. @example PROFILE_NAMES.search === 'Search engines' */
export const PROFILE_NAMES: Readonly<Record<SeverityProfile, string>> = {
  search: 'Search engines',
  strict: 'Strict (XSD)',
};
