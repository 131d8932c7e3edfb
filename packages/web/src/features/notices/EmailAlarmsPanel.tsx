/**
 * The personal center's alarm e-mails: a switch for mailing raised alarms to the bound address.
 * Mails keep to the quiet hours (the same setting that silences the alarm sound, read in the
 * server's time zone), and bursts are grouped and capped (ALARM_MAIL_LIMITS).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_MAIL_LIMITS } from '@fieldlink/protocol';
import { fetchNoticeSettings, noticeKeys, setEmailAlarms } from '../../api/notices';
import type { Settings } from '../../api/notices';
import { queryClient } from '../../app/query-client';
import type { Me } from '../../session/me';
import { minutesToTime } from '../account/settings';

export default function EmailAlarmsPanel({ me }: { readonly me: Pick<Me, 'email' | 'param'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const settings = useQuery<Settings>({
    queryKey: noticeKeys.settings,
    queryFn: ({ signal }) => fetchNoticeSettings(signal),
  });
  const data = settings.data;
  // The record in the session knows of a newly bound address before the settings are read again.
  const email = me.email ?? data?.email ?? null;

  const change = async (on: boolean) => {
    setSaving(true);
    try {
      queryClient.setQueryData(noticeKeys.settings, await setEmailAlarms(on));
      void message.success(t('notices.settings.saved'));
    } catch (error) {
      void message.error(t('notices.settings.saveError', { message: (error as Error).message }));
    } finally {
      setSaving(false);
    }
  };

  if (settings.error) {
    return (
      <Alert type="error" showIcon title={t('notices.list.loadError', { message: settings.error.message })} />
    );
  }
  // The session's record holds the quiet hours as last saved in the quiet hours tab.
  const quiet = me.param.quietHours;
  return (
    <Space direction="vertical" style={{ maxWidth: 640 }} data-testid="email-alarms">
      <Space>
        <Switch
          checked={data?.emailAlarms ?? false}
          loading={saving || settings.isLoading}
          disabled={email === null && !(data?.emailAlarms ?? false)}
          onChange={(on) => void change(on)}
          aria-label={t('notices.settings.emailAlarms')}
        />
        <span>{t('notices.settings.emailAlarms')}</span>
      </Space>
      <Typography.Text type="secondary">
        {email === null ? t('notices.settings.noEmail') : t('notices.settings.to', { email })}
      </Typography.Text>
      {data && (
        <Typography.Text type="secondary">
          {quiet.enabled && quiet.start !== quiet.end
            ? t('notices.settings.quiet', {
                start: minutesToTime(quiet.start),
                end: minutesToTime(quiet.end),
                zone: data.timeZone,
              })
            : t('notices.settings.quietOff')}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        {t('notices.settings.limits', { perHour: ALARM_MAIL_LIMITS.perHour })}
      </Typography.Text>
    </Space>
  );
}
