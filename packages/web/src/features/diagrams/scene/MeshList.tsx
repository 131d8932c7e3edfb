/**
 * Every named object of the open scene, by its place in the hierarchy, with a filter: choosing
 * one selects it for binding (as a click on it in the scene does); bound ones are marked.
 */
import { Card, Empty, Input, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterObjects } from '../../../diagrams/scene';
import type { SceneObject } from '../../../diagrams/scene';

export interface MeshListProps {
  /** null while the scene is not open. */
  readonly objects: readonly SceneObject[] | null;
  readonly bound: ReadonlySet<string>;
  readonly selected: string | null;
  readonly onSelect: (name: string) => void;
}

export default function MeshList({ objects, bound, selected, onSelect }: MeshListProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterObjects(objects ?? [], filter), [objects, filter]);
  return (
    <Card size="small" title={t('diagramScene.editor.meshes.title')} data-testid="scene-meshes">
      {objects === null ? (
        <Typography.Text type="secondary">{t('diagramScene.editor.meshes.waiting')}</Typography.Text>
      ) : objects.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('diagramScene.editor.meshes.none')} />
      ) : (
        <>
          <Input.Search
            allowClear
            aria-label={t('diagramScene.editor.meshes.filter')}
            placeholder={t('diagramScene.editor.meshes.filter')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('diagramScene.editor.meshes.hint')}
          </Typography.Paragraph>
          {shown.length === 0 ? (
            <Typography.Text type="secondary">{t('diagramScene.editor.meshes.noMatch')}</Typography.Text>
          ) : (
            <ul
              aria-label={t('diagramScene.editor.meshes.title')}
              style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 260, overflowY: 'auto' }}
            >
              {shown.map((object) => {
                const isSelected = object.name === selected;
                return (
                  <li key={object.name}>
                    <button
                      type="button"
                      data-mesh={object.name}
                      aria-pressed={isSelected}
                      onClick={() => onSelect(object.name)}
                      style={{
                        display: 'flex',
                        gap: 8,
                        alignItems: 'center',
                        width: '100%',
                        padding: '4px 8px',
                        paddingLeft: 8 + (object.path.length - 1) * 14,
                        border: 'none',
                        borderRadius: 4,
                        background: isSelected ? '#e6f4ff' : 'transparent',
                        cursor: 'pointer',
                        textAlign: 'left',
                        font: 'inherit',
                      }}
                    >
                      <span style={{ fontWeight: object.mesh ? 500 : 400 }}>{object.name}</span>
                      {object.path.length > 1 && (
                        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, flex: 1 }}>
                          {object.path.slice(0, -1).join(' / ')}
                        </Typography.Text>
                      )}
                      {bound.has(object.name) && (
                        <Tag color="blue">{t('diagramScene.editor.meshes.bound')}</Tag>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
