/** Moved to state/rules.ts (ui/ reaches core through state/); kept so older imports compile. */
export { canFix, fixLabel, type RuleDisplay, ruleDisplay } from '../state/rules.ts';
