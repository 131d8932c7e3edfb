/**
 * The frame of the sign-in pages: the tenant's login title image (or the title as text when there
 * is no image), the page's card, and a language choice (kept for the account at sign-in).
 */
import { Card, Flex, Select } from 'antd';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../branding/store';
import { isLanguage, LANGUAGES } from '../../i18n';
import { chooseLanguage } from '../../session/language';
import { LANGUAGE_NAMES } from './languages';
import LoginBrand, { SIGN_IN_BACKGROUND } from './LoginBrand';

export default function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const appTitle = useBranding((b) => b.appTitle);
  const titleImage = useBranding((b) => b.loginTitleImage);
  useEffect(() => {
    document.title = `${title} - ${appTitle}`;
  }, [title, appTitle]);

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: SIGN_IN_BACKGROUND,
      }}
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <Select
          aria-label={t('auth.language')}
          size="small"
          value={isLanguage(i18n.language) ? i18n.language : 'zh'}
          style={{ width: 110 }}
          options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          onChange={(lang) => void chooseLanguage(lang)}
        />
      </div>
      <LoginBrand titleImage={titleImage} title={appTitle} />
      <Card title={title} style={{ width: '100%', maxWidth: 400 }}>
        {children}
      </Card>
    </Flex>
  );
}
