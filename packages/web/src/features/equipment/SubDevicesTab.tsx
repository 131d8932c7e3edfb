/** The sub-devices of a team host or gateway: add, edit, remove. */
import type { Equipment } from '../../api/equipment';

export default function SubDevicesTab({ record }: { readonly record: Equipment }) {
  return <div data-testid="tab-sub-devices">{record.name}</div>;
}
