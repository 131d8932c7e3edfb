/**
 * Writing equipment records: the one place a new device or sub-device row is made, used by the
 * routes and by the demo data, so both store the same normalised settings.
 */
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Database, Equipment } from '../storage/schema.js';
import { equipmentType } from '@fieldlink/protocol';
import type { EquipmentType } from '@fieldlink/protocol';
import { normaliseSettings } from './settings.js';
import type { SettingsInput } from '@fieldlink/protocol';

export const PRODUCT_MODEL_ERROR = 'product model error';

/** The catalogue entry of a model name given by a caller; 400 'product model error' when unknown. */
export function requireType(name: string): EquipmentType {
  const type = equipmentType(name);
  if (!type) throw new ApiError('bad_request', PRODUCT_MODEL_ERROR);
  return type;
}

export interface NewDevice {
  readonly ownerId: number;
  /** The secret its link registration must carry, as stored (gateway/dtu/secrets.ts storedLinkSecret). */
  readonly link: Pick<Equipment, 'link_secret_hash' | 'link_secret_sealed'>;
  readonly sn: string;
  readonly type: string;
  readonly name: string;
  readonly description?: string | undefined;
  readonly group?: string | undefined;
  readonly cameraPassword?: string | null | undefined;
  readonly settings?: SettingsInput | undefined;
}

async function insert(
  db: Kysely<Database>,
  values: Omit<
    Equipment,
    | 'id'
    | 'online'
    | 'alarm'
    | 'soc'
    | 'status_at'
    | 'settings'
    | 'link_secret_hash'
    | 'link_secret_sealed'
    | 'link_open'
    | 'link_host'
    | 'link_port'
    | 'link_node'
    | 'slave_address'
    | 'clock_sync'
    | 'unanswered_address'
    | 'unsupported_blocks'
  > &
    Partial<Pick<Equipment, 'link_secret_hash' | 'link_secret_sealed'>>,
  type: EquipmentType,
  settings: SettingsInput,
  conflict: string,
): Promise<number> {
  try {
    const row = await db
      .insertInto('equipment')
      .values({
        ...values,
        settings: JSON.stringify(normaliseSettings(type.counts, settings, undefined, { image: type.image })),
        soc: null,
        status_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('conflict', conflict);
    throw error;
  }
}

/**
 * Adds a device with a link of its own, closed: it registers with its link secret only. Returns
 * its id; 409 when the serial number is taken.
 */
export async function insertDevice(db: Kysely<Database>, device: NewDevice, now: number): Promise<number> {
  const type = requireType(device.type);
  if (type.attachesTo !== null) {
    throw new ApiError(
      'bad_request',
      `a ${type.type} is added under its host: POST /api/v1/equipment/{hostId}/sub-devices`,
    );
  }
  return insert(
    db,
    {
      owner_id: device.ownerId,
      parent_id: null,
      sn: device.sn,
      unid: device.sn,
      address: null,
      type: type.type,
      name: device.name,
      description: device.description ?? '',
      group_name: device.group ?? '',
      camera_password: device.cameraPassword ?? null,
      link_secret_hash: device.link.link_secret_hash,
      link_secret_sealed: device.link.link_secret_sealed,
      created_at: now,
      updated_at: now,
    },
    type,
    device.settings ?? {},
    `equipment ${device.sn} is already registered; ask its owner for a share code`,
  );
}

export interface NewSubDevice {
  /** A slave id 0-249, or a DL645 meter's 12-digit address. */
  readonly address: number | string;
  readonly type: string;
  readonly name: string;
  readonly description?: string | undefined;
  readonly group?: string | undefined;
  readonly settings?: SettingsInput | undefined;
}

/**
 * Adds a sub-device under `host`: owned by the host's owner, unid `<host unid>_<address>`.
 * 400 when the type does not hang under this kind of host or the address is of the wrong form;
 * 409 when the address is taken under this host.
 */
export async function insertSubDevice(
  db: Kysely<Database>,
  host: Equipment,
  device: NewSubDevice,
  now: number,
): Promise<number> {
  const hostType = equipmentType(host.type);
  const type = requireType(device.type);
  if (!hostType || hostType.hostRole === null) {
    throw new ApiError('bad_request', `a ${host.type} has no sub-devices`);
  }
  if (type.attachesTo !== hostType.hostRole) {
    throw new ApiError(
      'bad_request',
      `${PRODUCT_MODEL_ERROR}: a ${type.type} cannot be added under a ${hostType.type}`,
    );
  }
  const dl645 = hostType.hostRole === 'dl645';
  if (dl645 !== (typeof device.address === 'string')) {
    throw new ApiError(
      'bad_request',
      dl645 ? 'a DL645 meter address is 12 digits' : 'a slave id is a whole number from 0 to 249',
    );
  }
  const address = String(device.address);
  return insert(
    db,
    {
      owner_id: host.owner_id,
      parent_id: host.id,
      sn: null,
      unid: `${host.unid}_${address}`,
      address,
      type: type.type,
      name: device.name,
      description: device.description ?? '',
      group_name: device.group ?? host.group_name,
      camera_password: null,
      created_at: now,
      updated_at: now,
    },
    type,
    device.settings ?? {},
    `${dl645 ? 'address' : 'slave id'} ${address} is already used under this host`,
  );
}
