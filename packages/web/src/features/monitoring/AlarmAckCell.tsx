/**
 * An alarm's acknowledgement in the alarm list: who acknowledged it and when (in the zone every
 * time of the console shows in, as the alarm's own time beside it), else an Acknowledge button for a user who may, else
 * "Not acknowledged".
 */
import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmAck } from '../../api/events';
import { useTimeFormat } from '../../time/zone';

export default function AlarmAckCell({
  ack,
  onAcknowledge,
}: {
  readonly ack: AlarmAck | null;
  /** Null when the user may not acknowledge it (or it is not stored). Resolves once answered. */
  readonly onAcknowledge: (() => Promise<unknown>) | null;
}) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const [busy, setBusy] = useState(false);
  if (ack) {
    // Two short lines: the column stays narrow enough for the message beside it.
    return (
      <div data-testid="alarm-ack" style={{ lineHeight: 1.3 }}>
        <Tag color="green" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }}>
          {t('monitoring.alarms.acknowledged')}
        </Tag>
        <div style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
          {t('monitoring.alarms.ackBy', { name: ack.userName, time: time.format(ack.at) })}
        </div>
      </div>
    );
  }
  if (!onAcknowledge)
    return <Typography.Text type="secondary">{t('monitoring.alarms.notAcknowledged')}</Typography.Text>;
  return (
    <Button
      size="small"
      type="link"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void onAcknowledge().finally(() => setBusy(false));
      }}
    >
      {t('monitoring.alarms.acknowledge')}
    </Button>
  );
}
