/**
 * The console's message keys, typed: `t('monitoring.tree.search')` is checked against the Chinese
 * messages (the reference language), so a wrong or missing key fails the type check. The English
 * and traditional Chinese files must have the same shape (locales/<lang>/index.ts).
 */
import 'i18next';
import type zh from '../locales/zh';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zh };
  }
}
