/**
 * The device list of the configuration pages (spec §2 /baseConfig): every base device with its
 * sub-devices nested, their online, alarm and battery state, a search by name or serial number
 * and the status counters as filters. The monitoring tree's windowed list draws it, so thousands
 * of devices scroll as a few do; choosing one opens its configuration.
 */
import { Alert, Button, Card, Empty, Input, Space, Spin } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEquipmentStore } from '../../equipment/store';
import AddEquipmentButton from '../equipment/AddEquipmentButton';
import Counters from '../monitoring/Counters';
import EquipmentTree from '../monitoring/EquipmentTree';
import type { StatusFilter, TreeFilter } from '../monitoring/tree-rows';
import { baseConfigPath } from './routes';
import { useEquipmentLoaded } from './use-equipment';

export default function BaseConfigList({ selectedId }: { readonly selectedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, error, load } = useEquipmentLoaded();
  const empty = useEquipmentStore((s) => s.tree.length === 0);
  const [text, setText] = useState('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const deferredText = useDeferredValue(text);
  const filter = useMemo<TreeFilter>(
    () => ({ text: deferredText, status: statusFilter }),
    [deferredText, statusFilter],
  );

  return (
    <Card
      size="small"
      title={t('equipment.baseConfig.list')}
      styles={{ body: { padding: 8 } }}
      data-testid="base-config-list"
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Counters status={statusFilter} onStatus={setStatusFilter} />
        <div style={{ display: 'flex', gap: 8 }}>
          <Input.Search
            allowClear
            placeholder={t('equipment.baseConfig.search')}
            aria-label={t('equipment.baseConfig.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <AddEquipmentButton />
        </div>
        {status === 'error' ? (
          <Alert
            type="error"
            showIcon
            message={t('equipment.baseConfig.loadError', { message: error ?? '' })}
            action={
              <Button size="small" onClick={() => void load()}>
                {t('equipment.baseConfig.retry')}
              </Button>
            }
          />
        ) : status !== 'ready' ? (
          <Spin description={t('equipment.baseConfig.loading')} style={{ display: 'block', padding: 48 }}>
            <div />
          </Spin>
        ) : empty ? (
          <Empty description={t('equipment.baseConfig.empty')} />
        ) : (
          <EquipmentTree
            filter={filter}
            selectedId={selectedId}
            onSelect={(id) => void navigate(baseConfigPath(id))}
            height="max(320px, calc(100vh - 300px))"
          />
        )}
      </Space>
    </Card>
  );
}
