/**
 * antd's own texts (date pickers, pagination, empty states) follow the console's language. The
 * date pickers take their week days and months from dayjs, which holds only English unless the
 * Chinese locales are loaded.
 */
import type { Locale } from 'antd/es/locale';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
// The ES modules (antd/locale/* are CommonJS): en_US is then the very module antd's own default
// locale is, bundled once.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { Language } from '../i18n';

const LOCALES: Readonly<Record<Language, Locale>> = { zh: zhCN, en: enUS, tc: zhTW };

export function antdLocale(language: string): Locale {
  return LOCALES[language as Language] ?? zhCN;
}
