/**
 * When and of what the automatic report is made: on or off, daily or weekly, the hour (and the
 * weekday) in the server's zone, all devices or chosen ones, the channels per device, and whether
 * it is mailed to the bound address. Shows when the next one is due.
 */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Radio, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAllEquipment } from '../../api/equipment';
import { reportKeys, saveReportSettings } from '../../api/reports';
import type { ReportSettingsView } from '../../api/reports';
import ChannelChoices from './ChannelChoices';
import { zonedMinute } from './format';
import { formValues, hourText, settingsInput } from './settings-form';
import type { SettingsValues } from './settings-form';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export default function ReportSettingsCard({ settings }: { readonly settings: ReportSettingsView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsValues>();
  const [saving, setSaving] = useState(false);
  const equipment = useQuery({
    queryKey: [...reportKeys.all, 'equipment'],
    queryFn: ({ signal }) => listAllEquipment({}, signal),
  });
  const period = Form.useWatch('period', form) ?? settings.period;
  const scope = Form.useWatch('scope', form) ?? formValues(settings).scope;
  const chosen = Form.useWatch('equipmentIds', form) ?? settings.equipmentIds ?? [];
  const devices = [...(equipment.data ?? [])].sort((a, b) => a.id - b.id);
  const inReport = (scope === 'all' ? devices : devices.filter((d) => chosen.includes(d.id))).slice(
    0,
    REPORT_LIMITS.devices,
  );

  const save = async (values: SettingsValues) => {
    setSaving(true);
    try {
      queryClient.setQueryData(reportKeys.settings, await saveReportSettings(settingsInput(values)));
      void queryClient.invalidateQueries({ queryKey: [...reportKeys.all, 'report'] });
      void message.success(t('reports.settings.saved'));
    } catch (error) {
      void message.error(t('reports.settings.saveError', { message: (error as Error).message }));
    } finally {
      setSaving(false);
    }
  };

  const zone = settings.timeZone;
  return (
    <Card title={t('reports.settings.title')} className="fl-report-no-print" data-testid="report-settings">
      <Form<SettingsValues>
        form={form}
        name="report-settings"
        layout="vertical"
        initialValues={formValues(settings)}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="enabled" label={t('reports.settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="period" label={t('reports.settings.period')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'daily', label: t('reports.view.daily') },
                { value: 'weekly', label: t('reports.view.weekly') },
              ]}
            />
          </Form.Item>
          {period === 'weekly' && (
            <Form.Item name="weekday" label={t('reports.settings.weekday')}>
              <Select
                aria-label={t('reports.settings.weekday')}
                style={{ width: 140 }}
                options={WEEKDAYS.map((day) => ({
                  value: day,
                  label: t(`reports.settings.weekdays.${day}`),
                }))}
              />
            </Form.Item>
          )}
          <Form.Item name="hour" label={t('reports.settings.hour')}>
            <Select
              aria-label={t('reports.settings.hour')}
              style={{ width: 110 }}
              virtual={false}
              options={HOURS.map((hour) => ({ value: hour, label: hourText(hour) }))}
            />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">{t('reports.settings.zone', { zone })}</Typography.Paragraph>
        <Form.Item name="scope" label={t('reports.settings.equipment')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('reports.settings.allEquipment') },
              { value: 'chosen', label: t('reports.settings.chosenEquipment') },
            ]}
          />
        </Form.Item>
        {scope === 'chosen' && (
          <Form.Item name="equipmentIds" label={t('reports.settings.chooseEquipment')}>
            <Select
              aria-label={t('reports.settings.chooseEquipment')}
              mode="multiple"
              allowClear
              maxCount={REPORT_LIMITS.devices}
              loading={equipment.isLoading}
              optionFilterProp="label"
              options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.unid})` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="channels"
          label={t('reports.settings.channels')}
          extra={t('reports.settings.channelsHint', { limit: REPORT_LIMITS.channelsPerDevice })}
        >
          <ChannelChoices devices={inReport} />
        </Form.Item>
        {equipment.error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('reports.settings.equipmentError', { message: equipment.error.message })}
          />
        )}
        <Form.Item
          name="email"
          label={t('reports.settings.email')}
          valuePropName="checked"
          extra={
            settings.emailAddress === null
              ? t('reports.settings.noEmail')
              : t('reports.settings.emailTo', { email: settings.emailAddress })
          }
        >
          <Switch />
        </Form.Item>
        <Typography.Paragraph data-testid="report-next">
          {settings.nextAt === null
            ? t('reports.settings.off')
            : t('reports.settings.next', { time: zonedMinute(settings.nextAt, zone), zone })}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('reports.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
