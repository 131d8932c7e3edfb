/**
 * A diagram drawn live: values from the console's live data (useDiagramValues), switches and AO
 * setpoints operated through the same runner as the device view — the user's own rights, their
 * secured-operation confirmation and password prompt — one runner per equipment the diagram draws.
 */
import { diagramEquipment } from '@fieldlink/protocol';
import type { DiagramDocument } from '@fieldlink/protocol';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DiagramView, useDiagramValues } from '../../diagrams';
import type { DiagramOperation } from '../../diagrams';
import { useRecord } from '../../equipment/directory';
import { useEquipmentLoaded } from '../../equipment/use-equipment';
import { useMe } from '../../session/me';
import { notify } from '../../session/notify';
import { outsideAoRange } from '../monitoring/ao-entry';
import { aoRangeOf, aoWriteOf } from '../monitoring/AoPanel';
import { formatValue, panelParam } from '../monitoring/format';
import { useOperation } from '../monitoring/use-operation';
import { useReadKeeping } from './use-read-keeping';

type Operate = (operation: DiagramOperation) => void;

/** One equipment's runner, registered for the diagram's operations; its password prompt drawn here. */
function Operator({
  equipmentId,
  register,
}: {
  readonly equipmentId: number;
  readonly register: (id: number, operate: Operate | null) => void;
}) {
  const { t } = useTranslation();
  const { run, prompt } = useOperation(equipmentId);
  const record = useRecord(equipmentId);
  const confirm = useMe((s) => panelParam(s.me).confirmOperations);
  useEffect(() => {
    const operate: Operate = (operation) => {
      const channel = operation.binding.channel;
      if (channel === null) return;
      const name = record ? record.name : `#${equipmentId}`;
      if (operation.action === 'write') {
        if (!record || channel.kind !== 'ao') return;
        const index = channel.index - 1;
        // Never brought within the range silently: a value outside it is refused, with the reason.
        const range = aoRangeOf(record, index);
        const outside = outsideAoRange(operation.value, range);
        if (outside !== null) {
          notify(
            'error',
            `AO${channel.index}: ${t(`monitoring.ao.problems.${outside}`, {
              min: formatValue(range.min),
              max: formatValue(range.max),
            })}`,
            `ao-range-${equipmentId}-${index}`,
          );
          return;
        }
        const write = aoWriteOf(record, index, operation.value);
        void run({ opr: 'waohex', aoinfos: write.aoinfos }, `ao${index}`, {
          label: t('diagrams.view.operations.write', { channel: `AO${channel.index}`, device: name }),
          question: t('diagrams.view.operations.confirmWrite', {
            channel: `AO${channel.index}`,
            device: name,
            value: operation.value,
          }),
        });
        return;
      }
      const open = operation.action === 'open';
      void run({ opr: open ? 'openone' : 'closeone', io: channel.index, dly: 0 }, `do${channel.index - 1}`, {
        label: t(open ? 'diagrams.view.operations.open' : 'diagrams.view.operations.close', {
          channel: `DO${channel.index}`,
          device: name,
        }),
        question: t(open ? 'diagrams.view.operations.confirmOpen' : 'diagrams.view.operations.confirmClose', {
          channel: `DO${channel.index}`,
          device: name,
        }),
        confirm,
      });
    };
    register(equipmentId, operate);
    return () => register(equipmentId, null);
  }, [confirm, equipmentId, record, register, run, t]);
  return prompt;
}

export default function DiagramLive({
  document,
  interactive = true,
}: {
  readonly document: DiagramDocument;
  readonly interactive?: boolean;
}) {
  useEquipmentLoaded();
  const values = useDiagramValues(document);
  const operators = useRef(new Map<number, Operate>());
  const register = useCallback((id: number, operate: Operate | null) => {
    if (operate) operators.current.set(id, operate);
    else operators.current.delete(id);
  }, []);
  const equipment = useMemo(() => diagramEquipment(document), [document]);
  // The live service reads only the selected device: the diagram asks for its own.
  useReadKeeping(equipment);
  const onOperate = useCallback((operation: DiagramOperation) => {
    operators.current.get(operation.binding.equipmentId)?.(operation);
  }, []);
  return (
    <div data-testid="diagram-live" style={{ width: '100%', height: '70vh', minHeight: 320 }}>
      {interactive && equipment.map((id) => <Operator key={id} equipmentId={id} register={register} />)}
      <DiagramView document={document} values={values} interactive={interactive} onOperate={onOperate} />
    </div>
  );
}
