/** Drawing a device's configure tab in a component test, as the device view draws it. */
import type { ComponentType } from 'react';
import type { Equipment, EquipmentType, Permission } from '../../api/equipment';
import { useEquipmentStore } from '../../equipment/store';
import { sampleType } from '../../equipment/test-support';
import { renderWithApp } from '../monitoring/test-render';

type StoreState = ReturnType<typeof useEquipmentStore.getState>;

/**
 * Puts `record`, its type (by default the sample type of its model and counts) and the user's
 * `rights` on it (by default the record's) in the store, with any `more` of the store's state,
 * then draws `Tab` with the record the store holds, so that a saved reply shows.
 */
export function renderDeviceTab(
  Tab: ComponentType<{ record: Equipment }>,
  record: Equipment,
  {
    type = sampleType(record.type, record.counts),
    rights = record.permission,
    more = {},
  }: { type?: EquipmentType; rights?: Permission; more?: Partial<StoreState> } = {},
) {
  useEquipmentStore.setState({
    types: { [record.type]: type },
    records: { [record.id]: record },
    rights: { [record.id]: rights },
    ...more,
  });
  function Shown() {
    const shown = useEquipmentStore((s) => s.records[record.id]);
    return shown ? <Tab record={shown} /> : null;
  }
  return renderWithApp(<Shown />);
}
