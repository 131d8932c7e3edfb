/** The social identities linked to the account: unlink, and link those providers that offer a sign-in page. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Popconfirm, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { socialProviders } from '../../api/auth';
import { socialLinks, unlinkSocial } from '../../api/me';
import { describeError } from '../auth/errors';
import { beginSocial } from '../auth/social';
import { useTimeFormat } from '../../time/zone';

const LINKS_KEY = ['me', 'social'] as const;

export default function SocialLinks() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { message } = App.useApp();
  const client = useQueryClient();
  const links = useQuery({ queryKey: LINKS_KEY, queryFn: socialLinks });
  const providers = useQuery({ queryKey: ['auth', 'social-providers'], queryFn: socialProviders });
  const nameOf = (id: string) => providers.data?.find((p) => p.id === id)?.name ?? id;
  const linked = new Set((links.data ?? []).map((l) => l.provider));
  const linkable = (providers.data ?? []).filter((p) => p.authorizeUrl && !linked.has(p.id));

  const unlink = async (provider: string) => {
    try {
      await unlinkSocial(provider);
      void message.success(t('account.binding.unlinked'));
      await client.invalidateQueries({ queryKey: LINKS_KEY });
    } catch (error) {
      void message.error(t('account.messages.saveFailed', { reason: describeError(error, t) }));
    }
  };

  return (
    <>
      {links.isLoading ? (
        <Spin />
      ) : (links.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.binding.noSocial')} />
      ) : (
        <Flex vertical gap={12}>
          {(links.data ?? []).map((link) => (
            <Flex key={link.provider} justify="space-between" align="center" gap={8}>
              <Flex vertical>
                <Typography.Text strong>{nameOf(link.provider)}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('account.binding.linkedAt', {
                    time: time.format(link.linkedAt),
                  })}
                </Typography.Text>
              </Flex>
              <Popconfirm
                title={t('account.binding.unlinkConfirm', { provider: nameOf(link.provider) })}
                onConfirm={() => void unlink(link.provider)}
              >
                <Button size="small" danger>
                  {t('account.binding.unlink')}
                </Button>
              </Popconfirm>
            </Flex>
          ))}
        </Flex>
      )}
      {linkable.length > 0 && (
        <Space wrap style={{ marginTop: 8 }}>
          {linkable.map((p) => (
            <Button
              key={p.id}
              onClick={() =>
                window.location.assign(
                  beginSocial(p.id, p.authorizeUrl ?? '', 'link', '/setting/personalCenter'),
                )
              }
            >
              {t('account.binding.link', { name: p.name })}
            </Button>
          ))}
        </Space>
      )}
    </>
  );
}
