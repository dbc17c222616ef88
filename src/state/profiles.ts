/**
 * Severity profiles' names and default, for the settings (ui/ reaches core through state/). A
 * module of its own so that importing them does not load the rule registry (state/rules.ts does).
 */
export { DEFAULT_PROFILE, PROFILE_NAMES, type SeverityProfile } from '../core/rules/profileNames.ts';
