/**
 * The user's video-cloud account (spec §3 camera user param): appKey, appSecret and the cloud,
 * saved through PATCH /me `cameraParam`. The server reads the account's cameras with it; an
 * account without an appKey is skipped.
 */
import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { camerasKey } from '../../api/cameras';
import type { CameraList } from '../../api/cameras';
import type { Me } from '../../session/me';
import { useSaveMe } from '../account/useSaveMe';
import { cameraErrorText } from './access';
import { accountChanged, accountToSave, accountValues, APP_TYPES } from './camera-forms';
import type { AccountValues } from './camera-forms';

export default function CameraAccountForm({
  stored,
  status,
}: {
  readonly stored: Me['cameraParam'];
  /** What GET /cameras said of the account, once read. */
  readonly status: CameraList['account'] | undefined;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { save, saving } = useSaveMe();
  const [form] = Form.useForm<AccountValues>();
  const values = useMemo(() => accountValues(stored), [stored]);
  useEffect(() => form.setFieldsValue(values), [values, form]);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<AccountValues> | undefined;
  const dirty = accountChanged(stored, { ...values, ...watched });
  const appTypes = [...new Set<string>([...APP_TYPES, values.appType])];

  const submit = async (fields: AccountValues): Promise<void> => {
    if (await save({ cameraParam: accountToSave(stored, fields) })) {
      // The account's cameras are read anew with the new account.
      void client.invalidateQueries({ queryKey: camerasKey });
    }
  };

  return (
    <Card size="small" title={t('cameras.account.title')} data-testid="camera-account">
      <Typography.Paragraph type="secondary">{t('cameras.account.intro')}</Typography.Paragraph>
      {status?.error && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('cameras.account.error', { reason: cameraErrorText(status.error, t) })}
          data-testid="camera-account-error"
        />
      )}
      {status && !status.configured && !status.error && (
        <Typography.Paragraph type="secondary" data-testid="camera-account-missing">
          {t('cameras.account.notConfigured')}
        </Typography.Paragraph>
      )}
      <Form<AccountValues>
        form={form}
        layout="vertical"
        initialValues={values}
        onFinish={(fields) => void submit(fields)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="appKey" label={t('cameras.account.appKey')} extra={t('cameras.account.skipped')}>
          <Input autoComplete="off" maxLength={256} />
        </Form.Item>
        <Form.Item name="appSecret" label={t('cameras.account.appSecret')}>
          <Input.Password autoComplete="new-password" maxLength={256} />
        </Form.Item>
        <Form.Item name="appType" label={t('cameras.account.appType')}>
          <Select
            aria-label={t('cameras.account.appType')}
            options={appTypes.map((type) => ({
              value: type,
              label: type === 'hk' ? t('cameras.account.appTypes.hk') : type,
            }))}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          disabled={!dirty}
          data-testid="camera-account-save"
        >
          {t('cameras.account.save')}
        </Button>
      </Form>
    </Card>
  );
}
