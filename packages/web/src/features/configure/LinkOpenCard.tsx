/**
 * The open link (docs/api.md § PATCH openLink): on, the device registers with its serial number
 * alone, so it is asked first, with the risk said; off needs a secret, and the server's refusal
 * when there is none is shown under the switch.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment, LinkSecret } from '../../api/equipment';
import { ApiError } from '../../api/http';
import { linkSecretKey } from './LinkSecretCard';
import { saveEquipment } from './save';

/** The server's words when a link without a secret is to be closed (server equipment/plugin.ts). */
const NO_SECRET = /no link secret|without a secret/i;

export default function LinkOpenCard({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (openLink: boolean): Promise<void> => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveEquipment(record.id, { openLink });
      client.setQueryData<LinkSecret>(linkSecretKey(record.id), (old) =>
        old ? { ...old, openLink: saved.openLink, hasLinkSecret: saved.hasLinkSecret } : old,
      );
      void message.success(t(saved.openLink ? 'configure.link.open.opened' : 'configure.link.open.closed'));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setFailure(
        error instanceof ApiError && error.status === 400 && NO_SECRET.test(text)
          ? t('configure.link.open.noSecret')
          : t('configure.link.open.failed', { message: text }),
      );
    } finally {
      setSaving(false);
    }
  };

  const onChange = (next: boolean): void => {
    if (!next) {
      void save(false);
      return;
    }
    void modal.confirm({
      title: t('configure.link.open.confirmTitle'),
      content: t('configure.link.open.confirmContent'),
      okText: t('configure.link.open.confirmOk'),
      cancelText: t('configure.link.open.cancel'),
      okButtonProps: { danger: true },
      onOk: () => save(true),
    });
  };

  return (
    <Card size="small" title={t('configure.link.open.title')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space align="center">
          <Switch
            checked={record.openLink}
            loading={saving}
            onChange={onChange}
            aria-label={t('configure.link.open.label')}
            data-testid="open-link-switch"
          />
          <Typography.Text>{t('configure.link.open.label')}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">{t('configure.link.open.help')}</Typography.Text>
        {failure !== null ? (
          <Alert type="error" showIcon title={failure} data-testid="open-link-failure" />
        ) : null}
      </Space>
    </Card>
  );
}
