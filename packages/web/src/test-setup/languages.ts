/**
 * Unit-project setup for the console's tests: every language is in whole before a test of the
 * console runs. The console loads a language on demand (i18n/load.ts: the sign-in areas first, the
 * rest with the first page beyond sign-in); component tests render straight after importing and
 * switch languages without waiting. The codec and simulator tests load nothing.
 */
import { expect } from 'vitest';

if (expect.getState().testPath?.includes('/packages/web/')) {
  const [{ i18n, LANGUAGES }, { loadLanguage }] = await Promise.all([
    import('../i18n'),
    import('../i18n/load'),
  ]);
  await Promise.all(LANGUAGES.map((lang) => loadLanguage(i18n, lang, 'all')));
}
