/** Counts in words (core/format.ts), handed on to ui/, which imports only types from core. */
export { fmtInt, plural } from '../core/format.ts';
