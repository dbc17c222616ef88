/** File-name rules the UI reads (core fileStem.ts is their one home). */
export { fileStem } from '../core/fileStem.ts';
