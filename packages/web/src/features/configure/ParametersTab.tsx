/**
 * The parameters area of a device (spec §2, §3): per-channel names, DI alarm flags and levels, AI
 * and AO units and scaling points with a live preview, AI alarm limits and operations, AO limits.
 * With the edit right an editable form saved as one PATCH of the lists that changed; without it
 * the same values as text.
 */
import { useCallback } from 'react';
import type { Equipment } from '../../api/equipment';
import { useEquipmentStore } from '../../equipment/store';
import { ChannelTabFrame } from './channel-fields';
import { useChannelForm } from './channel-draft';
import type { SetItem } from './parameters-columns';
import { draftFromRecord, parametersChanges, sameDraft, validateParameters } from './parameters-model';
import type { ParametersDraft } from './parameters-model';
import { AiParameters, AoParameters } from './ParametersAnalog';
import { DiParameters, DoParameters } from './ParametersDigital';

export default function ParametersTab({ record }: { readonly record: Equipment }) {
  const live = useEquipmentStore((s) => s.live[record.id]);
  const { counts } = record;
  const validate = useCallback((draft: ParametersDraft) => validateParameters(draft, counts), [counts]);
  const form = useChannelForm(record, {
    fromRecord: draftFromRecord,
    same: sameDraft,
    validate,
    changes: parametersChanges,
  });
  const { draft, setDraft, errors, editable } = form;

  const setItem: SetItem = (kind, list, index, value) =>
    setDraft((d) => {
      const lists = d[kind] as Record<string, readonly unknown[]>;
      const items = lists[list] ?? [];
      return {
        ...d,
        [kind]: { ...lists, [list]: items.map((item, i) => (i === index ? value : item)) },
      } as ParametersDraft;
    });

  const props = { draft, errors, editable, setItem };
  const analog = { ...props, record, live };
  return (
    <ChannelTabFrame area="parameters" counts={counts} form={form}>
      {counts.do > 0 && <DoParameters {...props} />}
      {counts.di > 0 && <DiParameters {...props} />}
      {counts.ai > 0 && <AiParameters {...analog} />}
      {counts.ao > 0 && <AoParameters {...analog} />}
    </ChannelTabFrame>
  );
}
