/**
 * The zone every time of the console shows in: the browser's (the default) or the site's (the
 * server's TIME_ZONE: equipment has no zone of its own). Saved in the account's console settings
 * (`param.consoleSettings.timeZone`), so it follows the user to other browsers; the rest of the
 * console changes at once.
 */
import { Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../session/me';
import { browserTimeZone, offsetLabel } from '../../time/format';
import { useSiteZoneReader, useTimeFormat, ZONE_SETTING, zoneChoiceOf } from '../../time/zone';
import type { ZoneChoice } from '../../time/zone';
import { useSaveMe } from './useSaveMe';

/** `Asia/Shanghai (UTC+8)`, its offset now. */
const zoneText = (zone: string): string => `${zone} (${offsetLabel(Date.now(), zone)})`;

export default function TimeZonePanel({ me }: { readonly me: Me }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveMe();
  const choice = zoneChoiceOf(me.param.consoleSettings);
  const site = useSiteZoneReader(true);
  const time = useTimeFormat();
  const choose = (next: ZoneChoice): void => {
    if (next === choice) return;
    void save({ param: { consoleSettings: { ...me.param.consoleSettings, [ZONE_SETTING]: next } } });
  };
  return (
    <Form layout="vertical" data-testid="time-zone">
      <Form.Item label={t('account.timeZone.label')} extra={t('account.timeZone.help')}>
        <Radio.Group
          value={choice}
          disabled={saving}
          onChange={(e) => {
            const next: unknown = e.target.value;
            choose(next === 'site' ? 'site' : 'browser');
          }}
          options={[
            {
              value: 'browser',
              label: t('account.timeZone.browser', { zone: zoneText(browserTimeZone()) }),
            },
            {
              value: 'site',
              label: t('account.timeZone.site', { zone: site === null ? '…' : zoneText(site) }),
              disabled: site === null,
            },
          ]}
        />
      </Form.Item>
      <Typography.Text type="secondary" data-testid="time-zone-now">
        {t('account.timeZone.now', { time: time.format(Date.now()), zone: time.zone })}
      </Typography.Text>
    </Form>
  );
}
