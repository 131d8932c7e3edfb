/** The UI area of a device (spec §3 fDOUIMode, fDODIMode): channel modes, which channels show, images. */
import type { Equipment } from '../../api/equipment';

export default function DisplayTab({ record }: { readonly record: Equipment }) {
  return <div data-testid="tab-display">{record.name}</div>;
}
