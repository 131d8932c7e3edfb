/**
 * Equipment calls (docs/api.md § Equipment): the type catalogue, adding, changing and deleting a
 * device, the records the caller may read, the tree, one record, the caller's permission, a host's
 * sub-devices and the link secret. The shapes are the contract in @fieldlink/protocol (replies
 * checked in development, see ./validated). The wire names of the specification stay at the server.
 */
import {
  EquipmentCreatedReply,
  EquipmentReply,
  EquipmentTypeReply,
  LinkSecretReply,
  pageOf,
  PermissionReply,
  TreeReply,
} from '@fieldlink/protocol';
import type {
  CountersReply,
  EquipmentCreate,
  EquipmentPatch,
  Settings,
  StatusReply,
  SubDeviceCreate,
  TreeDeviceReply,
} from '@fieldlink/protocol';
import type { z } from 'zod';
import { del, get, patch, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type ChannelCounts = Reply<EquipmentReply['counts']>;

export type HostRole = NonNullable<EquipmentTypeReply['hostRole']>;

/** The caller's rights on one equipment; `level`, `operate`, `camera` are §4's levels 0-4. */
export type Permission = Reply<PermissionReply>;

export type EquipmentStatus = Reply<StatusReply>;

/** Every list is sized by the type's channel counts. */
export type EquipmentSettings = Reply<Settings>;
export type EquipmentColors = EquipmentSettings['colors'];
export type ScalingLists = Pick<EquipmentSettings['ai'], 'x1' | 'x2' | 'y1' | 'y2'>;
export type JsonRecord = Readonly<Record<string, unknown>>;

/** One catalogue entry (GET /equipment-types). */
export type EquipmentType = Reply<EquipmentTypeReply>;

/** POST /equipment: serial number, model, name, optional group; the server upper-cases the serial. */
export type NewEquipment = z.input<typeof EquipmentCreate>;

/** The added device's record, with the link secret its DTU must send (`SN:secret`), shown once here. */
export type CreatedEquipment = Reply<EquipmentCreatedReply>;

/** An equipment record (GET /equipment/:id). */
export type Equipment = Reply<EquipmentReply>;

/** PATCH /equipment/:id: any of name, description, group, settings; the link settings (owner only). */
export type EquipmentChanges = EquipmentPatch;

/** POST /equipment/:id/sub-devices. */
export type NewSubDevice = SubDeviceCreate;

/** The device's link secret (owner and administrators). */
export type LinkSecret = Reply<LinkSecretReply>;

/** A node of GET /equipment/tree. */
export type TreeDevice = Reply<TreeDeviceReply>;
export type TreeGroup = Reply<TreeReply['groups'][number]>;
export type Counters = Reply<CountersReply>;
export type EquipmentTree = Reply<TreeReply>;

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

export interface EquipmentQuery {
  readonly offset?: number;
  /** 1-1000, default 100. */
  readonly limit?: number;
  readonly group?: string;
  /** Name, serial number or unid contains it (1-64 characters). */
  readonly q?: string;
  /** 'all' is for administrators only. */
  readonly scope?: 'mine' | 'all';
}

/** The server's largest page of GET /equipment. */
export const EQUIPMENT_PAGE_LIMIT = 1000;

const checkTypes = validated(pageOf(EquipmentTypeReply));
const checkType = validated(EquipmentTypeReply);
const checkCreated = validated(EquipmentCreatedReply);
const checkRecord = validated(EquipmentReply);
const checkRecords = validated(pageOf(EquipmentReply));
const checkTree = validated(TreeReply);
const checkLinkSecret = validated(LinkSecretReply);
const checkPermission = validated(PermissionReply);

export function listEquipmentTypes(signal?: AbortSignal): Promise<Page<EquipmentType>> {
  return get<unknown>('/equipment-types', { signal, anonymous: true }).then(checkTypes);
}

export function getEquipmentType(type: string, signal?: AbortSignal): Promise<EquipmentType> {
  return get<unknown>(`/equipment-types/${encodeURIComponent(type)}`, { signal, anonymous: true }).then(
    checkType,
  );
}

/**
 * Adds a device the caller owns. The server answers 400 'product model error' for a model not in
 * the catalogue and 409 for a serial number already added.
 */
export function createEquipment(equipment: NewEquipment): Promise<CreatedEquipment> {
  return post<unknown>('/equipment', equipment).then(checkCreated);
}

export function listEquipment(query: EquipmentQuery = {}, signal?: AbortSignal): Promise<Page<Equipment>> {
  return get<unknown>('/equipment', { query: { ...query }, signal }).then(checkRecords);
}

/** Every record the caller may read, page after page of the largest size. */
export async function listAllEquipment(
  query: Omit<EquipmentQuery, 'offset' | 'limit'> = {},
  signal?: AbortSignal,
): Promise<Equipment[]> {
  const all: Equipment[] = [];
  for (;;) {
    const page = await listEquipment({ ...query, offset: all.length, limit: EQUIPMENT_PAGE_LIMIT }, signal);
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) return all;
  }
}

export function getEquipmentTree(signal?: AbortSignal): Promise<EquipmentTree> {
  return get<unknown>('/equipment/tree', { signal }).then(checkTree);
}

export function getEquipment(id: number, signal?: AbortSignal): Promise<Equipment> {
  return get<unknown>(`/equipment/${id}`, { signal }).then(checkRecord);
}

export function getPermission(id: number, signal?: AbortSignal): Promise<Permission> {
  return get<unknown>(`/equipment/${id}/permission`, { signal }).then(checkPermission);
}

export function listSubDevices(hostId: number, signal?: AbortSignal): Promise<Page<Equipment>> {
  return get<unknown>(`/equipment/${hostId}/sub-devices`, { signal }).then(checkRecords);
}

/**
 * Changes a record (edit right; the link settings need the owner or an administrator). Lists in
 * `settings` replace the stored ones whole. Replies with the record as stored.
 */
export function updateEquipment(id: number, changes: EquipmentChanges): Promise<Equipment> {
  return patch<unknown>(`/equipment/${id}`, changes).then(checkRecord);
}

/** Removes the equipment with its sub-devices, grants and share codes (delete right). */
export function deleteEquipment(id: number): Promise<void> {
  return del<void>(`/equipment/${id}`);
}

/** A sub-device under a team host or gateway (edit right on the host). */
export function createSubDevice(hostId: number, device: NewSubDevice): Promise<Equipment> {
  return post<unknown>(`/equipment/${hostId}/sub-devices`, device).then(checkRecord);
}

/** The device's link secret (owner and administrators). */
export function getLinkSecret(id: number, signal?: AbortSignal): Promise<LinkSecret> {
  return get<unknown>(`/equipment/${id}/link-secret`, { signal }).then(checkLinkSecret);
}

/** A new link secret; the old one no longer registers. */
export function regenerateLinkSecret(id: number): Promise<LinkSecret> {
  return post<unknown>(`/equipment/${id}/link-secret`).then(checkLinkSecret);
}
