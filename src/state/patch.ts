/** The change type lives in core (core/patch.ts); re-exported here for state/ and older imports. */
export * from '../core/patch.ts';
