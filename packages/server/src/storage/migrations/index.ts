/**
 * Every migration, in order. Listed by hand rather than found on disk so the compiled server runs
 * from dist without its sources. A new migration gets the next number; the names sort in the order
 * they run, and an applied migration is never renamed or edited.
 */
import type { Migration } from 'kysely';
import { accounts } from './0001_accounts.js';
import { equipment } from './0002_equipment.js';
import { socialIdentities } from './0003_social_identities.js';
import { linkSecret } from './0004_link_secret.js';
import { history } from './0005_history.js';
import { modbusTcp } from './0006_modbus_tcp.js';
import { equipmentUpdatedAt } from './0007_equipment_updated_at.js';
import { equipmentLinkHost } from './0008_equipment_link_host.js';
import { attemptCounters } from './0009_attempt_counters.js';
import { linkSecretKept } from './0010_link_secret_kept.js';
import { equipmentLinkNode } from './0011_equipment_link_node.js';
import { equipmentSlaveAddress } from './0012_equipment_slave_address.js';
import { equipmentUnsupportedBlocks } from './0013_equipment_unsupported_blocks.js';
import { equipmentClockSync } from './0014_equipment_clock_sync.js';
import { equipmentTypes } from './0015_equipment_types.js';
import { files } from './0016_files.js';
import { diagrams } from './0017_diagrams.js';
import { diagramLinks } from './0018_diagram_links.js';
import { userAccess } from './0019_user_access.js';
import { notices } from './0020_notices.js';
import { apps } from './0021_apps.js';
import { reports } from './0022_reports.js';
import { feedback } from './0023_feedback.js';
import { firstSignIn } from './0024_first_sign_in.js';
import { alarmMailClaims } from './0025_alarm_mail_claims.js';
import { alarmAcks } from './0026_alarm_acks.js';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_accounts': accounts,
  '0002_equipment': equipment,
  '0003_social_identities': socialIdentities,
  '0004_link_secret': linkSecret,
  '0005_history': history,
  '0006_modbus_tcp': modbusTcp,
  '0007_equipment_updated_at': equipmentUpdatedAt,
  '0008_equipment_link_host': equipmentLinkHost,
  '0009_attempt_counters': attemptCounters,
  '0010_link_secret_kept': linkSecretKept,
  '0011_equipment_link_node': equipmentLinkNode,
  '0012_equipment_slave_address': equipmentSlaveAddress,
  '0013_equipment_unsupported_blocks': equipmentUnsupportedBlocks,
  '0014_equipment_clock_sync': equipmentClockSync,
  '0015_equipment_types': equipmentTypes,
  '0016_files': files,
  '0017_diagrams': diagrams,
  '0018_diagram_links': diagramLinks,
  '0019_user_access': userAccess,
  '0020_notices': notices,
  '0021_apps': apps,
  '0022_reports': reports,
  '0023_feedback': feedback,
  '0024_first_sign_in': firstSignIn,
  '0025_alarm_mail_claims': alarmMailClaims,
  '0026_alarm_acks': alarmAcks,
};
