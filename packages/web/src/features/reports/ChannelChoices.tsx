/**
 * The channels reported per device: a choice of up to REPORT_LIMITS.channelsPerDevice analog
 * channels for each device in the report that has some; left empty, the device reports its first
 * AI channels. A form control: `value` and `onChange` are the settings' channels by device id.
 */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { channelOptions } from './settings-form';

interface Props {
  readonly devices: readonly Equipment[];
  readonly value?: Readonly<Record<string, readonly string[]>>;
  readonly onChange?: (value: Readonly<Record<string, readonly string[]>>) => void;
}

export default function ChannelChoices({ devices, value = {}, onChange }: Props) {
  const { t } = useTranslation();
  const analog = devices.filter((d) => d.counts.ai + d.counts.ao > 0);
  if (analog.length === 0) {
    return <Typography.Text type="secondary">{t('reports.settings.noChannels')}</Typography.Text>;
  }
  return (
    <Flex vertical gap={8} style={{ maxHeight: 360, overflowY: 'auto', paddingRight: 8 }}>
      {analog.map((device) => {
        const key = String(device.id);
        const label = `${device.name} (${device.unid})`;
        return (
          <Flex key={key} gap={8} align="center" wrap>
            <Typography.Text style={{ width: 240 }} ellipsis={{ tooltip: label }}>
              {label}
            </Typography.Text>
            <Select
              mode="multiple"
              allowClear
              virtual={false}
              style={{ flex: 1, minWidth: 240 }}
              maxCount={REPORT_LIMITS.channelsPerDevice}
              aria-label={t('reports.settings.channelsOf', { device: device.name })}
              placeholder={t('reports.settings.defaultChannels')}
              options={channelOptions(device)}
              value={[...(value[key] ?? [])]}
              onChange={(labels: string[]) => onChange?.({ ...value, [key]: labels })}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
