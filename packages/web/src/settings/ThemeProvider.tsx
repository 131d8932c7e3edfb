/** antd's ConfigProvider with the chosen theme and the current language's antd locale. */
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocale } from './antdLocale';
import { useSettings } from './store';
import { themeConfig } from './themes';

export default function ThemeProvider({ children }: { readonly children: ReactNode }) {
  const theme = useSettings((s) => s.settings.theme);
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={themeConfig(theme)} locale={antdLocale(i18n.language)}>
      {children}
    </ConfigProvider>
  );
}
