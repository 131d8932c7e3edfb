/**
 * antd's ConfigProvider with the chosen theme and the current language's antd locale. The theme's
 * primary colour is also published on the page root as `--fl-primary`, for what is drawn outside
 * antd's components (the navigation progress bar hangs off the body).
 */
import { ConfigProvider } from 'antd';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocale } from './antdLocale';
import { useSettings } from './store';
import { THEMES, themeConfig } from './themes';

export const PRIMARY_CSS_VAR = '--fl-primary';

export default function ThemeProvider({ children }: { readonly children: ReactNode }) {
  const theme = useSettings((s) => s.settings.theme);
  const { i18n } = useTranslation();
  const primary = THEMES[theme].primary;
  useEffect(() => {
    document.documentElement.style.setProperty(PRIMARY_CSS_VAR, primary);
  }, [primary]);
  return (
    <ConfigProvider theme={themeConfig(theme)} locale={antdLocale(i18n.language)}>
      {children}
    </ConfigProvider>
  );
}
