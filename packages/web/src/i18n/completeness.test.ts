import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './index';
import { LANGUAGE_LOADERS } from './load';

const resources = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (lang) => [lang, (await LANGUAGE_LOADERS[lang].all()).default] as const),
  ),
);

/** Every leaf key of a nested message object, dotted. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('languages', () => {
  const reference = new Set(LANGUAGES.flatMap((lang) => keys(resources[lang])));
  for (const lang of LANGUAGES) {
    it(`${lang} has every key of the others, each a non-empty text`, () => {
      const own = new Set(keys(resources[lang]));
      expect([...reference].filter((k) => !own.has(k))).toEqual([]);
      const empty = keys(resources[lang]).filter((k) => {
        const v = k
          .split('.')
          .reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], resources[lang]);
        return typeof v !== 'string' || v.trim() === '';
      });
      expect(empty).toEqual([]);
    });
  }
});
