/**
 * The demo's value-added entries for everyone (§1): authorization management, two external
 * services at example addresses, and the automatic reports page of the console. Added once, to a
 * store with no entry for everyone: an administrator's later changes (deleting one included) are
 * theirs to keep. No demo custom route: an administrator adds those.
 */
import { SERVICE_MANAGER_PATH } from '@fieldlink/protocol';
import type { ValueAddedKind } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

export interface DemoValueAdded {
  readonly kind: ValueAddedKind;
  readonly title: string;
  readonly icon: string;
  readonly url: string;
}

/** The console's automatic reports page. */
export const REPORTS_PATH = '/increment/reports';

export const DEMO_VALUE_ADDED: readonly DemoValueAdded[] = [
  // Choosing it reloads the user's information and custom routes (§2's serviceManager).
  {
    kind: 'authorization',
    title: 'Authorization management',
    icon: 'SafetyCertificateOutlined',
    url: SERVICE_MANAGER_PATH,
  },
  { kind: 'sms', title: 'SMS alerts', icon: 'MessageOutlined', url: 'https://sms.example.com/console' },
  {
    kind: 'phoneAlarm',
    title: 'Phone alarm',
    icon: 'PhoneOutlined',
    url: 'https://voice.example.com/alarms',
  },
  { kind: 'reports', title: 'Automatic reports', icon: 'FileTextOutlined', url: REPORTS_PATH },
];

/** Adds the demo entries when there is no entry for everyone; whether it added them. */
export async function seedDemoValueAdded(db: Kysely<Database>, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const any = await trx
      .selectFrom('value_added_entries')
      .select('id')
      .where('tenant_id', 'is', null)
      .executeTakeFirst();
    if (any) return false;
    await trx
      .insertInto('value_added_entries')
      .values(
        DEMO_VALUE_ADDED.map((entry, i) => ({
          tenant_id: null,
          kind: entry.kind,
          title: entry.title,
          icon: entry.icon,
          url: entry.url,
          sort: (i + 1) * 10,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    return true;
  });
}
