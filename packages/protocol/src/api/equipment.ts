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
  /** Battery level in percent; null until the device (or its host) reports one. */
  soc: z.number().nullable(),
  at: z.iso.datetime().nullable(),
  /**
   * The slave address the device did not answer at while its link is up (its DTU or connection is
   * there, the device behind it is silent: a wrong address, or the device off); null while it
   * answers, before it is read and while it is offline. A sub-device shows its host's.
   */
  unansweredAddress: z.number().nullable(),
  /**
   * The register blocks (do, di, ai, ao) the online device refused with a Modbus exception (the
   * code of each: 1 illegal function, 2 illegal data address): it does not have them, and the rest
   * is read; retried about once an hour. {} when none, and while it is offline.
   */
  unsupported: z.partialRecord(z.enum(['do', 'di', 'ai', 'ao']), z.number()),
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
  /**
   * The Modbus slave (unit) address the server sends this device's requests to, when its owner set
   * one; null: its type's (`slaveAddress` of GET /equipment-types), and always for a sub-device.
   */
  slaveAddress: z.number().nullable(),
  /**
   * Whether the server sets the device's clock every 10 minutes, when its owner chose; null: as its
   * type says (`clock` of GET /equipment-types), and always for a sub-device.
   */
  clockSync: z.boolean().nullable(),
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
  /** It has the maker's clock and status block: the server sets its clock (unless switched off per device). */
  clock: z.boolean(),
  /** The first coil (DO), discrete input (DI) and input register (AI) of channel 1 (AO: aoRegister). */
  starts: z.object({ do: z.number(), di: z.number(), ai: z.number() }),
  /** Added by an operator as data (POST /equipment-types), not built in. */
  custom: z.boolean(),
  defaults: Settings,
});
export type EquipmentTypeReply = z.infer<typeof EquipmentTypeReply>;

/**
 * A sub-device's address under its host: the slave id (0-249, spec §5) of a wireless slave or a
 * Modbus meter, or the 12-digit address of a DL645 meter.
 */
export const SubDeviceAddress = z.union([
  z.number().int().min(0).max(249),
  z.string().regex(/^\d{12}$/, 'a 12-digit DL645 meter address'),
]);

/** POST /equipment/:id/sub-devices. */
export const SubDeviceCreate = z.strictObject({
  address: SubDeviceAddress,
  type: TypeName,
  name: EquipmentName,
  description: EquipmentDescription.optional(),
  group: EquipmentGroup.optional(),
  settings: SettingsInput.optional(),
});
export type SubDeviceCreate = z.input<typeof SubDeviceCreate>;

/**
 * The secret a device's DTU registration must carry (`SN:secret`): stored as a hash for the check
 * and sealed for its owner (and administrators) to read again; never shown to grantees.
 */
export const LinkSecret = z.string().regex(/^[\x20-\x7e]{8,64}$/, '8-64 printable ASCII characters');

/** A DNS name: dot-separated labels of letters, digits and inner hyphens, each 1-63 long. */
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const isIpLiteral = (h: string): boolean => z.ipv4().safeParse(h).success || z.ipv6().safeParse(h).success;

/** The Modbus TCP address the server dials a device at: a host name or an IPv4/IPv6 literal, and a port. */
export const ModbusTcpAddress = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .refine((h) => isIpLiteral(h) || HOSTNAME.test(h), 'a host name or an IPv4/IPv6 address'),
  port: z.number().int().min(1).max(65535),
});

/**
 * A device's Modbus slave (unit) address on its own link: 1-247 on an RTU line, up to 255 for
 * Modbus TCP units (many answer only 1 or 255); 0 is the broadcast address, which nothing answers.
 */
export const SlaveAddress = z.number().int().min(1).max(255);

