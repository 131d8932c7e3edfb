/**
 * The bindings of one element of the drawing: each with its channel (BindingPicker) and its rule,
 * removable; and a new binding chosen first, then added with the rule that suits its channel.
 */
import { DeleteOutlined } from '@ant-design/icons';
import type { Binding, ElementBinding } from '@fieldlink/protocol';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import BindingPicker from '../../../diagrams/BindingPicker';
import { defaultRule } from './drawing-ids';
import RuleEditor from './RuleEditor';

const KINDS = ['do', 'di', 'ai', 'ao'] as const;

export default function ElementEditor({
  id,
  bindings,
  inDrawing,
  onChange,
  onClose,
}: {
  readonly id: string;
  /** Every binding of the drawing (those of other elements are kept as they are). */
  readonly bindings: readonly ElementBinding[];
  readonly inDrawing: boolean;
  readonly onChange: (bindings: ElementBinding[]) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Binding | null>(null);
  const mine = bindings.flatMap((b, at) => (b.target === id ? [{ b, at }] : []));
  const labelOf = (n: number) => (mine.length === 1 ? id : `${id} ${n + 1}`);

  const replace = (at: number, next: ElementBinding) =>
    onChange(bindings.map((b, i) => (i === at ? next : b)));
  const remove = (at: number) => onChange(bindings.filter((_, i) => i !== at));
  const add = () => {
    if (!draft?.channel) return;
    onChange([...bindings, { target: id, binding: draft, rule: defaultRule(draft.channel.kind) }]);
    setDraft(null);
  };

  return (
    <Card
      size="small"
      className="svg-element-editor"
      data-testid="svg-element-editor"
      title={
        <Flex gap={8} align="center">
          <span>{t('diagramDrawing.element.title', { id })}</span>
          {!inDrawing && <Tag color="warning">{t('diagramDrawing.element.missing')}</Tag>}
        </Flex>
      }
      extra={
        <Button size="small" onClick={onClose}>
          {t('diagramDrawing.element.close')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        {mine.map(({ b, at }, n) => {
          const label = labelOf(n);
          const kind = b.binding.channel?.kind ?? null;
          return (
            <Flex key={at} vertical gap={6} className="svg-binding" data-testid="svg-binding">
              <Flex gap={8} align="start">
                <div style={{ flex: 1 }}>
                  <BindingPicker
                    label={label}
                    kinds={KINDS}
                    value={b.binding}
                    onChange={(binding) => {
                      // Clearing leaves the binding as it was: removing it is the button's.
                      if (binding?.channel) replace(at, { ...b, binding });
                    }}
                  />
                </div>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('diagramDrawing.element.remove')} ${label}`}
                  title={t('diagramDrawing.element.remove')}
                  onClick={() => remove(at)}
                />
              </Flex>
              <RuleEditor
                label={label}
                rule={b.rule}
                analog={kind === 'ai' || kind === 'ao'}
                onChange={(rule) => replace(at, { ...b, rule })}
              />
            </Flex>
          );
        })}
        <Flex vertical gap={6}>
          <Typography.Text type="secondary">{t('diagramDrawing.element.newBinding')}</Typography.Text>
          <Flex gap={8} align="start">
            <div style={{ flex: 1 }}>
              <BindingPicker
                label={`${id} ${t('diagramDrawing.element.newBinding')}`}
                kinds={KINDS}
                value={draft}
                onChange={setDraft}
              />
            </div>
            <Button type="primary" disabled={!draft?.channel} onClick={add}>
              {t('diagramDrawing.element.add')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
