/**
 * A diagram's values from the console's live data, for the equipment it draws only: the
 * directory's entries (which equipment the user may see, their names), the records (channel
 * names, units, scaling, alarm limits) and the equipment store's values, link and alarm flags,
 * subscribed the way the monitoring page's group rows do. Readings come from the same view
 * builders as the equipment page (equipment/channels.ts), so scaling and alarms agree with it.
 *
 * Nothing is fetched here: the page makes sure the directory and the records are read
 * (`useEquipmentLoaded`; the records come in the background after it). Until a record arrives its
 * equipment shows its link and alarm and '—' for every channel. Values move with the live
 * channel's pushes (the server polls every device about once a minute and pushes what changed).
 */
import { diagramEquipment } from '@fieldlink/protocol';
import type { ChannelView, DiagramDocument } from '@fieldlink/protocol';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { Equipment } from '../api/equipment';
import { channelViews } from '../equipment/channels';
import { useDirectory, useRecords } from '../equipment/directory';
import type { Directory, Records } from '../equipment/directory';
import { emptyLiveState } from '../equipment/live-state';
import { canOperate, permissionFromLevel } from '../equipment/rights';
import type { LiveState } from '../equipment/live-state';
import { useEquipmentStore } from '../equipment/store';
import type { DeviceEntry, NodeFlags } from '../equipment/tree';
import type { UnsupportedBlocks } from '../equipment/unsupported';
import { aoRangeOf } from '../features/monitoring/AoPanel';
import { formatValue } from '../features/monitoring/format';
import { NO_VALUE } from './values';
import type { ChannelReading, DiagramValues, EquipmentValues } from './values';

interface Words {
  readonly on: string;
  readonly off: string;
}

/** fDODIMode naming no channel: every channel shown (parsed once, see channels.ts). */
const ALL_SHOWN = {};

/**
 * The equipment page hides the channels its display settings leave out; a diagram shows every
 * channel it binds, since its owner bound that one on purpose.
 */
function everyChannel(record: Equipment): Pick<Equipment, 'counts' | 'settings'> {
  return {
    counts: record.counts,
    settings: { ...record.settings, modes: { ...record.settings.modes, doDi: ALL_SHOWN } },
  };
}

function digital(view: ChannelView, known: boolean, words: Words): ChannelReading {
  if (!known) return { text: NO_VALUE, unit: '', alarm: false, name: view.name };
  const on = view.value !== 0;
  return { on, text: on ? words.on : words.off, unit: '', alarm: view.alarm !== 0, name: view.name };
}

function analog(
  view: ChannelView,
  known: boolean,
  range: { readonly min: number; readonly max: number } | null,
): ChannelReading {
  const base = { unit: view.unit, name: view.name, ...range };
  if (!known) return { ...base, text: NO_VALUE, alarm: false };
  const shown = formatValue(view.value);
  return {
    ...base,
    value: view.value,
    text: view.unit ? `${shown} ${view.unit}` : shown,
    alarm: view.alarm !== 0,
  };
}

/** Every channel of a record as read now; a kind not reported yet (or refused) reads '—'. */
function readingsOf(
  record: Equipment,
  live: LiveState | undefined,
  unsupported: UnsupportedBlocks | undefined,
  words: Words,
): Record<'do' | 'di' | 'ai' | 'ao', readonly ChannelReading[]> {
  const state = live ?? emptyLiveState(record.counts);
  const views = channelViews(everyChannel(record), state);
  const known = {
    do: state.known.do && unsupported?.do === undefined,
    di: state.known.di && unsupported?.di === undefined,
    ai: state.known.ai && unsupported?.ai === undefined,
    ao: state.known.ao && unsupported?.ao === undefined,
  };
  return {
    do: views.do.map((v) => digital(v, known.do, words)),
    di: views.di.map((v) => digital(v, known.di, words)),
    ai: views.ai.map((v) => analog(v, known.ai, null)),
    ao: views.ao.map((v) => analog(v, known.ao, aoRangeOf(record, v.id))),
  };
}

type Inputs = readonly [
  DeviceEntry,
  Equipment | undefined,
  LiveState | undefined,
  NodeFlags | undefined,
  UnsupportedBlocks | undefined,
  Words,
];

function equipmentValues([entry, record, live, flags, unsupported, words]: Inputs): EquipmentValues {
  const online = flags?.isOnline ?? record?.status.online ?? false;
  const alarm = flags?.isAlarm ?? record?.status.alarm ?? false;
  // The record's rights, else the tree's level (as usePermission reads them).
  const operable = canOperate(record ? record.permission : permissionFromLevel(entry.level));
  if (!record) return { name: entry.name, online, alarm, operable, channel: () => undefined };
  const readings = readingsOf(record, live, unsupported, words);
  return { name: record.name, online, alarm, operable, channel: (kind, index) => readings[kind][index - 1] };
}

const sameInputs = (a: Inputs, b: Inputs): boolean => a.every((item, i) => item === b[i]);

/**
 * The values of the equipment `document` draws. An equipment's values (and its readings) keep
 * their identity until something of it changes, so a push repaints only the widgets it touches.
 */
export function useDiagramValues(document: DiagramDocument): DiagramValues {
  const { t, i18n } = useTranslation();
  const ids = useMemo(() => diagramEquipment(document), [document]);
  const key = ids.join(',');
  // The same list while the document binds the same equipment (an edit of a colour keeps it):
  // `key` stands for `ids`.
  const bound = useMemo(() => ids, [key]);
  const entries = useDirectory(
    useCallback((d: Directory) => bound.map((id): DeviceEntry | undefined => d.entries[id]), [bound]),
  );
  const records = useRecords(
    useCallback((byId: Records) => bound.map((id): Equipment | undefined => byId[id]), [bound]),
  );
  const live = useEquipmentStore(useShallow((s) => bound.map((id) => s.live[id])));
  const flags = useEquipmentStore(useShallow((s) => bound.map((id) => s.flags[id])));
  const unsupported = useEquipmentStore(useShallow((s) => bound.map((id) => s.unsupported[id])));
  // The words follow the language.
  const words = useMemo<Words>(
    () => ({ on: t('diagrams.view.on'), off: t('diagrams.view.off') }),
    [t, i18n.language],
  );
  const held = useRef(new Map<number, { inputs: Inputs; values: EquipmentValues }>());

  return useMemo(() => {
    const next = new Map<number, { inputs: Inputs; values: EquipmentValues }>();
    const values = new Map<number, EquipmentValues>();
    bound.forEach((id, i) => {
      const entry = entries[i];
      // Not in the user's tree (no right, or removed), or seen there without the right to read.
      if (!entry || entry.level < 1) return;
      const inputs: Inputs = [entry, records[i], live[i], flags[i], unsupported[i], words];
      const before = held.current.get(id);
      const kept =
        before && sameInputs(before.inputs, inputs) ? before : { inputs, values: equipmentValues(inputs) };
      next.set(id, kept);
      values.set(id, kept.values);
    });
    held.current = next;
    return values;
  }, [bound, entries, records, live, flags, unsupported, words]);
}
