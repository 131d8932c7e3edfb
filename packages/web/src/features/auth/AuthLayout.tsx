/**
 * The frame of the sign-in pages: the tenant's login title image (or the title as text when there
 * is no image), the page's card, and a language choice (kept for the account at sign-in).
 */
import { Card, Flex, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../branding/store';
import { isLanguage, LANGUAGES } from '../../i18n';
import { chooseLanguage } from '../../session/language';
import { LANGUAGE_NAMES } from './languages';

export default function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const appTitle = useBranding((b) => b.appTitle);
  const titleImage = useBranding((b) => b.loginTitleImage);
  const [imageFailed, setImageFailed] = useState(false);
  useEffect(() => setImageFailed(false), [titleImage]);
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
        background: 'linear-gradient(160deg, #e8f1fb 0%, #f6f8fb 55%, #eef5ee 100%)',
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
      <div style={{ textAlign: 'center', marginBottom: 24 }}>
        {!imageFailed && (
          <img
            src={titleImage}
            alt=""
            style={{ maxWidth: 360, maxHeight: 96, display: 'block', margin: '0 auto 8px' }}
            onError={() => setImageFailed(true)}
          />
        )}
        <Typography.Title level={2} style={{ margin: 0 }}>
          {appTitle}
        </Typography.Title>
      </div>
      <Card title={title} style={{ width: '100%', maxWidth: 400 }}>
        {children}
      </Card>
    </Flex>
  );
}
