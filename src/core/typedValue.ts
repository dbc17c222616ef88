/**
 * What people type into a cell, read as the value they mean (issue 15): `mon` is not a keyword but
 * `Monthly` is `monthly`, `0,8` is `0.8`, `2024-1-5` and `15/01/2024` are W3C dates. Values with
 * no safe reading are kept as typed (and flagged by the validator), never guessed.
 */
import type { FieldEditor } from './fields.ts';
import { CHANGEFREQ, changefreqSynonym } from './rules/changefreq.ts';
import { commaPriority } from './rules/priority.ts';
import { convertToW3c, type DayMonthOrder, needsDayMonthOrder, parseW3cDate } from './w3cDate.ts';

/** The reading of a typed value, or what must be asked first. */
export type TypedValue = { value: string } | { needs: 'dateOrder' };

/** Fields that take a date (the grid's lastmod and the detail panel's date fields). */
export type TypedKind = FieldEditor;

/**
 * Reads a typed value for a field kind. Empty stays empty (the field is removed).
 *
 * @example readTyped('date', '15/01/2024') // { value: '2024-01-15' }
 * @example readTyped('date', '05/01/2024') // { needs: 'dateOrder' }
 * @example readTyped('changefreq', ' Weekly ') // { value: 'weekly' }
 */
export function readTyped(kind: TypedKind, typed: string, order?: DayMonthOrder): TypedValue {
  const t = typed.trim();
  if (t === '' || kind === 'text') return { value: kind === 'text' ? typed : t };
  if (kind === 'changefreq') {
    const lower = t.toLowerCase();
    return { value: CHANGEFREQ.has(lower) ? lower : (changefreqSynonym(t) ?? t) };
  }
  if (kind === 'priority') return { value: commaPriority(t) ?? (t.startsWith('.') ? `0${t}` : t) };
  if (parseW3cDate(t).ok) return { value: t };
  if (needsDayMonthOrder(t) && order === undefined) return { needs: 'dateOrder' };
  const c = convertToW3c(t, order);
  return { value: c && !c.assumedZone ? c.value : t };
}
