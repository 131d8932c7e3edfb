/**
 * What the parts of the device service share (the facade, device-service.ts, makes one of each):
 * the store, the registry of live links, the live channel, history, the status writer, the
 * background work, the clock and its zone, and the log. Each part takes those it uses.
 */
import type { Kysely } from 'kysely';
import type { HistoryRecorder } from '../../history/recorder.js';
import type { ZonedTime } from '../../history/time.js';
import type { LiveHub } from '../../live/hub.js';
import type { Database } from '../../storage/schema.js';
import type { EquipmentStatus } from '../link/equipment-status.js';
import type { GatewayLog } from '../link/log.js';
import type { LinkRegistry } from '../link/registry.js';
import type { BackgroundWork } from './background-work.js';

export interface DeviceParts {
  readonly db: Kysely<Database>;
  readonly registry: LinkRegistry;
  readonly hub: LiveHub;
  readonly recorder: HistoryRecorder | undefined;
  /** The writer of the equipment status columns. */
  readonly status: EquipmentStatus;
  readonly work: BackgroundWork;
  /** The zone of pushed times and of the clock set in devices. */
  readonly zone: ZonedTime;
  readonly now: () => number;
  readonly log: GatewayLog;
}
