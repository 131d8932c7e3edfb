/**
 * A device's link secret and its DTU registration (docs/api.md § link-secret): the secret masked
 * until asked for, copyable; the `SERIAL:secret` packet with the server address and port (the same
 * panel as after adding the device); and a new secret on request, after saying that the old one
 * stops working at once.
 */
import { EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLinkSecret, regenerateLinkSecret } from '../../api/equipment';
import type { Equipment, LinkSecret } from '../../api/equipment';
import { records } from '../../equipment/directory';
import { putRecord } from '../../equipment/loading';
import { DtuSettings } from '../equipment/DtuPanel';

/** What stands for the secret while it is hidden (its length is not shown either). */
export const MASK = '••••••••••••';

export const linkSecretKey = (id: number) => ['link-secret', id] as const;

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The record in the store follows what the link-secret reply says about the link. */
function keepLinkState(id: number, reply: LinkSecret): void {
  const record = records()[id];
  if (record && (record.hasLinkSecret !== reply.hasLinkSecret || record.openLink !== reply.openLink)) {
    putRecord({ ...record, hasLinkSecret: reply.hasLinkSecret, openLink: reply.openLink });
  }
}

export default function LinkSecretCard({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  const query = useQuery({
    queryKey: linkSecretKey(record.id),
    queryFn: ({ signal }) => getLinkSecret(record.id, signal),
  });
  const regenerate = useMutation({
    mutationFn: () => regenerateLinkSecret(record.id),
    onSuccess: (reply) => {
      client.setQueryData(linkSecretKey(record.id), reply);
      keepLinkState(record.id, reply);
      void message.success(t('configure.link.secret.regenerated'));
    },
    onError: (error) => void message.error(t('configure.link.secret.failed', { message: reason(error) })),
  });

  const serial = record.sn ?? record.unid;
  const data = query.data;
  const secret = data?.linkSecret ?? null;
  const hasSecret = data?.hasLinkSecret ?? record.hasLinkSecret;

  const confirmRegenerate = (): void => {
    // A first secret replaces nothing: no warning to give.
    if (!hasSecret) {
      regenerate.mutate();
      return;
    }
    void modal.confirm({
      title: t('configure.link.secret.confirmTitle'),
      content: t('configure.link.secret.confirmContent'),
      okText: t('configure.link.secret.confirmOk'),
      cancelText: t('configure.link.secret.cancel'),
      okButtonProps: { danger: true },
      onOk: () => regenerate.mutateAsync().catch(() => undefined),
    });
  };

  let body;
  if (query.isPending) {
    body = <Spin description={t('configure.link.secret.loading')} />;
  } else if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('configure.link.secret.loadFailed', { message: reason(query.error) })}
      />
    );
  } else if (secret !== null) {
    body = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap align="center">
          <Typography.Text strong>{t('configure.link.secret.label')}:</Typography.Text>
          <Typography.Text code copyable={{ text: secret }} data-testid="link-secret">
            {shown ? secret : MASK}
          </Typography.Text>
          <Button
            size="small"
            icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
          >
            {shown ? t('configure.link.secret.hide') : t('configure.link.secret.show')}
          </Button>
        </Space>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('configure.link.dtu.title')}
        </Typography.Title>
        <DtuSettings packet={`${serial}:${secret}`} shown={`${serial}:${shown ? secret : MASK}`} />
      </Space>
    );
  } else {
    body = (
      <Space orientation="vertical">
        <Typography.Text type={hasSecret ? 'warning' : 'secondary'} data-testid="link-secret-missing">
          {hasSecret ? t('configure.link.secret.unreadable') : t('configure.link.secret.none')}
        </Typography.Text>
        <Typography.Text type="secondary">{t('configure.link.dtu.noPacket')}</Typography.Text>
      </Space>
    );
  }

  return (
    <Card
      size="small"
      title={t('configure.link.secret.title')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          danger={hasSecret}
          loading={regenerate.isPending}
          disabled={query.isPending}
          onClick={confirmRegenerate}
        >
          {hasSecret ? t('configure.link.secret.regenerate') : t('configure.link.secret.generate')}
        </Button>
      }
    >
      {body}
    </Card>
  );
}
