/**
 * What crosses the bus, and its checks on receipt: nothing taken off the bus is used before it
 * passes them.
 *
 * - Live batches (broadcast): `{"t":"live","from":NODE,"m":[[KIND,EQUIPMENT_ID,MESSAGE],…]}`,
 *   KIND 0 for a message sent at once (link events, alarms), 1 for device info (PushInfo,
 *   EquipInfoNow, coalesced per console). The envelope is checked on receipt; each message, with
 *   the live channel's own schemas, only when a console on the node may hear it.
 * - Requests (direct): an operation, or a read of holding registers, for the node that holds the
 *   device's link; replies: the outcome, the values, or why it failed.
 */
import { parseServerMessage } from '@fieldlink/protocol';
import type { ModbusResponse, ServerMessage } from '@fieldlink/protocol';
import { z } from 'zod';
import type { OperationOutcome } from '../gateway/devices/device-service.js';
import { BUS_NODE_ID } from './bus.js';

/**
 * 0: sent at once (LiveHub.publish); 1: device info (LiveHub.pushDeviceInfo); 2: device info a
 * user's operation read back (pushDeviceInfo, urgent); 3: a notice to one user's sessions (the
 * number is the user id; LiveHub.sendToUsers); 4: a notice to every session (the number is 0;
 * LiveHub.sendToEveryone).
 */
export type LiveKind = 0 | 1 | 2 | 3 | 4;
export type LiveEntry = readonly [LiveKind, number, ServerMessage];

/** Entries of one batch at most. */
export const MAX_LIVE_ENTRIES = 5000;

const NodeId = z.string().regex(BUS_NODE_ID);
const EquipmentId = z
  .number()
  .int()
  .positive()
  .max(2 ** 53);

const LiveBatch = z
  .object({
    t: z.literal('live'),
    from: NodeId,
    m: z
      .array(
        z
          .tuple([
            z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
            // An equipment id, a user id, or 0 for everyone (kind 4, and only there).
            z.union([EquipmentId, z.literal(0)]),
            z.unknown(),
          ])
          .refine(([kind, id]) => (kind === 4) === (id === 0), 'id 0 is for notices to everyone only'),
      )
      .max(MAX_LIVE_ENTRIES),
  })
  .strict();

export function encodeLive(from: string, entries: readonly LiveEntry[]): string {
  return JSON.stringify({ t: 'live', from, m: entries });
}

export type Decoded<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export function decodeLive(
  text: string,
): Decoded<{ from: string; entries: (readonly [LiveKind, number, unknown])[] }> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const parsed = LiveBatch.safeParse(json.value);
  if (!parsed.success) return { ok: false, error: issues(parsed.error) };
  return { ok: true, value: { from: parsed.data.from, entries: parsed.data.m } };
}

/** One message of a live batch, checked as the live channel checks what it sends. */
export function liveMessage(kind: LiveKind, raw: unknown): Decoded<ServerMessage> {
  const parsed = parseServerMessage(raw);
  if (!parsed.ok) return { ok: false, error: parsed.error.message };
  const infotype = parsed.message.infotype;
  if ((kind === 1 || kind === 2) && infotype !== 'PushInfo' && infotype !== 'EquipInfoNow') {
    return { ok: false, error: `device info cannot be ${infotype}` };
  }
  if ((kind === 3 || kind === 4) && infotype !== 'Notice') {
    return { ok: false, error: `a notice cannot be ${infotype}` };
  }
  return { ok: true, value: parsed.message };
}

const RequestId = z.string().min(1).max(100);
const Address = z.number().int().min(0).max(0xffff);
const Register = z.number().int().min(0).max(0xffff);

const Response = z.union([
  z.object({ fn: z.union([z.literal(1), z.literal(2)]), values: z.array(z.boolean()).max(2000) }).strict(),
  z.object({ fn: z.union([z.literal(3), z.literal(4)]), values: z.array(Register).max(125) }).strict(),
  z.object({ fn: z.literal(5), address: Address, value: z.boolean() }).strict(),
  z.object({ fn: z.literal(6), address: Address, value: Register }).strict(),
  z
    .object({
      fn: z.union([z.literal(15), z.literal(16)]),
      address: Address,
      count: z.number().int().min(1).max(2000),
    })
    .strict(),
  z.object({ fn: z.number().int().min(1).max(127), exception: z.number().int().min(1).max(255) }).strict(),
]);

const Outcome = z
  .object({
    status: z.enum(['done', 'started']),
    response: Response.nullable(),
    responses: z.array(Response).max(1000),
  })
  .strict();

/** Why a request failed: OperationError's codes, or the far node's own trouble. */
export const FAILURE_CODES = ['offline', 'unsupported', 'device', 'unrecorded', 'busy', 'internal'] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

const Direct = z.union([
  z
    .object({
      t: z.literal('req'),
      id: RequestId,
      from: NodeId,
      kind: z.literal('operate'),
      equipmentId: EquipmentId,
      userId: EquipmentId.nullable(),
      /** Checked with the operation catalogue by the receiver. */
      op: z.unknown(),
    })
    .strict(),
  z
    .object({
      t: z.literal('req'),
      id: RequestId,
      from: NodeId,
      kind: z.literal('registers'),
      equipmentId: EquipmentId,
      start: Address,
      count: z.number().int().min(1).max(125),
    })
    .strict(),
  z.object({ t: z.literal('res'), id: RequestId, ok: z.literal(true), outcome: Outcome }).strict(),
  z
    .object({ t: z.literal('res'), id: RequestId, ok: z.literal(true), values: z.array(Register).max(125) })
    .strict(),
  z
    .object({
      t: z.literal('res'),
      id: RequestId,
      ok: z.literal(false),
      code: z.enum(FAILURE_CODES),
      message: z.string().max(1000),
      /** The Modbus exception code of a device's refusal. */
      exception: z.number().int().min(1).max(255).optional(),
    })
    .strict(),
]);

export type DirectMessage = z.infer<typeof Direct>;
export type BusRequest = Extract<DirectMessage, { t: 'req' }>;
export type BusReply = Extract<DirectMessage, { t: 'res' }>;
/** A reply as the asker takes it, the outcome typed as the device service's. */
export type Answer =
  | { readonly ok: true; readonly outcome: OperationOutcome }
  | { readonly ok: true; readonly values: number[] }
  | {
      readonly ok: false;
      readonly code: FailureCode;
      readonly message: string;
      readonly exception?: number | undefined;
    };

export function encodeDirect(message: DirectMessage): string {
  return JSON.stringify(message);
}

export function decodeDirect(text: string): Decoded<DirectMessage> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const parsed = Direct.safeParse(json.value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: issues(parsed.error) };
}

/** The reply's answer, its responses typed as the protocol's. */
export function answerOf(reply: BusReply): Answer {
  if (!reply.ok) return { ok: false, code: reply.code, message: reply.message, exception: reply.exception };
  if ('values' in reply) return { ok: true, values: reply.values };
  const { status, response, responses } = reply.outcome;
  return {
    ok: true,
    outcome: {
      status,
      response: response as ModbusResponse | null,
      responses: responses as ModbusResponse[],
    },
  };
}

/** The bus takes texts of this size at most (1 MiB). */
export const MAX_TEXT = 1 << 20;

function parseJson(text: string): Decoded<unknown> {
  if (text.length > MAX_TEXT) return { ok: false, error: `longer than ${MAX_TEXT} characters` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: 'not JSON' };
  }
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'message'}: ${i.message}`)
    .join('; ');
}
