/** PRIO-001 (SITEMAP-RULES.md 6.8): priority is a decimal from 0.0 to 1.0. PRIO-002/003 are document-level. */
import { hasEdgeSpace, trimValue } from '../urls.ts';
import { type EntryCtx, report, show } from './common.ts';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The comma → dot conversion when it yields a valid priority, else null. @example commaPriority('0,8') === '0.8' */
export function commaPriority(v: string): string | null {
  if (!/^\d?,\d+$/.test(v)) return null;
  if (/^[1-9],\d{3}$/.test(v)) return null;
  const dotted = v.replace(',', '.');
  const n = Number(dotted);
  return n >= 0 && n <= 1 ? (dotted.startsWith('.') ? `0${dotted}` : dotted) : null;
}

/**
 * An out-of-range decimal clamped to the nearest bound, else null.
 *
 * @example clampPriority('1.5') === '1.0'; clampPriority('-0.2') === '0.0'; clampPriority('0.5') === null
 */
export function clampPriority(v: string): string | null {
  if (!DECIMAL.test(v)) return null;
  const n = Number(v);
  return n > 1 ? '1.0' : n < 0 ? '0.0' : null;
}

/**
 * Checks `entry.priority`. Returns the trimmed value when valid (for PRIO-002 counts), else null.
 *
 * @example checkPriority(ctx) // '1.5' → PRIO-001 error; '0,8' → PRIO-001 error with a fix
 */
export function checkPriority(ctx: EntryCtx): string | null {
  const raw = ctx.entry.priority;
  if (raw === undefined) return null;
  const v = trimValue(raw);
  if (v === '') {
    report(
      ctx,
      'PRIO-001',
      'warning',
      'Empty <priority>: remove the element or enter a number from 0.0 to 1.0.',
      'priority',
    );
    return null;
  }
  if (isCanonical(v)) {
    if (hasEdgeSpace(raw)) reportSpaces(ctx, raw);
    return v;
  }
  if (!DECIMAL.test(v)) {
    const hint = commaPriority(v)
      ? ` Use a dot: “${commaPriority(v)}”.`
      : ' Enter a number from 0.0 to 1.0 such as 0.8.';
    report(ctx, 'PRIO-001', 'error', `Invalid priority ${show(v)}: not a decimal number.${hint}`, 'priority');
    return null;
  }
  const n = Number(v);
  if (n < 0 || n > 1) {
    report(ctx, 'PRIO-001', 'error', `Invalid priority ${show(v)}: must be between 0.0 and 1.0.`, 'priority');
    return null;
  }
  if (hasEdgeSpace(raw)) reportSpaces(ctx, raw);
  return v;
}

/** `0.d` or `1.0`: the common written form, valid without the regex or a number conversion. */
function isCanonical(v: string): boolean {
  if (v.length !== 3 || v.charCodeAt(1) !== 46) return false;
  const a = v.charCodeAt(0);
  const b = v.charCodeAt(2);
  return (a === 48 && b >= 48 && b <= 57) || (a === 49 && b === 48);
}

function reportSpaces(ctx: EntryCtx, raw: string): void {
  report(
    ctx,
    'PRIO-001',
    'warning',
    `Priority ${show(raw)} has surrounding whitespace; trim it.`,
    'priority',
  );
}
