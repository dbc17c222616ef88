import { describe, expect, it } from 'vitest';
import {
  CHANGEFREQS,
  CSV_FIELDS,
  DIFF_FIELDS,
  EDITABLE_FIELDS,
  FIELD_IDS,
  FIELDS,
  isEditableField,
  LIST_FIELDS,
} from './fields.ts';

describe('the entry-field schema', () => {
  it('lists every field once, in display order', () => {
    expect(FIELD_IDS).toEqual([
      'loc',
      'lastmod',
      'changefreq',
      'priority',
      'images',
      'videos',
      'news',
      'alternates',
    ]);
  });

  it('derives the scalar, list, compared and CSV field lists from the descriptors', () => {
    expect(EDITABLE_FIELDS).toEqual(['loc', 'lastmod', 'changefreq', 'priority']);
    expect(LIST_FIELDS).toEqual(['images', 'videos', 'news', 'alternates']);
    // Every field but the key is compared.
    expect(DIFF_FIELDS).toEqual(FIELD_IDS.filter((f) => f !== 'loc'));
    // News has no one-line CSV form, so the export does not offer it.
    expect(CSV_FIELDS).toEqual(FIELD_IDS.filter((f) => f !== 'news'));
  });

  it('tells scalar fields from list fields and from other names', () => {
    expect(isEditableField('priority')).toBe(true);
    expect(isEditableField('images')).toBe(false);
    expect(isEditableField('issues')).toBe(false);
    expect(isEditableField('toString')).toBe(false);
  });

  it('gives every scalar field an editor and every field a label and a noun', () => {
    for (const f of EDITABLE_FIELDS) expect(FIELDS[f].editor).toBeTruthy();
    for (const f of FIELD_IDS) {
      expect(FIELDS[f].label).toMatch(/^[A-Z]/);
      expect(FIELDS[f].noun.length).toBeGreaterThan(0);
    }
  });

  it('keeps the changefreq keywords as the allowed values of changefreq', () => {
    expect(FIELDS.changefreq.values).toBe(CHANGEFREQS);
    expect(CHANGEFREQS).toEqual(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
  });

  it('recognises each CSV header name for one field only', () => {
    const seen = new Map<string, string>();
    for (const f of EDITABLE_FIELDS) {
      for (const name of FIELDS[f].csvNames) {
        expect(seen.get(name), `${name} is named by ${seen.get(name)} and ${f}`).toBeUndefined();
        seen.set(name, f);
      }
    }
  });
});
