/**
 * Equipment calls (docs/api.md § Equipment): the type catalogue, adding a device, the records the
 * caller may read, the tree, one record, the caller's permission and a host's sub-devices. The
 * catalogue and the new device's shapes are the contract in @fieldlink/protocol (checked in
 * development, see ./validated); the others still mirror the server's replies by hand. The wire
 * names of the specification stay at the server.
 */
import { EquipmentCreatedReply, EquipmentTypeReply, pageOf } from '@fieldlink/protocol';
import type { EquipmentCreate } from '@fieldlink/protocol';
import type { z } from 'zod';
import { get, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export interface ChannelCounts {
  readonly do: number;
  readonly di: number;
  readonly ai: number;
  readonly ao: number;
}

export type HostRole = 'team' | 'modbus' | 'dl645';

/** The caller's rights on one equipment; `level`, `operate`, `camera` are §4's levels 0-4. */
export interface Permission {
  readonly level: number;
  readonly operate: number;
  readonly camera: number;
  readonly read: boolean;
  readonly edit: boolean;
  readonly delete: boolean;
  readonly owner: boolean;
  /** When shared access ends; null for owners, administrators and permanent shares. */
  readonly until: string | null;
}

export interface EquipmentStatus {
  readonly online: boolean;
  readonly alarm: boolean;
  /** Battery level; 30 until the device reports one. */
  readonly soc: number;
  readonly at: string | null;
}

export interface ScalingLists {
  readonly x1: readonly number[];
  readonly x2: readonly number[];
  readonly y1: readonly number[];
  readonly y2: readonly number[];
}

export interface EquipmentColors {
  readonly background: string;
  readonly device: string;
  readonly alarm: string;
  readonly alarmHigh: string;
  readonly alarmLow: string;
  readonly title: string;
}

export type JsonRecord = Readonly<Record<string, unknown>>;

/** Every list is sized by the type's channel counts. */
export interface EquipmentSettings {
  readonly image: string;
  readonly background: string;
  readonly webBackground: string;
  readonly colors: EquipmentColors;
  readonly showOpenAll: boolean;
  readonly showCloseAll: boolean;
  readonly param: JsonRecord;
  readonly camera: JsonRecord;
  readonly alarmType: JsonRecord;
  readonly teamSn: string;
  readonly modes: {
    readonly doOpr: string;
    readonly doRtc: string;
    readonly doDi: JsonRecord;
    readonly doAi: JsonRecord;
    readonly doUi: string;
    readonly doScene: string;
  };
  readonly do: {
    readonly names: readonly string[];
    readonly onImages: readonly string[];
    readonly offImages: readonly string[];
  };
  readonly di: {
    readonly names: readonly string[];
    readonly onImages: readonly string[];
    readonly offImages: readonly string[];
    readonly alarm: readonly boolean[];
    readonly alarmHigh: readonly boolean[];
  };
  readonly ai: ScalingLists & {
    readonly names: readonly string[];
    readonly units: readonly string[];
    readonly alarmHigh: readonly number[];
    readonly alarmLow: readonly number[];
    readonly alarmOperations: readonly string[];
    readonly images: readonly string[];
    readonly alarmImages: readonly string[];
  };
  readonly ao: ScalingLists & {
    readonly names: readonly string[];
    readonly units: readonly string[];
    readonly min: readonly number[];
    readonly max: readonly number[];
    readonly images: readonly string[];
  };
}

/** One catalogue entry (GET /equipment-types). */
export type EquipmentType = Reply<EquipmentTypeReply>;

/** POST /equipment: serial number, model, name, optional group; the server upper-cases the serial. */
export type NewEquipment = z.input<typeof EquipmentCreate>;

/** The added device's record, with the link secret its DTU must send (`SN:secret`), shown once here. */
export type CreatedEquipment = Reply<EquipmentCreatedReply>;

/** An equipment record (GET /equipment/:id). */
export interface Equipment {
  readonly id: number;
  /** Serial number for a device, `<host unid>_<address>` for a sub-device. */
  readonly unid: string;
  readonly sn: string | null;
  readonly type: string;
  readonly name: string;
  readonly description: string;
  readonly group: string;
  readonly parentId: number | null;
  readonly address: string | null;
  readonly ownerId: number;
  readonly counts: ChannelCounts;
  readonly aoRegister: number;
  readonly series2000: boolean;
  readonly permission: Permission;
  readonly status: EquipmentStatus;
  readonly settings: EquipmentSettings;
  readonly cameraPassword?: string | null;
  readonly hasLinkSecret?: boolean;
  /** The device may register its link without a secret (the opt-out): shown as a warning. */
  readonly openLink?: boolean;
  readonly modbusTcp?: { readonly host: string; readonly port: number } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A node of GET /equipment/tree. */
export interface TreeDevice {
  readonly id: number;
  readonly unid: string;
  readonly name: string;
  readonly type: string;
  readonly group: string;
  readonly icon: string;
  readonly isOnline: boolean;
  readonly isAlarm: boolean;
  readonly soc: number;
  /** The caller's permission level on it (0-4). */
  readonly level: number;
  readonly children: readonly TreeDevice[];
}

export interface TreeGroup {
  /** 'm_' + index. */
  readonly id: string;
  readonly name: string;
  readonly children: readonly TreeDevice[];
}

export interface Counters {
  readonly total: number;
  readonly online: number;
  readonly offline: number;
  readonly alarm: number;
  readonly normal: number;
}

export interface EquipmentTree {
  readonly groups: readonly TreeGroup[];
  /** Devices without a group, after the groups. */
  readonly devices: readonly TreeDevice[];
  readonly counters: Counters;
}

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
  return get<Page<Equipment>>('/equipment', { query: { ...query }, signal });
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
  return get<EquipmentTree>('/equipment/tree', { signal });
}

export function getEquipment(id: number, signal?: AbortSignal): Promise<Equipment> {
  return get<Equipment>(`/equipment/${id}`, { signal });
}

export function getPermission(id: number, signal?: AbortSignal): Promise<Permission> {
  return get<Permission>(`/equipment/${id}/permission`, { signal });
}

export function listSubDevices(hostId: number, signal?: AbortSignal): Promise<Page<Equipment>> {
  return get<Page<Equipment>>(`/equipment/${hostId}/sub-devices`, { signal });
}