/** PATCH /equipment/:id: any of these; the link settings are the owner's and administrators'. */
export const EquipmentPatch = z.strictObject({
  name: EquipmentName.optional(),
  description: EquipmentDescription.optional(),
  group: EquipmentGroup.optional(),
  cameraPassword: CameraPassword.optional(),
  /**
   * The owner's (or an administrator's) own secret; null clears it, which opens the link (the
   * device then registers with its serial number alone) unless `openLink: false` says otherwise.
   */
  linkSecret: LinkSecret.nullable().optional(),
  /**
   * true: the device may register without its secret (for DTUs that cannot send one; shown as a
   * warning); false: only with it (the equipment must have a secret). Owner and administrators only.
   */
  openLink: z.boolean().optional(),
  /** The server dials the device there over Modbus TCP; null: it is reached through its DTU. */
  modbusTcp: ModbusTcpAddress.nullable().optional(),
  /** The device answers at this slave address; null: at its type's. Owner and administrators only. */
  slaveAddress: SlaveAddress.nullable().optional(),
  /** Set the device's clock (true) or never write it (false); null: as its type says. Owner and administrators only. */
  clockSync: z.boolean().nullable().optional(),
  settings: SettingsInput.optional(),
});
export type EquipmentPatch = z.input<typeof EquipmentPatch>;

/** A device's link secret, for its owner and administrators (GET and POST /equipment/:id/link-secret). */
export const LinkSecretReply = z.object({
  /** null when none is set, or it was set before secrets were kept or under another server key. */
  linkSecret: z.string().nullable(),
  hasLinkSecret: z.boolean(),
  openLink: z.boolean(),
});
export type LinkSecretReply = z.infer<typeof LinkSecretReply>;

/** A device node of GET /equipment/tree; sub-devices nested under their host. */
export interface TreeDeviceReply {
  id: number;
  unid: string;
  name: string;
  type: string;
  group: string;
  icon: string;
  isOnline: boolean;
  isAlarm: boolean;
  /** Battery level in percent; null until the device (or its host) reports one. */
  soc: number | null;
  /** The caller's permission level on it (0-4). */
  level: number;
  /** Set while its link is up but it does not answer at this slave address (StatusReply). */
  unansweredAddress?: number;
  children: TreeDeviceReply[];
}

export const TreeDeviceReply: z.ZodType<TreeDeviceReply> = z.object({
  id: z.number(),
  unid: z.string(),
  name: z.string(),
  type: z.string(),
  group: z.string(),
  icon: z.string(),
  isOnline: z.boolean(),
  isAlarm: z.boolean(),
  soc: z.number().nullable(),
  level: z.number(),
  unansweredAddress: z.number().optional(),
  get children() {
    return z.array(TreeDeviceReply);
  },
});

export const CountersReply = z.object({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  alarm: z.number(),
  normal: z.number(),
});
export type CountersReply = z.infer<typeof CountersReply>;

/** GET /equipment/tree: group nodes ('m_' + index), then devices without a group, and the counters. */
export const TreeReply = z.object({
  groups: z.array(z.object({ id: z.string(), name: z.string(), children: z.array(TreeDeviceReply) })),
  /** Devices without a group, after the groups. */
  devices: z.array(TreeDeviceReply),
  counters: CountersReply,
});
export type TreeReply = z.infer<typeof TreeReply>;

const ChannelCount = z.number().int().min(0).max(32);
const Register = z.number().int().min(0).max(0xffff);

/**
 * POST /equipment-types and PUT /equipment-types/:type (administrators): a board of another maker
 * described as data. Defaults suit a plain Modbus board: channels from register 0, slave address
 * 1, no clock, no rule pages.
 */
export const CustomTypeInput = z.strictObject({
  type: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/,
      '2-64 letters, digits, . _ or -, starting with a letter or digit',
    ),
  names: z.strictObject({ en: text(1, 64), zh: text(1, 64), tc: text(1, 64) }),
  counts: z.strictObject({ do: ChannelCount, di: ChannelCount, ai: ChannelCount, ao: ChannelCount }),
  starts: z.strictObject({ do: Register, di: Register, ai: Register }).default({ do: 0, di: 0, ai: 0 }),
  aoRegister: Register.default(0),
  clock: z.boolean().default(false),
  logicType: z.enum(['none', 'rules', 'logic']).default('none'),
  slaveAddress: SlaveAddress.default(1),
  image: text(1, 128).optional(),
  icon: text(1, 128).optional(),
});
export type CustomTypeInput = z.input<typeof CustomTypeInput>;
