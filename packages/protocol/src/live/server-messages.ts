/**
 * Messages the server sends on the live channel. Keys a message does not define are dropped
 * on read rather than rejected, so a console keeps working when a newer server adds a field.
 * Every message about a device names it by `SN`: its unit id (the serial, or `serial_suffix`
 * for a sub-device). docs/protocol.md § Server to browser.
 */
import { z } from 'zod';
import { MAX_CHANNELS } from '../channels.js';
import { MAX_QUANTITY } from '../modbus/pdu.js';
import {
  accessToken,
  finite,
  hexBytes,
  hexRegisters,
  int,
  jsonValue,
  list,
  text,
  timestamp,
  unitId,
} from './fields.js';
import { loraRadioShape, loraRate, loraSlaves } from './lora.js';
import { OPERATION_NAMES } from './operations.js';
import type { OperationName } from './operations.js';

const envelopeToken = accessToken.optional();
const SN = unitId;
const reason = text(256).optional();
/** An instant: ISO 8601 with `Z` or an offset. `Time` is a wall-clock time in the server's zone. */
const instant = z.iso.datetime({ offset: true });

/** The answer to a register: the socket now receives the user's equipment pushes. */
export const RegisteredSchema = z.object({
  infotype: z.literal('register'),
  info: z.object({ ok: z.literal(true), userId: text(64, 1) }),
  token: envelopeToken,
});

/** The access token was refused (missing, invalid, expired or revoked): the console signs out. */
export const UntokenSchema = z.object({
  infotype: z.literal('untoken'),
  info: z.object({ reason: z.enum(['missing', 'invalid', 'expired', 'revoked']), message: reason }),
  token: envelopeToken,
});

/**
 * The socket is no longer registered (answer to unregister, server stopping, idle, or a console
 * too slow to keep up, whose pushes were dropped): the console reopens and reads the state anew.
 */
export const UnregisteredSchema = z.object({
  infotype: z.literal('unregister'),
  info: z.object({ reason: z.enum(['requested', 'shutdown', 'idle', 'overflow']) }),
  token: envelopeToken,
});

/**
 * The user's equipment changed (ours, not the specification's): `access` when what they may read
 * or their rights on it changed (equipment added, deleted, shared with them, a grant changed,
 * removed or given up), `record` when a record they may read changed (renamed, configured),
 * `sharing` when its share codes or grants changed (issued, redeemed, revoked, changed, removed,
 * given up); `id` names the equipment for the last two. The console reads what changed anew, so
 * every console of every user who could see it agrees.
 */
export const EquipChangedSchema = z.object({
  infotype: z.literal('EquipChanged'),
  info: z.object({
    reason: z.enum(['access', 'record', 'sharing']),
    id: int(1, Number.MAX_SAFE_INTEGER).optional(),
  }),
  token: envelopeToken,
});

/**
 * New notices for the user (ours, not the specification's; docs/api.md § Notices): an
 * administrator's announcement, or alarm notices (`count` of them, in one message per burst).
 * `id` and `title` are the newest one's. The console reads its notices anew.
 */
export const NoticeSchema = z.object({
  infotype: z.literal('Notice'),
  info: z.object({
    kind: z.enum(['announcement', 'alarm']),
    id: int(1, Number.MAX_SAFE_INTEGER),
    title: text(256),
    count: int(1, 1_000_000),
  }),
  token: envelopeToken,
});

const channelCount = int(0, MAX_CHANNELS);
/** DO/DI states, 8 channels a byte, channel n in bit n % 8 of byte n / 8 (see channels.ts). */
const packedStates = list(int(0, 255), MAX_CHANNELS / 8);
/** Raw register values of AI/AO channels, channel 0 first. */
const registerValues = list(int(0, 0xffff), MAX_CHANNELS);
/** Values as decimal text, for values a 16-bit register cannot hold (meters' floats). */
const valueTexts = list(text(32), MAX_CHANNELS);

