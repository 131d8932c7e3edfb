/**
 * The picker of what a widget, an SVG element or a 3D mesh is bound to: an equipment (searchable,
 * among those the user may read) and, unless a whole equipment is asked for, one of its channels
 * of the allowed kinds, named as the equipment page names them ('DO5 · Pump'), as many as the
 * equipment has. It reads the directory and the records the page has loaded; it fetches nothing.
 *
 * Accessible names (locales diagramDrawing.picker): the equipment select is 'Equipment' (with a
 * label: '<label> equipment'), the channel select 'Channel' ('<label> channel').
 *
 * Choosing another equipment keeps the channel when the new one has it, else takes its first
 * channel of the allowed kinds; clearing the equipment clears the binding (null).
 */
import type { Binding, DiagramChannelKind } from '@fieldlink/protocol';
import { Flex, Select } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelCounts } from '../api/equipment';
import { countsOf, directory, records, useDirectory, useRecord } from '../equipment/directory';
import type { Directory } from '../equipment/directory';
import {
  channelChoices,
  channelKey,
  channelOfKey,
  equipmentChoices,
  namesOf,
  passageOf,
  rebind,
} from './binding-choices';

export interface BindingPickerProps {
  /** The current binding, or null when nothing is chosen yet. */
  readonly value: Binding | null;
  readonly onChange: (binding: Binding | null) => void;
  /** The channel kinds that may be chosen; 'equipment' for a whole equipment (channel null). */
  readonly kinds: readonly DiagramChannelKind[] | 'equipment';
  readonly disabled?: boolean;
  /** Accessible name prefix, e.g. the widget's kind. */
  readonly label?: string;
}

const NO_COUNTS: ChannelCounts = { do: 0, di: 0, ai: 0, ao: 0 };

export default function BindingPicker({
  value,
  onChange,
  kinds,
  disabled = false,
  label,
}: BindingPickerProps) {
  const { t } = useTranslation();
  const equipmentId = value?.equipmentId ?? null;
  const equipment = useDirectory(equipmentChoices);
  const record = useRecord(equipmentId);
  // The type's counts until the record is read (directory.ts countsOf).
  const typeCounts = useDirectory(
    useCallback(
      (d: Directory) => {
        const entry = equipmentId === null ? undefined : d.entries[equipmentId];
        return (entry && d.types[entry.type]?.counts) || NO_COUNTS;
      },
      [equipmentId],
    ),
  );
  const counts = record?.counts ?? typeCounts;
  const whole = kinds === 'equipment';
  const allowed = useMemo<readonly DiagramChannelKind[]>(() => (kinds === 'equipment' ? [] : kinds), [kinds]);
  const channels = useMemo(() => channelChoices(counts, namesOf(record), allowed), [counts, record, allowed]);

  const equipmentOptions = useMemo(() => {
    const options = equipment.map((e) => ({ value: e.id, label: e.label }));
    // Bound to equipment the user cannot read (any more): shown as such, not as a bare number.
    if (equipmentId !== null && !equipment.some((e) => e.id === equipmentId)) {
      options.unshift({
        value: equipmentId,
        label: t('diagramDrawing.picker.unknownEquipment', { id: equipmentId }),
      });
    }
    return options;
  }, [equipment, equipmentId, t]);

  const current = value?.channel ? channelKey(value.channel.kind, value.channel.index) : null;
  const channelOptions = useMemo(() => {
    const options = channels.map((c) => ({ value: c.key, label: c.label }));
    if (value?.channel && current !== null && !channels.some((c) => c.key === current)) {
      const passage = passageOf(value.channel.kind, value.channel.index);
      options.unshift({
        value: current,
        label: t('diagramDrawing.picker.missingChannel', { channel: passage }),
      });
    }
    return options;
  }, [channels, current, value?.channel, t]);

  const names = label
    ? {
        equipment: t('diagramDrawing.picker.equipmentOf', { label }),
        channel: t('diagramDrawing.picker.channelOf', { label }),
      }
    : { equipment: t('diagramDrawing.picker.equipment'), channel: t('diagramDrawing.picker.channel') };

  const chooseEquipment = (id: number | undefined) => {
    if (id === undefined || id === null) {
      onChange(null);
      return;
    }
    if (id === equipmentId) return;
    // Read now from the cache the hooks above read: the record's counts, else its type's.
    const byId = records();
    onChange(
      rebind(id, value, channelChoices(countsOf(directory(), byId, id), namesOf(byId[id]), allowed), whole),
    );
  };

  const chooseChannel = (key: string) => {
    const channel = channelOfKey(key);
    if (equipmentId === null || !channel) return;
    onChange({ equipmentId, channel });
  };

  return (
    <Flex gap={8} wrap className="binding-picker">
      <Select<number>
        aria-label={names.equipment}
        placeholder={t('diagramDrawing.picker.chooseEquipment')}
        style={{ minWidth: 200, flex: '1 1 200px' }}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        disabled={disabled}
        options={equipmentOptions}
        value={equipmentId ?? undefined}
        onChange={chooseEquipment}
        onClear={() => onChange(null)}
        notFoundContent={t('diagramDrawing.picker.noEquipment')}
        data-testid="binding-equipment"
      />
      {!whole && (
        <Select<string>
          aria-label={names.channel}
          placeholder={t('diagramDrawing.picker.chooseChannel')}
          style={{ minWidth: 160, flex: '1 1 160px' }}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled || equipmentId === null}
          options={channelOptions}
          value={current ?? undefined}
          onChange={chooseChannel}
          notFoundContent={t('diagramDrawing.picker.noChannel')}
          data-testid="binding-channel"
        />
      )}
    </Flex>
  );
}
