/** The info area of a device (spec §2): name, description, group, images, colours, location. */
import type { Equipment } from '../../api/equipment';

export default function InfoTab({ record }: { readonly record: Equipment }) {
  return <div data-testid="tab-info">{record.name}</div>;
}
