/**
 * antd's own texts (date pickers, pagination, empty states) follow the console's language. The
 * date pickers take their week days and months from dayjs, which holds only English unless the
 * Chinese locales are loaded.
 */
import type { Locale } from 'antd/es/locale';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { Language } from '../i18n';

const LOCALES: Readonly<Record<Language, Locale>> = { zh: zhCN, en: enUS, tc: zhTW };

export function antdLocale(language: string): Locale {
  return LOCALES[language as Language] ?? zhCN;
}
