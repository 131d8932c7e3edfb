/** Quiet hours (Sleep_Enable, Sleep_begin, Sleep_end): times of day kept as minutes after midnight. */
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
  const values = useMemo(
    () => ({
      enabled: param.Sleep_Enable === true,
      begin: minutesToTime(minuteOr(param.Sleep_begin, SLEEP_BEGIN_DEFAULT)),
      end: minutesToTime(minuteOr(param.Sleep_end, SLEEP_END_DEFAULT)),
    }),
    [param.Sleep_Enable, param.Sleep_begin, param.Sleep_end],
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
    void save({ param: { Sleep_Enable: v.enabled, Sleep_begin: from, Sleep_end: until } });
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
