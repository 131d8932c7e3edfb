/** Phone and e-mail binding, removing the e-mail address, and the linked social accounts. */
import { App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { removeEmail } from '../../api/me';
import { useMe } from '../../session/me';
import type { Me } from '../../session/me';
import { describeError } from '../auth/errors';
import BindForm from './BindForm';
import SocialLinks from './SocialLinks';

export default function BindingPanel({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const none = t('account.profile.none');

  const remove = async () => {
    try {
      useMe.getState().setMe(await removeEmail());
      void message.success(t('account.binding.emailRemoved'));
    } catch (error) {
      void message.error(t('account.messages.saveFailed', { reason: describeError(error, t) }));
    }
  };

  return (
    <Flex gap={16} wrap align="flex-start">
      <Card title={t('account.binding.phoneTitle')} style={{ flex: '1 1 340px' }}>
        <Typography.Paragraph type="secondary">
          {t('account.binding.current', { value: me.phone ?? none })}
        </Typography.Paragraph>
        <BindForm channel="phone" />
      </Card>
      <Card
        title={t('account.binding.emailTitle')}
        style={{ flex: '1 1 340px' }}
        extra={
          me.email ? (
            <Popconfirm
              title={t('account.binding.removeEmailConfirm', { email: me.email })}
              onConfirm={() => void remove()}
            >
              <Button size="small" danger>
                {t('account.binding.removeEmail')}
              </Button>
            </Popconfirm>
          ) : null
        }
      >
        <Typography.Paragraph type="secondary">
          {t('account.binding.current', { value: me.email ?? none })}
        </Typography.Paragraph>
        <BindForm channel="email" />
      </Card>
      <Card title={t('account.binding.socialTitle')} style={{ flex: '1 1 340px' }}>
        <SocialLinks />
      </Card>
    </Flex>
  );
}
