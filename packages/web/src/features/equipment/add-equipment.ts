/** Adding a device: the call, the tree reload after it, and which field a server refusal belongs to. */
import { useMutation } from '@tanstack/react-query';
import { createEquipment } from '../../api/equipment';
import type { NewEquipment } from '../../api/equipment';
import { ApiError } from '../../api/http';
import { startAdding } from '../../equipment/adding';
import type { MessageKey } from '../../i18n';
import { refreshEquipment } from '../../equipment/loading';

/** The server's serial rule (protocol api/equipment.ts `SerialNumber`), before it upper-cases it. */
export const SERIAL_PATTERN = /^[A-Za-z0-9.-]{4,32}$/;

/** The server's words for an unknown model (server equipment/store.ts PRODUCT_MODEL_ERROR). */
const PRODUCT_MODEL_ERROR = 'product model error';

export type SubmitError =
  | { readonly field: 'sn' | 'type'; readonly key: MessageKey }
  | { readonly field: null; readonly message: string };

/** A refusal of POST /equipment: on the field it is about, or the server's words for an alert. */
export function submitError(error: unknown): SubmitError {
  if (error instanceof ApiError) {
    if (error.status === 409) return { field: 'sn', key: 'equipment.add.errors.duplicate' };
    if (error.message.startsWith(PRODUCT_MODEL_ERROR))
      return { field: 'type', key: 'equipment.add.errors.productModel' };
    return { field: null, message: error.message };
  }
  return { field: null, message: error instanceof Error ? error.message : String(error) };
}

/**
 * The call; on success the equipment is read anew, so the tree shows the device (and the live
 * channel's pushes for it find it) by the time the owner goes back to monitoring, and the adding
 * mode of §4 awaits its first push (equipment/adding.ts).
 */
export function useAddEquipment() {
  return useMutation({
    mutationFn: (equipment: NewEquipment) => createEquipment(equipment),
    onSuccess: (created) => {
      startAdding(created.unid);
      void refreshEquipment();
    },
  });
}
