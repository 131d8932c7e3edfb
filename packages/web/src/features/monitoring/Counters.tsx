/** Total, online, offline and alarm counts; clicking one filters the tree by it. */
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentStore } from '../../equipment/store';
import { STATE_COLORS } from './DeviceIcon';
import type { StatusFilter } from './tree-rows';

const ITEMS: readonly {
  key: StatusFilter;
  counter: 'total' | 'online' | 'offline' | 'alarm';
  color?: string;
}[] = [
  { key: 'all', counter: 'total' },
  { key: 'online', counter: 'online', color: STATE_COLORS.online },
  { key: 'offline', counter: 'offline', color: '#8c8c8c' },
  { key: 'alarm', counter: 'alarm', color: STATE_COLORS.alarm },
];

export default function Counters({
  status,
  onStatus,
}: {
  readonly status: StatusFilter;
  readonly onStatus: (status: StatusFilter) => void;
}) {
  const { t } = useTranslation();
  const counters = useEquipmentStore((s) => s.counters);
  return (
    <Flex gap={4} role="group" aria-label={t('monitoring.tree.label')}>
      {ITEMS.map((item) => (
        <button
          key={item.key}
          type="button"
          className="counter"
          aria-pressed={status === item.key}
          data-counter={item.counter}
          onClick={() => onStatus(status === item.key ? 'all' : item.key)}
        >
          <Typography.Text strong style={{ fontSize: 18, color: item.color }}>
            {counters[item.counter]}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`monitoring.counters.${item.counter}`)}
          </Typography.Text>
        </button>
      ))}
    </Flex>
  );
}
