/** The link area of a device (owner only): link secret, open link, Modbus TCP address. */
import type { Equipment } from '../../api/equipment';

export default function LinkTab({ record }: { readonly record: Equipment }) {
  return <div data-testid="tab-link">{record.name}</div>;
}
