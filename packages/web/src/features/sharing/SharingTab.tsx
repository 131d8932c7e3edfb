/** The share and permissions areas of a device (spec §2, §4, §6): share codes and who has access. */
import type { Equipment } from '../../api/equipment';

export default function SharingTab({ record }: { readonly record: Equipment }) {
  return <div data-testid="tab-sharing">{record.name}</div>;
}
