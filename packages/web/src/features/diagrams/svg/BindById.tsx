/**
 * Bind by id: one equipment chosen, every unbound element whose id names a channel it has
 * ('DO5', 'di2', 'pump-AI1') is offered bound to that channel, and bound with one click.
 */
import type { Binding, ElementBinding } from '@fieldlink/protocol';
import { App, Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import BindingPicker from '../../../diagrams/BindingPicker';
import { passageOf } from '../../../diagrams/binding-choices';
import { countsOf, useDirectory, useRecords } from '../../../equipment/directory';
import { suggestBindings } from './drawing-ids';

export default function BindById({
  ids,
  bindings,
  onChange,
}: {
  readonly ids: readonly string[];
  readonly bindings: readonly ElementBinding[];
  readonly onChange: (bindings: ElementBinding[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [equipment, setEquipment] = useState<Binding | null>(null);
  const equipmentId = equipment?.equipmentId ?? null;
  const dir = useDirectory((d) => d);
  const byId = useRecords((r) => r);
  const suggested = useMemo(
    () =>
      equipmentId === null
        ? []
        : suggestBindings(ids, bindings, equipmentId, countsOf(dir, byId, equipmentId)),
    [ids, bindings, equipmentId, dir, byId],
  );

  return (
    <Flex vertical gap={8} className="svg-bind-by-id" data-testid="svg-bind-by-id">
      <Typography.Text type="secondary">{t('diagramDrawing.byId.hint')}</Typography.Text>
      <BindingPicker
        label={t('diagramDrawing.byId.label')}
        kinds="equipment"
        value={equipment}
        onChange={setEquipment}
      />
      {equipmentId !== null &&
        (suggested.length === 0 ? (
          <Typography.Text type="secondary">{t('diagramDrawing.byId.nothing')}</Typography.Text>
        ) : (
          <Flex vertical gap={4}>
            <Typography.Text>
              {t('diagramDrawing.byId.suggested', { count: suggested.length })}
            </Typography.Text>
            <ul className="svg-suggestions" aria-label={t('diagramDrawing.byId.title')}>
              {suggested.map((s) => (
                <li key={s.target}>
                  <Typography.Text code>{s.target}</Typography.Text> →{' '}
                  {s.binding.channel ? passageOf(s.binding.channel.kind, s.binding.channel.index) : ''}
                </li>
              ))}
            </ul>
            <Button
              type="primary"
              onClick={() => {
                onChange([...bindings, ...suggested]);
                void message.success(t('diagramDrawing.byId.done', { count: suggested.length }));
              }}
            >
              {t('diagramDrawing.byId.apply')}
            </Button>
          </Flex>
        ))}
    </Flex>
  );
}
