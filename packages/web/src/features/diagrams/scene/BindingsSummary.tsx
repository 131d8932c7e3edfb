/**
 * Every binding of the scene being edited: the mesh, the device channel and the property, a way
 * to the mesh and to remove it; bindings whose mesh the open scene does not have (another file was
 * chosen, or the mesh was renamed) are warned about, since they show nothing.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passageOf } from '../../../diagrams/binding-choices';
import type { SceneObject } from '../../../diagrams/scene';
import { useDirectory } from '../../../equipment/directory';
import { meshProperty } from './use-scene-draft';
import type { DraftBinding } from './use-scene-draft';

export interface BindingsSummaryProps {
  readonly bindings: readonly DraftBinding[];
  /** The open scene's objects; null while it is not open (nothing is called missing then). */
  readonly objects: readonly SceneObject[] | null;
  readonly onSelect: (target: string) => void;
  readonly onRemove: (index: number) => void;
}

/** The targets bound but not in the scene, once it is open. */
export function missingTargets(
  bindings: readonly DraftBinding[],
  objects: readonly SceneObject[] | null,
): string[] {
  if (objects === null) return [];
  const names = new Set(objects.map((o) => o.name));
  return [...new Set(bindings.map((b) => b.target).filter((target) => !names.has(target)))];
}

export default function BindingsSummary({ bindings, objects, onSelect, onRemove }: BindingsSummaryProps) {
  const { t } = useTranslation();
  const entries = useDirectory((d) => d.entries);
  const missing = missingTargets(bindings, objects);
  return (
    <Card
      size="small"
      title={`${t('diagramScene.editor.bindings.title')} (${bindings.length})`}
      data-testid="scene-binding-list"
    >
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="scene-missing-meshes"
          title={t('diagramScene.editor.bindings.missing', { names: missing.join(', ') })}
        />
      )}
      {bindings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('diagramScene.editor.bindings.none')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {bindings.map((bound, index) => {
            const channel = bound.binding?.channel;
            const device = bound.binding
              ? (entries[bound.binding.equipmentId]?.name ?? `#${bound.binding.equipmentId}`)
              : null;
            return (
              <li key={index} data-binding-target={bound.target}>
                <Flex gap={8} align="center" wrap style={{ padding: '4px 0' }}>
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    aria-label={t('diagramScene.editor.bindings.select', { name: bound.target })}
                    onClick={() => onSelect(bound.target)}
                  >
                    {bound.target}
                  </Button>
                  <Typography.Text type={channel ? undefined : 'warning'}>
                    {device !== null && channel
                      ? `${device} · ${passageOf(channel.kind, channel.index)}`
                      : t('diagramScene.editor.bindings.noChannel')}
                  </Typography.Text>
                  <Tag>
                    {t(`diagramScene.editor.binding.properties.${meshProperty(bound.rule.property)}`)}
                  </Tag>
                  {missing.includes(bound.target) && (
                    <Tag color="warning">{t('diagramScene.editor.bindings.missingTag')}</Tag>
                  )}
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('diagramScene.editor.binding.remove')} ${bound.target}`}
                    onClick={() => onRemove(index)}
                    style={{ marginLeft: 'auto' }}
                  />
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
