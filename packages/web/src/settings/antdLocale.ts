/** antd's own texts (date pickers, pagination, empty states) follow the console's language. */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { Language } from '../i18n';

const LOCALES: Readonly<Record<Language, Locale>> = { zh: zhCN, en: enUS, tc: zhTW };

export function antdLocale(language: string): Locale {
  return LOCALES[language as Language] ?? zhCN;
}
