/**
 * The ids of the drawing's elements, filtered, the bound ones marked; choosing one picks it (as
 * clicking it in the drawing does). At most LIST_MAX are listed: a filter narrows the rest.
 */
import type { ElementBinding } from '@fieldlink/protocol';
import { Flex, Input, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterIds } from './drawing-ids';

export const LIST_MAX = 200;

export default function ElementList({
  ids,
  bindings,
  picked,
  onPick,
}: {
  readonly ids: readonly string[];
  readonly bindings: readonly ElementBinding[];
  readonly picked: string | null;
  readonly onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const found = useMemo(() => filterIds(ids, filter), [ids, filter]);
  const bound = useMemo(() => new Set(bindings.map((b) => b.target)), [bindings]);
  const shown = found.slice(0, LIST_MAX);

  if (ids.length === 0) {
    return <Typography.Text type="secondary">{t('diagramDrawing.elements.none')}</Typography.Text>;
  }
  return (
    <Flex vertical gap={6} className="svg-element-list">
      <Typography.Text type="secondary">{t('diagramDrawing.elements.hint')}</Typography.Text>
      <Input.Search
        allowClear
        aria-label={t('diagramDrawing.elements.filter')}
        placeholder={t('diagramDrawing.elements.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {found.length === 0 ? (
        <Typography.Text type="secondary">
          {t('diagramDrawing.elements.noMatch', { text: filter.trim() })}
        </Typography.Text>
      ) : (
        <ul
          className="svg-element-ids"
          aria-label={t('diagramDrawing.elements.list')}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 240, overflowY: 'auto' }}
        >
          {shown.map((id) => (
            <li key={id}>
              <button
                type="button"
                className="svg-element-id"
                aria-pressed={id === picked}
                onClick={() => onPick(id)}
                style={{
                  display: 'flex',
                  width: '100%',
                  justifyContent: 'space-between',
                  gap: 8,
                  padding: '2px 6px',
                  border: 'none',
                  borderRadius: 4,
                  cursor: 'pointer',
                  textAlign: 'left',
                  background: id === picked ? '#e6f4ff' : 'transparent',
                }}
              >
                <Typography.Text code ellipsis>
                  {id}
                </Typography.Text>
                {bound.has(id) && <Tag color="blue">{t('diagramDrawing.elements.bound')}</Tag>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {found.length > shown.length && (
        <Typography.Text type="secondary">
          {t('diagramDrawing.elements.more', { count: found.length - shown.length })}
        </Typography.Text>
      )}
    </Flex>
  );
}