/** Live data of one device (spec 000 § 3, live data and the current info sample). Every part is optional. */
export const PushInfoSchema = z.object({
  infotype: z.literal('PushInfo'),
  info: z.object({
    SN,
    equiptype: text(64).optional(),
    addr: int(0, 255).optional(),
    teamsn: unitId.optional(),
    donum: channelCount.optional(),
    dinum: channelCount.optional(),
    ainum: channelCount.optional(),
    aonum: channelCount.optional(),
    regdo: packedStates.optional(),
    regdi: packedStates.optional(),
    regai: registerValues.optional(),
    regao: registerValues.optional(),
    strregai: valueTexts.optional(),
    strregao: valueTexts.optional(),
    IsOnline: z.boolean().optional(),
    SOC: int(0, 100).optional(),
    Time: timestamp.optional(),
    /** When the data was read, as an instant (ours, beside the zone-less `Time`); absent from older servers. */
    at: instant.optional(),
    AITime: timestamp.optional(),
    DOTime: timestamp.optional(),
  }),
  token: envelopeToken,
});

/**
 * Link state of one device: online flag and battery level; `Unanswered` (not in the specification)
 * is the slave address a device with its link up does not answer at, null once it answers again;
 * `Unsupported` (neither) the register blocks it refused, each with its exception code, {} when none.
 */
export const EquipInfoNowSchema = z.object({
  infotype: z.literal('EquipInfoNow'),
  info: z.object({
    SN,
    IsOnline: z.boolean(),
    SOC: int(0, 100).optional(),
    Unanswered: int(0, 255).nullable().optional(),
    Unsupported: z.partialRecord(z.enum(['do', 'di', 'ai', 'ao']), int(1, 255)).optional(),
  }),
  token: envelopeToken,
});

/** The outcome of an operation (damopr, EquipOpr or loraopr), named by its catalogue opr. */
export const OperationResultSchema = z.object({
  infotype: z.literal('DAMOpr'),
  info: z.object({
    SN,
    opr: z.enum(OPERATION_NAMES as [OperationName, ...OperationName[]]),
    ok: z.boolean(),
    message: reason,
  }),
  token: envelopeToken,
});

const registerStart = int(0, 0xffff);
/** Register values read: FC03 holding or FC04 input registers, the hex four digits a register. */
const RegisterReadReply = z
  .object({
    SN,
    fn: z.literal([3, 4]),
    regstart: registerStart,
    regnum: int(1, MAX_QUANTITY[3]),
    hexdata: hexRegisters(1, MAX_QUANTITY[3]),
  })
  .refine((r) => r.hexdata.length === r.regnum * 4, { error: 'regnum registers of hex', path: ['hexdata'] });
/** A register write (FC16) done: where and how many. */
const RegisterWriteReply = z.object({
  SN,
  fn: z.literal(16),
  regstart: registerStart,
  regnum: int(1, MAX_QUANTITY[16]),
});

export const ModbusRegReplySchema = z.object({
  infotype: z.literal('ModbusReg'),
  info: z.discriminatedUnion('fn', [RegisterReadReply, RegisterWriteReply]),
  token: envelopeToken,
});

/** A device's own JSON message (devices that speak JSON, e.g. over MQTT), passed on as it came. */
export const JsonMsgSchema = z.object({
  infotype: z.literal('JsonMsg'),
  info: z.object({ SN, data: jsonValue, Time: timestamp.optional() }),
  token: envelopeToken,
});

/** A device's link registered (came online) or dropped. */
export const GprsRegSchema = z.object({
  infotype: z.literal('GPRSReg'),
  info: z.object({ SN, IsOnline: z.boolean(), Time: timestamp.optional() }),
  token: envelopeToken,
});

/** A radio frame from a slave of a team, passed on as hex. */
export const RfMsgSchema = z.object({
  infotype: z.literal('RFMsg'),
  info: z.object({ SN, addr: int(0, 255), hexdata: hexBytes(0, 256), Time: timestamp.optional() }),
  token: envelopeToken,
});

export const CrfLoraTimingSchema = z.object({
  infotype: z.literal('CRFLoraTiming'),
  info: z.object({ SN, interval: loraRate }),
  token: envelopeToken,
});

export const CrfLoraParamSchema = z.object({
  infotype: z.literal('CRFLoraParam'),
  info: z.object({ SN, ...loraRadioShape }),
  token: envelopeToken,
});

/** The CRFConfig family: `CRFConfig` followed by the kind of the LoRa configuration event. */
export const CRF_CONFIG_KINDS = ['Read', 'Write', 'Auto', 'Clear'] as const;
export type CrfConfigKind = (typeof CRF_CONFIG_KINDS)[number];
export type CrfConfigInfotype = `CRFConfig${CrfConfigKind}`;

