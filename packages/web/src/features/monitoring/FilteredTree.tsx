/**
 * The equipment tree with its status counters (each a filter) and a search by name or serial
 * number, as the monitoring page and the configuration pages show it: a spinner while the store
 * loads, the error with a retry when it failed, the windowed tree once it is in.
 */
import { Alert, Button, Empty, Input, Space, Spin } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useDirectory } from '../../equipment/directory';
import Counters from './Counters';
import EquipmentTree from './EquipmentTree';
import type { StatusFilter, TreeFilter } from './tree-rows';
import { useEquipmentLoaded } from '../../equipment/use-equipment';

export interface FilteredTreeTexts {
  readonly search: string;
  readonly loading: string;
  readonly loadError: (message: string) => string;
  readonly retry: string;
  /** Shown in place of an empty tree; without it an empty tree is drawn as such. */
  readonly empty?: string;
}

export default function FilteredTree({
  texts,
  actions,
  selectedId,
  onSelect,
  onOpenGroup,
}: {
  readonly texts: FilteredTreeTexts;
  /** Buttons beside the search box. */
  readonly actions: ReactNode;
  readonly selectedId: number | null;
  readonly onSelect: (id: number) => void;
  readonly onOpenGroup?: (key: string) => void;
}) {
  const { status, error, load } = useEquipmentLoaded();
  const empty = useDirectory((d) => d.tree.length === 0);
  const [text, setText] = useState('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const deferredText = useDeferredValue(text);
  const filter = useMemo<TreeFilter>(
    () => ({ text: deferredText, status: statusFilter }),
    [deferredText, statusFilter],
  );

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Counters status={statusFilter} onStatus={setStatusFilter} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Input.Search
          allowClear
          placeholder={texts.search}
          aria-label={texts.search}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {actions}
      </div>
      {status === 'error' ? (
        <Alert
          type="error"
          showIcon
          message={texts.loadError(error ?? '')}
          action={
            <Button size="small" onClick={() => void load()}>
              {texts.retry}
            </Button>
          }
        />
      ) : status !== 'ready' ? (
        <Spin description={texts.loading} style={{ display: 'block', padding: 48 }}>
          <div />
        </Spin>
      ) : empty && texts.empty !== undefined ? (
        <Empty description={texts.empty} />
      ) : (
        <EquipmentTree
          filter={filter}
          selectedId={selectedId}
          onSelect={onSelect}
          onOpenGroup={onOpenGroup}
          height="max(320px, calc(100vh - 300px))"
        />
      )}
    </Space>
  );
}
