/** Request and reply shapes of the equipment routes, and the mapping from stored rows. */
import { z } from 'zod';
import type { Equipment } from '../storage/schema.js';
import type { Access } from './access.js';
import { permissionOf } from './access.js';
import { EquipmentGroup, storedText } from '@fieldlink/protocol';
import type { EquipmentReply, EquipmentType, PermissionReply, StatusReply } from '@fieldlink/protocol';
import { readSettings, wireSettings } from './settings.js';
import { readUnsupported } from '../gateway/devices/unsupported-blocks.js';

// The shapes the console uses too (create, patch, sub-device, record, type, link secret, tree)
// live in protocol/src/api/equipment.ts.

export const EquipmentId = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** `array` (default): lists as arrays; `wire`: the specification's record with ';'-joined lists. */
export const Format = z.enum(['array', 'wire']).default('array');

export const ListQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** Only equipment in this group. */
  group: EquipmentGroup.optional(),
  /** Name, serial number or unid contains this (case-insensitive). */
  q: storedText(1, 64).optional(),
  format: Format,
  /** `all` lists every equipment; administrators only. */
  scope: z.enum(['mine', 'all']).default('mine'),
});

/** The specification's record (spec §3): fID, fUNID, SN, f… lists ';'-joined, plus the caller's authority. */
export const WireRecord = z.record(z.string(), z.unknown());
export type WireRecord = z.infer<typeof WireRecord>;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function permissionReply(access: Access): PermissionReply {
  const p = permissionOf(access.rights);
  return {
    level: p.level,
    operate: p.operate,
    camera: p.camera,
    read: access.rights.read,
    edit: access.rights.edit,
    delete: access.rights.delete,
    owner: access.owner,
    until: iso(access.until),
  };
}

/**
 * The link state shown for a device: its own, or for a sub-device its host's (spec §4: a
 * sub-device takes online and SOC from its host).
 */
export function statusOf(
  row: Pick<
    Equipment,
    'online' | 'alarm' | 'soc' | 'status_at' | 'unanswered_address' | 'unsupported_blocks' | 'parent_id'
  >,
  host?: Pick<Equipment, 'online' | 'soc' | 'unanswered_address'>,
): StatusReply {
  const link = host ?? row;
  return {
    online: link.online === 1,
    alarm: row.alarm === 1,
    soc: link.soc,
    at: iso(row.status_at),
    unansweredAddress: link.online === 1 ? (link.unanswered_address ?? null) : null,
    // A device's own: a sub-device's blocks are not tracked.
    unsupported: row.parent_id === null && row.online === 1 ? readUnsupported(row.unsupported_blocks) : {},
  };
}

/** The Modbus TCP address of a row, when both parts are set. */
function modbusTcpOf(row: Equipment): { host: string; port: number } | null {
  const host = row.link_host ?? null;
  const port = row.link_port ?? null;
  return host !== null && port !== null ? { host, port } : null;
}

export function equipmentReply(
  row: Equipment,
  type: EquipmentType,
  access: Access,
  host?: Pick<Equipment, 'online' | 'soc' | 'unanswered_address'>,
): EquipmentReply {
  return {
    id: row.id,
    unid: row.unid,
    sn: row.sn,
    type: row.type,
    name: row.name,
    description: row.description,
    group: row.group_name,
    parentId: row.parent_id,
    address: row.address,
    ownerId: row.owner_id,
    counts: type.counts,
    aoRegister: type.aoRegister,
    series2000: type.series2000,
    permission: permissionReply(access),
    status: statusOf(row, host),
    settings: readSettings(type.counts, row.settings, type.image),
    hasLinkSecret: (row.link_secret_hash ?? null) !== null,
    openLink: row.parent_id === null && row.link_open === 1,
    modbusTcp: modbusTcpOf(row),
    slaveAddress: row.parent_id === null ? (row.slave_address ?? null) : null,
    clockSync: row.parent_id === null && row.clock_sync !== null ? row.clock_sync === 1 : null,
    ...(access.rights.camera ? { cameraPassword: row.camera_password } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The reply in the specification's field names (`?format=wire`). */
export function wireRecord(reply: EquipmentReply): WireRecord {
  const p = reply.permission;
  return {
    fID: reply.id,
    fUNID: reply.unid,
    SN: reply.sn ?? '',
    fName: reply.name,
    fDescription: reply.description,
    fGroup: reply.group,
    fEquipType: reply.type,
    fDONum: reply.counts.do,
    fDINum: reply.counts.di,
    fAINum: reply.counts.ai,
    fAONum: reply.counts.ao,
    fAOReg: reply.aoRegister,
    f2000: reply.series2000 ? 1 : 0,
    ...wireSettings(reply.settings),
    ...(reply.cameraPassword === undefined ? {} : { fCameraPwd: reply.cameraPassword ?? '' }),
    IsOnline: reply.status.online ? 1 : 0,
    SOC: reply.status.soc,
    Authority: {
      fEquipID: reply.id,
      fRead: p.read ? 1 : 0,
      fOpr: p.operate,
      fEdit: p.edit ? 1 : 0,
      fDelete: p.delete ? 1 : 0,
      fCamera: p.camera,
    },
  };
}
