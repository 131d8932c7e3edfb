/**
 * The equipment routes' request and reply shapes (docs/api.md § Equipment), imported by the server
 * (validation, types, OpenAPI) and the console (types, reply checks in development). Names are the
 * domain's; the specification's field names stay at the server's `format=wire` edge.
 */
import { z } from 'zod';
import { storedText as text } from './fields.js';
import { Settings, SettingsInput } from './settings.js';

/**
 * A serial number: what a device sends first on its link. Letters, digits and `-_.`, so it can
 * stand in a unid and a URL; kept in upper case, as devices print it on their labels.
 */
export const SerialNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.-]{4,32}$/, '4-32 letters, digits, - or .')
  .transform((s) => s.toUpperCase());

/** A model name of the catalogue; checked against it by the route ('product model error'). */
export const TypeName = z.string().min(1).max(64);

export const EquipmentName = text(1, 64);
export const EquipmentDescription = text(0, 512);
export const EquipmentGroup = text(0, 64);
export const CameraPassword = text(0, 128).nullable();

/** POST /equipment: a device added by serial number and type; the caller owns it. */
export const EquipmentCreate = z.strictObject({
  sn: SerialNumber,
  type: TypeName,
  name: EquipmentName,
  description: EquipmentDescription.optional(),
  group: EquipmentGroup.optional(),
  cameraPassword: CameraPassword.optional(),
  settings: SettingsInput.optional(),
});

const Counts = z.object({ do: z.number(), di: z.number(), ai: z.number(), ao: z.number() });

export const PermissionReply = z.object({
  level: z.number().int().min(0).max(4),
  operate: z.union([z.literal(0), z.literal(1)]),
  camera: z.union([z.literal(0), z.literal(1)]),
  read: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  owner: z.boolean(),
  /** ISO time the caller's shared access ends; null when it does not. */
  until: z.iso.datetime().nullable(),
});
export type PermissionReply = z.infer<typeof PermissionReply>;

export const StatusReply = z.object({
  online: z.boolean(),
  alarm: z.boolean(),
  soc: z.number(),
  at: z.iso.datetime().nullable(),
});
export type StatusReply = z.infer<typeof StatusReply>;

export const EquipmentReply = z.object({
  id: z.number(),
  unid: z.string(),
  sn: z.string().nullable(),
  type: z.string(),
  name: z.string(),
  description: z.string(),
  group: z.string(),
  parentId: z.number().nullable(),
  address: z.string().nullable(),
  ownerId: z.number(),
  counts: Counts,
  aoRegister: z.number(),
  series2000: z.boolean(),
  permission: PermissionReply,
  status: StatusReply,
  settings: Settings,
  /** Whether the device has a link secret (the secret itself: GET /equipment/:id/link-secret). */
  hasLinkSecret: z.boolean(),
  /**
   * Warning: the device may register without a secret, so anyone who knows its serial number can
   * take its link while it is offline (the owner's opt-out, or a device from before secrets).
   */
  openLink: z.boolean(),
  /** Where the server dials the device over Modbus TCP; null when it is reached through a DTU. */
  modbusTcp: z.object({ host: z.string(), port: z.number() }).nullable(),
  /** Only for callers with the camera right. */
  cameraPassword: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type EquipmentReply = z.infer<typeof EquipmentReply>;

/** A new device, with the link secret its DTU must send (`SN:secret`), shown to its owner. */
export const EquipmentCreatedReply = EquipmentReply.extend({ linkSecret: z.string() });
export type EquipmentCreatedReply = z.infer<typeof EquipmentCreatedReply>;

/** A catalogue entry (GET /equipment-types), with the settings a new record of the type starts with. */
export const EquipmentTypeReply = z.object({
  type: z.string(),
  names: z.object({ en: z.string(), zh: z.string(), tc: z.string() }),
  counts: Counts,
  aoRegister: z.number(),
  series2000: z.boolean(),
  logicType: z.enum(['none', 'rules', 'logic']),
  rulePages: z.array(z.string()),
  relayModes: z.array(z.number()),
  image: z.string(),
  icon: z.string(),
  hostRole: z.enum(['team', 'modbus', 'dl645']).nullable(),
  attachesTo: z.enum(['team', 'modbus', 'dl645']).nullable(),
  isTeam: z.boolean(),
  slaveAddress: z.number(),
  defaults: Settings,
});
export type EquipmentTypeReply = z.infer<typeof EquipmentTypeReply>;
