/** The Camera tab drawn for a record in a test (the replies are in fixtures.ts). */
import type { Equipment, Permission } from '../../api/equipment';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import { renderPage } from '../auth/test-render';
import CameraTab from './CameraTab';
import { noMotion } from './no-motion';
import type { StreamSessionOptions } from './stream-session';

export * from './fixtures';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
export const SLOW = { timeout: 4000 };

/** The Camera tab of equipment 4 under `permission`. */
export function renderCameraTab(
  permission: Permission,
  timing: Pick<StreamSessionOptions, 'schedule' | 'now'> = {},
  more: Partial<Equipment> = {},
) {
  const record = sampleRecord({ id: 4, name: 'Pump house', permission, ...more });
  seedEquipment({ types: { [record.type]: sampleType(record.type) }, records: [record] });
  return renderPage(noMotion(<CameraTab record={record} timing={timing} />), {
    path: '/Equips',
    route: '/Equips',
  });
}
