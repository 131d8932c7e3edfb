/** Deleting a device (delete right), with a confirmation naming it and its sub-devices. */
import type { Equipment } from '../../api/equipment';

export default function DeleteEquipmentButton({ record }: { readonly record: Equipment }) {
  return (
    <span data-testid="delete-equipment-stub" hidden>
      {record.id}
    </span>
  );
}
