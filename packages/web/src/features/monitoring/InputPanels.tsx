/**
 * Digital and analog inputs: DI pictures (the record's on/off images, drawn) with their state
 * (On/Off, the words the DI parameters choose the alarm state with: a DI's name often names a
 * condition, 'Panel door open', which the contact's Closed/Open would contradict) and alarm
 * state; AI pictures (the value's or, in alarm, the alarm image) and values after scaling with
 * their unit, coloured low or high when out of their limits (the equipment's own alarm colours
 * when it sets them). Until the first values of a kind arrive its channels read 0, which shows
 * no alarm (as in the tree). The channels of a block the device does not have show '—' with the
 * reason, never a state or an alarm.
 */
import type { ChannelView } from '@fieldlink/protocol';
import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EquipmentSettings } from '../../api/equipment';
import { ChannelImage } from '../configure/channel-images';
import { formatValue } from './format';
import { UnavailableValue } from './UnsupportedAlert';

export const ALARM_COLORS = { low: '#fa8c16', high: '#ff4d4f' } as const;

export function DiPanel({
  views,
  known = true,
  unavailable,
}: {
  readonly views: readonly ChannelView[];
  /** Whether DI values have arrived. */
  readonly known?: boolean;
  /** Why the inputs are not read, when the device does not have them. */
  readonly unavailable?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('monitoring.di.title')}>
      <div className="channel-grid" data-kind="di">
        {views.map((view) => {
          const shown = unavailable === undefined;
          const on = shown && view.value === 1;
          const alarm = shown && known && view.alarm !== 0;
          return (
            <div
              key={view.id}
              className="channel-cell"
              data-channel={view.passage}
              data-on={shown ? on : undefined}
              data-alarm={alarm}
              data-unavailable={!shown || undefined}
            >
              <ChannelImage name={view.image} fallback="lamp" on={on} alarm={alarm} />
              <div className="channel-text">
                <Typography.Text strong ellipsis title={view.name}>
                  {view.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {view.passage}
                  {shown && ` · ${on ? t('monitoring.di.on') : t('monitoring.di.off')}`}
                </Typography.Text>
              </div>
              {unavailable !== undefined && <UnavailableValue text={unavailable} channel={view.passage} />}
              {alarm && <Tag color="error">{t('monitoring.di.alarm')}</Tag>}
            </div>
          );
        })}
      </div>
    </Card>
  );
}

export function AiPanel({
  views,
  settings,
  known = true,
  unavailable,
}: {
  readonly views: readonly ChannelView[];
  readonly settings: Pick<EquipmentSettings, 'ai' | 'colors'>;
  /** Whether AI values have arrived. */
  readonly known?: boolean;
  /** Why the inputs are not read, when the device does not have them. */
  readonly unavailable?: string | undefined;
}) {
  const { t } = useTranslation();
  const low = settings.colors.alarmLow || ALARM_COLORS.low;
  const high = settings.colors.alarmHigh || ALARM_COLORS.high;
  return (
    <Card size="small" title={t('monitoring.ai.title')}>
      <div className="channel-grid" data-kind="ai">
        {views.map((view) => {
          const lower = settings.ai.alarmLow[view.id] ?? 0;
          const upper = settings.ai.alarmHigh[view.id] ?? 0;
          const alarm = known && unavailable === undefined ? view.alarm : 0;
          const color = alarm === -1 ? low : alarm === 1 ? high : undefined;
          // The view's image is the alarm image whenever the value is out of its limits, even
          // before values arrived; the picture follows the alarm as shown.
          const image = alarm === 0 ? settings.ai.images[view.id] : settings.ai.alarmImages[view.id];
          return (
            <div
              key={view.id}
              className="channel-cell"
              data-channel={view.passage}
              data-alarm={alarm}
              data-unavailable={unavailable !== undefined || undefined}
            >
              <ChannelImage
                name={image ?? ''}
                fallback={alarm === 0 ? 'gauge' : 'warning'}
                on={false}
                alarm={alarm !== 0}
                size={28}
              />
              <div className="channel-text">
                <Typography.Text strong ellipsis title={view.name}>
                  {view.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {view.passage}
                  {upper > lower && ` · ${t('monitoring.ai.limits', { low: lower, high: upper })}`}
                </Typography.Text>
              </div>
              {unavailable !== undefined ? (
                <UnavailableValue text={unavailable} channel={view.passage} />
              ) : (
                <span className="channel-value" style={{ color }} data-testid={`value-${view.passage}`}>
                  {formatValue(view.value)}
                  {view.unit && <small> {view.unit}</small>}
                </span>
              )}
              {alarm !== 0 && (
                <Tag color={color} style={{ marginInlineEnd: 0 }}>
                  {alarm === -1 ? t('monitoring.ai.low') : t('monitoring.ai.high')}
                </Tag>
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
