/**
 * The bindings of the chosen mesh: each a device channel (BindingPicker) and the rule it follows
 * (colour, visibility or label; on and off colours, the analog threshold, the label's decimals),
 * removable; more may be added (a mesh can show one channel by colour and another as a label).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ElementRule } from '@fieldlink/protocol';
import { Button, Card, ColorPicker, Flex, Form, InputNumber, Select, Typography } from 'antd';
import type { ColorPickerProps } from 'antd';
import { useTranslation } from 'react-i18next';
import BindingPicker from '../../../diagrams/BindingPicker';
import { DEFAULT_ON } from '../../../diagrams/scene';
import { MESH_PROPERTIES, meshProperty } from './use-scene-draft';
import type { DraftBinding, MeshProperty } from './use-scene-draft';

type PickedColor = Parameters<NonNullable<ColorPickerProps['onChange']>>[0];

const CHANNEL_KINDS = ['do', 'di', 'ai', 'ao'] as const;

function RuleForm({
  value,
  onChange,
  onRemove,
}: {
  readonly value: DraftBinding;
  readonly onChange: (next: DraftBinding) => void;
  readonly onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { rule } = value;
  const property = meshProperty(rule.property);
  const analog = value.binding?.channel ? ['ai', 'ao'].includes(value.binding.channel.kind) : true;
  const setRule = (change: Partial<ElementRule>) => onChange({ ...value, rule: { ...rule, ...change } });
  const picked = (color: PickedColor): string | undefined =>
    color.cleared ? undefined : color.toHexString();
  return (
    <Flex
      vertical
      gap={4}
      data-testid="mesh-binding"
      style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}
    >
      <BindingPicker
        value={value.binding}
        kinds={CHANNEL_KINDS}
        label={value.target}
        onChange={(binding) => onChange({ ...value, binding })}
      />
      <Form layout="vertical" size="small" component="div">
        <Flex gap={12} wrap>
          <Form.Item label={t('diagramScene.editor.binding.property')} style={{ marginBottom: 4 }}>
            <Select<MeshProperty>
              aria-label={t('diagramScene.editor.binding.property')}
              style={{ width: 140 }}
              value={property}
              options={MESH_PROPERTIES.map((p) => ({
                value: p,
                label: t(`diagramScene.editor.binding.properties.${p}`),
              }))}
              onChange={(next) => setRule({ property: next })}
              data-testid="mesh-binding-property"
            />
          </Form.Item>
          {property === 'color' && (
            <>
              <Form.Item label={t('diagramScene.editor.binding.on')} style={{ marginBottom: 4 }}>
                <ColorPicker
                  value={rule.on ?? DEFAULT_ON}
                  onChange={(color) => setRule({ on: picked(color) })}
                  aria-label={t('diagramScene.editor.binding.on')}
                />
              </Form.Item>
              <Form.Item
                label={t('diagramScene.editor.binding.off')}
                style={{ marginBottom: 4 }}
                tooltip={t('diagramScene.editor.binding.offOwn')}
              >
                <ColorPicker
                  value={rule.off ?? null}
                  allowClear
                  onChange={(color) => setRule({ off: picked(color) })}
                  onClear={() => setRule({ off: undefined })}
                  aria-label={t('diagramScene.editor.binding.off')}
                />
              </Form.Item>
            </>
          )}
          {analog && property !== 'label' && (
            <Form.Item label={t('diagramScene.editor.binding.threshold')} style={{ marginBottom: 4 }}>
              <InputNumber
                aria-label={t('diagramScene.editor.binding.threshold')}
                value={rule.threshold}
                onChange={(next) => setRule({ threshold: typeof next === 'number' ? next : 0 })}
              />
            </Form.Item>
          )}
          {property === 'label' && (
            <Form.Item label={t('diagramScene.editor.binding.decimals')} style={{ marginBottom: 4 }}>
              <InputNumber
                aria-label={t('diagramScene.editor.binding.decimals')}
                min={0}
                max={6}
                precision={0}
                value={rule.decimals}
                onChange={(next) => setRule({ decimals: typeof next === 'number' ? next : 1 })}
              />
            </Form.Item>
          )}
        </Flex>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`diagramScene.editor.binding.explain.${property}`)}
      </Typography.Text>
      <div>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove}>
          {t('diagramScene.editor.binding.remove')}
        </Button>
      </div>
    </Flex>
  );
}

export interface MeshBindingsProps {
  readonly target: string | null;
  readonly bindings: readonly DraftBinding[];
  readonly onChange: (index: number, next: DraftBinding) => void;
  readonly onRemove: (index: number) => void;
  readonly onAdd: (target: string) => void;
}

export default function MeshBindings({ target, bindings, onChange, onRemove, onAdd }: MeshBindingsProps) {
  const { t } = useTranslation();
  if (target === null) {
    return (
      <Card size="small" data-testid="scene-mesh-bindings">
        <Typography.Text type="secondary">{t('diagramScene.editor.binding.choose')}</Typography.Text>
      </Card>
    );
  }
  const own = bindings.flatMap((binding, index) => (binding.target === target ? [{ binding, index }] : []));
  return (
    <Card
      size="small"
      title={t('diagramScene.editor.binding.title', { name: target })}
      data-testid="scene-mesh-bindings"
      data-target={target}
    >
      <Flex vertical gap={8}>
        {own.map(({ binding, index }) => (
          <RuleForm
            key={index}
            value={binding}
            onChange={(next) => onChange(index, next)}
            onRemove={() => onRemove(index)}
          />
        ))}
        <div>
          <Button icon={<PlusOutlined />} onClick={() => onAdd(target)}>
            {t('diagramScene.editor.binding.add')}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
