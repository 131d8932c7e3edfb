/** Quiet hours (`param.quietHours`: enabled, start, end): times of day kept as minutes after midnight. */
import { Button, Form, Input, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasicParam } from '../../session/me';
import { minuteOr, minutesToTime, SLEEP_BEGIN_DEFAULT, SLEEP_END_DEFAULT, timeToMinutes } from './settings';
import { useSaveMe } from './useSaveMe';

interface QuietHoursValues {
  enabled: boolean;
  begin: string;
  end: string;
}

export default function QuietHoursForm({ param }: { param: BasicParam }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveMe();
  const [form] = Form.useForm<QuietHoursValues>();
  // A record without quiet hours (or with damaged ones) shows, and saves, the defaults.
  const { enabled, start, end: stop }: Partial<BasicParam['quietHours']> = param.quietHours ?? {};
  const values = useMemo(
    () => ({
      enabled: enabled === true,
      begin: minutesToTime(minuteOr(start, SLEEP_BEGIN_DEFAULT)),
      end: minutesToTime(minuteOr(stop, SLEEP_END_DEFAULT)),
    }),
    [enabled, start, stop],
  );
  useEffect(() => form.setFieldsValue(values), [values, form]);
  const begin = timeToMinutes(Form.useWatch('begin', form) ?? '');
  const end = timeToMinutes(Form.useWatch('end', form) ?? '');

  const timeRule = {
    validator: async (_: unknown, value: unknown) => {
      if (typeof value !== 'string' || timeToMinutes(value) === null) {
        throw new Error(t('account.quietHours.invalidTime'));
      }
    },
  };

  const submit = (v: QuietHoursValues) => {
    const from = timeToMinutes(v.begin);
    const until = timeToMinutes(v.end);
    if (from === null || until === null) return;
    void save({ param: { quietHours: { enabled: v.enabled, start: from, end: until } } });
  };

  return (
    <Form<QuietHoursValues> form={form} layout="vertical" initialValues={values} onFinish={submit}>
      <Form.Item name="enabled" label={t('account.quietHours.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="begin" label={t('account.quietHours.begin')} rules={[timeRule]}>
          <Input type="time" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="end" label={t('account.quietHours.end')} rules={[timeRule]}>
          <Input type="time" style={{ width: 140 }} />
        </Form.Item>
      </Space>
      {begin !== null && end !== null && end < begin && (
        <Typography.Paragraph type="secondary">{t('account.quietHours.overnight')}</Typography.Paragraph>
      )}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('account.actions.save')}
      </Button>
    </Form>
  );
}
