import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_SUBTAGS, REGION_SUBTAGS, SCRIPT_SUBTAGS } from './languageSubtags.ts';

const require = createRequire(import.meta.url);
const keys = (file: string, length: number): string[] =>
  Object.keys(require(`language-subtag-registry/data/json/${file}.json`) as object).filter(
    (k) => k.length === length,
  );

describe('languageSubtags (generated from language-subtag-registry)', () => {
  it.each([
    ['language', 2, LANGUAGE_SUBTAGS],
    ['script', 4, SCRIPT_SUBTAGS],
    ['region', 2, REGION_SUBTAGS],
  ] as const)('lists exactly the %s subtags of length %i in the installed registry', (file, length, list) => {
    const expected = keys(file, length);
    if (list.trim() !== expected.join(' ')) console.warn(`regenerate ${file}: ${expected.join(' ')}`);
    expect(list.trim().split(' ')).toEqual(expected);
  });
});
