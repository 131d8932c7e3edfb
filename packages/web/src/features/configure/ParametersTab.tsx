/** The parameters area of a device (spec §2, §3): per-channel names, units, scaling and alarm limits. */
import type { Equipment } from '../../api/equipment';

export default function ParametersTab({ record }: { readonly record: Equipment }) {
  return <div data-testid="tab-parameters">{record.name}</div>;
}
