/**
 * System parameters (spec §3 basic param; docs/api.md § GET /me `param`): the open-all and
 * close-all buttons of the relay panels (openAllButton, closeAllButton), the confirmation before
 * them (confirmOpenCloseAll), the confirmation before every single operation (confirmOperations) and
 * the password asked in it (operationPassword, meaningful only with confirmOperations). Only what
 * changed is sent; the server merges it onto the stored param.
 */
import { PARAM_DEFAULTS } from '@fieldlink/protocol';
import { Button, Form, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamPatch } from '../../api/me';
import type { BasicParam } from '../../session/me';
import { useSaveMe } from './useSaveMe';
import type { MessageKey } from '../../i18n';

export const SYSTEM_PARAM_KEYS = [
  'openAllButton',
  'closeAllButton',
  'confirmOpenCloseAll',
  'confirmOperations',
  'operationPassword',
] as const;
type SystemParamKey = (typeof SYSTEM_PARAM_KEYS)[number];
type SystemParams = Record<SystemParamKey, boolean>;

/** The contract's defaults, for a record missing a field. */
const DEFAULTS = Object.fromEntries(
  SYSTEM_PARAM_KEYS.map((key) => [key, PARAM_DEFAULTS[key]]),
) as SystemParams;

const LABELS: Readonly<Record<SystemParamKey, { label: MessageKey; help: MessageKey }>> = {
  openAllButton: { label: 'account.systemParams.openAll', help: 'account.systemParams.openAllHelp' },
  closeAllButton: { label: 'account.systemParams.closeAll', help: 'account.systemParams.closeAllHelp' },
  confirmOpenCloseAll: {
    label: 'account.systemParams.confirmAll',
    help: 'account.systemParams.confirmAllHelp',
  },
  confirmOperations: { label: 'account.systemParams.secured', help: 'account.systemParams.securedHelp' },
  operationPassword: { label: 'account.systemParams.password', help: 'account.systemParams.passwordHelp' },
};

function paramsOf(param: BasicParam): SystemParams {
  const read = (key: SystemParamKey): boolean =>
    typeof param[key] === 'boolean' ? param[key] : DEFAULTS[key];
  return Object.fromEntries(SYSTEM_PARAM_KEYS.map((key) => [key, read(key)])) as SystemParams;
}

export default function SystemParamsForm({ param }: { readonly param: BasicParam }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveMe();
  const [form] = Form.useForm<SystemParams>();
  const values = useMemo(() => paramsOf(param), [param]);
  useEffect(() => form.setFieldsValue(values), [values, form]);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<SystemParams> | undefined;
  const secured = watched?.confirmOperations ?? values.confirmOperations;
  const changes = useMemo(() => {
    const patch: Partial<Record<SystemParamKey, boolean>> = {};
    for (const key of SYSTEM_PARAM_KEYS) {
      const value = watched?.[key];
      if (typeof value === 'boolean' && value !== values[key]) patch[key] = value;
    }
    return patch as ParamPatch;
  }, [watched, values]);
  const dirty = Object.keys(changes).length > 0;

  return (
    <Form<SystemParams>
      form={form}
      layout="horizontal"
      initialValues={values}
      onFinish={() => void save({ param: changes })}
      data-testid="system-params"
    >
      <Typography.Paragraph type="secondary">{t('account.systemParams.intro')}</Typography.Paragraph>
      {SYSTEM_PARAM_KEYS.map((key) => (
        <Form.Item
          key={key}
          name={key}
          label={t(LABELS[key].label)}
          extra={t(LABELS[key].help)}
          valuePropName="checked"
          style={key === 'operationPassword' ? { marginLeft: 24 } : undefined}
        >
          <Switch disabled={key === 'operationPassword' && !secured} />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
          {t('account.actions.save')}
        </Button>
      </Space>
    </Form>
  );
}