/** 'CRFConfigAuto' → 'Auto'; null for anything outside the family. */
export function crfConfigKind(infotype: string): CrfConfigKind | null {
  if (!infotype.startsWith('CRFConfig')) return null;
  const kind = infotype.slice('CRFConfig'.length);
  return (CRF_CONFIG_KINDS as readonly string[]).includes(kind) ? (kind as CrfConfigKind) : null;
}

/** The slave table read (answer to lorarconfig). */
export const CrfConfigReadSchema = z.object({
  infotype: z.literal('CRFConfigRead'),
  info: z.object({ SN, slaves: loraSlaves }),
  token: envelopeToken,
});

/** The slave table written (answer to lorawconfig). */
export const CrfConfigWriteSchema = z.object({
  infotype: z.literal('CRFConfigWrite'),
  info: z.object({ SN, ok: z.boolean(), message: reason }),
  token: envelopeToken,
});

/** Progress of an auto-configuration (LoraAutoCfg, loraautocfg): its state and the slaves found so far. */
export const CrfConfigAutoSchema = z.object({
  infotype: z.literal('CRFConfigAuto'),
  info: z.object({ SN, state: z.enum(['searching', 'done', 'cancelled', 'failed']), slaves: loraSlaves }),
  token: envelopeToken,
});

/** The slave table cleared (answer to LoraClearSlave). */
export const CrfConfigClearSchema = z.object({
  infotype: z.literal('CRFConfigClear'),
  info: z.object({ SN, ok: z.boolean(), message: reason }),
  token: envelopeToken,
});

/** A channel as shown: DO1-DO32, DI…, AI…, AO…. */
const channelName = z
  .string({ error: 'DO, DI, AI or AO and 1-32' })
  .regex(/^(DO|DI|AI|AO)([1-9]|[12]\d|3[0-2])$/, { error: 'DO, DI, AI or AO and 1-32' });

/**
 * An alarm: a channel went below its low limit (-1) or above its high limit or into its alarm state
 * (1); or, on channel `LINK`, another connection contested the device's link (value: attempts).
 */
export const NotifaceSchema = z.object({
  infotype: z.literal('Notiface'),
  info: z.object({
    SN,
    channel: z.union([channelName, z.literal('LINK')]),
    level: z.literal([-1, 1], { error: '-1 (low) or 1 (high)' }),
    value: finite,
    Time: timestamp,
    /** When, as an instant (ours, beside the zone-less `Time`); absent from older servers. */
    at: instant.optional(),
    text: text(256),
    /** The channel's own name ('' for none), its unit and the limit crossed, so a console can word
     * the alarm in its user's language; absent from older servers. */
    name: text(64).optional(),
    unit: text(64).optional(),
    limit: finite.optional(),
    /** The stored alarm event (docs/api.md § Alarm acknowledgement), to acknowledge it by; absent
     * from older servers. */
    eventId: int(1, Number.MAX_SAFE_INTEGER).optional(),
  }),
  token: envelopeToken,
});

/**
 * An alarm was acknowledged (ours, not the specification's): sent to every session that may read
 * the equipment, so their lists show who acknowledged it and when, and their pop-up and sound for
 * it stop. `at` is an instant (ISO 8601 with its offset).
 */
export const AlarmAckSchema = z.object({
  infotype: z.literal('AlarmAck'),
  info: z.object({
    equipmentId: int(1, Number.MAX_SAFE_INTEGER),
    eventId: int(1, Number.MAX_SAFE_INTEGER),
    SN,
    userId: int(1, Number.MAX_SAFE_INTEGER),
    userName: text(64),
    at: instant,
  }),
  token: envelopeToken,
});

/** Why the server refused a browser message. */
export const LIVE_ERROR_CODES = [
  'bad_json',
  'too_large',
  'bad_message',
  'unknown_infotype',
  'unauthorized',
  'forbidden',
  'not_found',
  'offline',
  /** The device answered the request with a Modbus exception (`exception` in the info). */
  'refused',
  'rate_limited',
  'internal',
] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

/** Our reply to a browser message the server refused; infotype names the refused kind when known. */
export const LiveErrorSchema = z.object({
  infotype: z.literal('error'),
  info: z.object({
    code: z.enum(LIVE_ERROR_CODES),
    message: text(512),
    infotype: text(64).optional(),
    /** With `refused`: the Modbus exception code (1 illegal function, 2 illegal data address …). */
    exception: int(1, 255).optional(),
    /**
     * A refused `ModbusReg`: the request's equipment, function and first register, so a console
     * with several reads under way knows which one failed.
     */
    SN: SN.optional(),
    fn: z.union([z.literal(3), z.literal(16)]).optional(),
    regstart: int(0, 0xffff).optional(),
  }),
  token: envelopeToken,
});

