/** Drawing a device's configure tab in a component test, as the device view draws it. */
import type { ComponentType } from 'react';
import type { Equipment, EquipmentType, Permission } from '../../api/equipment';
import { useRecord } from '../../equipment/directory';
import type { EquipmentSeed } from '../../equipment/test-support';
import { sampleType, seedEquipment } from '../../equipment/test-support';
import { renderWithApp } from '../monitoring/test-render';

/**
 * Puts `record` (with the user's `rights` on it, by default its own), its type (by default the
 * sample type of its model and counts) and any `more` of the console's equipment in place, then
 * draws `Tab` with the record held, so that a saved reply shows.
 */
export function renderDeviceTab(
  Tab: ComponentType<{ record: Equipment }>,
  record: Equipment,
  {
    type = sampleType(record.type, record.counts),
    rights = record.permission,
    more = {},
  }: { type?: EquipmentType; rights?: Permission; more?: EquipmentSeed } = {},
) {
  const held = { ...record, permission: rights };
  seedEquipment({
    ...more,
    types: { [record.type]: type, ...more.types },
    records: [held, ...(more.records ?? [])],
  });
  function Shown() {
    const shown = useRecord(record.id);
    return shown ? <Tab record={shown} /> : null;
  }
  return renderWithApp(<Shown />);
}
