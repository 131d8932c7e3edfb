/**
 * The branded parts of the sign-in page and the console for a draft, as they will look: the
 * browser tab's title, the sign-in page's head (the page's own LoginBrand) over its form with the
 * user-name prefix, and the header's logo and title. Drawn from the draft as it is typed; every
 * text is React text, never HTML. The form is a picture of the page: inert, it takes no input.
 */
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import LoginBrand, { SIGN_IN_BACKGROUND } from '../../auth/LoginBrand';
import UserNameInput from '../../auth/UserNameInput';
import { tenantSignInAddress } from './tenant-address';
import { previewBrand, RULES } from './tenant-form';
import type { TenantDraft } from './tenant-form';

// The mark the header shows when the brand's logo cannot be loaded (shell/Logo.tsx).
const FALLBACK_LOGO = 'favicon.svg';

export default function BrandPreview({ draft }: { readonly draft: Partial<TenantDraft> }) {
  const { t } = useTranslation();
  const brand = previewBrand(draft);
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const [failedTitleImage, setFailedTitleImage] = useState<string | null>(null);
  const key = (draft.key ?? '').trim().toLowerCase();
  const address = RULES.key(key) === null ? tenantSignInAddress(key, window.location) : null;
  const signInTitle = t('auth.titles.login');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="brand-preview">
      <Typography.Text type="secondary">{t('adminTenants.preview.intro')}</Typography.Text>
      <div>
        <Typography.Text strong>{t('adminTenants.preview.address')}: </Typography.Text>
        {address ? (
          <Typography.Text copyable data-testid="sign-in-address">
            {address}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('adminTenants.preview.noAddress')}</Typography.Text>
        )}
      </div>
      <div>
        <Typography.Text strong>{t('adminTenants.preview.tab')}: </Typography.Text>
        <Typography.Text code data-testid="preview-tab-title">
          {`${signInTitle} - ${brand.appTitle}`}
        </Typography.Text>
      </div>
      <section aria-label={t('adminTenants.preview.signIn')}>
        <Typography.Text strong>{t('adminTenants.preview.signIn')}</Typography.Text>
        <div
          inert
          data-testid="preview-sign-in"
          style={{ background: SIGN_IN_BACKGROUND, borderRadius: 8, padding: '24px 16px', marginTop: 8 }}
        >
          <LoginBrand
            titleImage={brand.loginTitleImage}
            title={brand.appTitle}
            onImageError={() => setFailedTitleImage(brand.loginTitleImage)}
          />
          <Card title={signInTitle} size="small" style={{ maxWidth: 360, margin: '0 auto' }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <UserNameInput
                namePrefix={brand.userNamePrefix}
                placeholder={t('auth.placeholders.userName')}
              />
              <Input.Password prefix={<LockOutlined />} placeholder={t('auth.placeholders.password')} />
              <Button type="primary" block>
                {t('auth.actions.login')}
              </Button>
            </Space>
          </Card>
        </div>
      </section>
      <section aria-label={t('adminTenants.preview.header')}>
        <Typography.Text strong>{t('adminTenants.preview.header')}</Typography.Text>
        <div
          data-testid="preview-header"
          style={{ border: '1px solid #f0f0f0', borderRadius: 8, marginTop: 8, background: '#fff' }}
        >
          <div className="fl-logo">
            <img
              src={failedLogo === brand.logoUrl ? FALLBACK_LOGO : brand.logoUrl}
              alt=""
              onError={() => setFailedLogo(brand.logoUrl)}
            />
            <span className="fl-logo-title">{brand.appTitle}</span>
          </div>
        </div>
      </section>
      {failedTitleImage === brand.loginTitleImage && (
        <Alert type="warning" showIcon title={t('adminTenants.preview.titleImageFailed')} />
      )}
      {failedLogo === brand.logoUrl && (
        <Alert type="warning" showIcon title={t('adminTenants.preview.logoFailed')} />
      )}
    </Space>
  );
}