export type Registered = z.output<typeof RegisteredSchema>;
export type Untoken = z.output<typeof UntokenSchema>;
export type Unregistered = z.output<typeof UnregisteredSchema>;
export type PushInfo = z.output<typeof PushInfoSchema>;
export type EquipInfoNow = z.output<typeof EquipInfoNowSchema>;
export type OperationResultMessage = z.output<typeof OperationResultSchema>;
export type ModbusRegReply = z.output<typeof ModbusRegReplySchema>;
export type JsonMsg = z.output<typeof JsonMsgSchema>;
export type GprsReg = z.output<typeof GprsRegSchema>;
export type RfMsg = z.output<typeof RfMsgSchema>;
export type CrfLoraTiming = z.output<typeof CrfLoraTimingSchema>;
export type CrfLoraParam = z.output<typeof CrfLoraParamSchema>;
export type CrfConfigRead = z.output<typeof CrfConfigReadSchema>;
export type CrfConfigWrite = z.output<typeof CrfConfigWriteSchema>;
export type CrfConfigAuto = z.output<typeof CrfConfigAutoSchema>;
export type CrfConfigClear = z.output<typeof CrfConfigClearSchema>;
export type CrfConfigMessage = CrfConfigRead | CrfConfigWrite | CrfConfigAuto | CrfConfigClear;
export type Notiface = z.output<typeof NotifaceSchema>;
export type AlarmAckMessage = z.output<typeof AlarmAckSchema>;
export type EquipChanged = z.output<typeof EquipChangedSchema>;
export type NoticeMessage = z.output<typeof NoticeSchema>;
export type LiveError = z.output<typeof LiveErrorSchema>;
export type LiveErrorInfo = LiveError['info'];

/** Every message the server may send, told apart by infotype. */
export type ServerMessage =
  | Registered
  | Untoken
  | Unregistered
  | PushInfo
  | EquipInfoNow
  | OperationResultMessage
  | ModbusRegReply
  | JsonMsg
  | GprsReg
  | RfMsg
  | CrfLoraTiming
  | CrfLoraParam
  | CrfConfigMessage
  | Notiface
  | AlarmAckMessage
  | EquipChanged
  | NoticeMessage
  | LiveError;

export const SERVER_SCHEMAS = {
  register: RegisteredSchema,
  untoken: UntokenSchema,
  unregister: UnregisteredSchema,
  PushInfo: PushInfoSchema,
  EquipInfoNow: EquipInfoNowSchema,
  DAMOpr: OperationResultSchema,
  ModbusReg: ModbusRegReplySchema,
  JsonMsg: JsonMsgSchema,
  GPRSReg: GprsRegSchema,
  RFMsg: RfMsgSchema,
  CRFLoraTiming: CrfLoraTimingSchema,
  CRFLoraParam: CrfLoraParamSchema,
  CRFConfigRead: CrfConfigReadSchema,
  CRFConfigWrite: CrfConfigWriteSchema,
  CRFConfigAuto: CrfConfigAutoSchema,
  CRFConfigClear: CrfConfigClearSchema,
  Notiface: NotifaceSchema,
  AlarmAck: AlarmAckSchema,
  EquipChanged: EquipChangedSchema,
  Notice: NoticeSchema,
  error: LiveErrorSchema,
} as const;
export type ServerInfotype = keyof typeof SERVER_SCHEMAS;
export const SERVER_INFOTYPES = Object.keys(SERVER_SCHEMAS) as ServerInfotype[];

export const ServerMessageSchema = z.discriminatedUnion('infotype', [
  RegisteredSchema,
  UntokenSchema,
  UnregisteredSchema,
  PushInfoSchema,
  EquipInfoNowSchema,
  OperationResultSchema,
  ModbusRegReplySchema,
  JsonMsgSchema,
  GprsRegSchema,
  RfMsgSchema,
  CrfLoraTimingSchema,
  CrfLoraParamSchema,
  CrfConfigReadSchema,
  CrfConfigWriteSchema,
  CrfConfigAutoSchema,
  CrfConfigClearSchema,
  NotifaceSchema,
  AlarmAckSchema,
  EquipChangedSchema,
  NoticeSchema,
  LiveErrorSchema,
]);
