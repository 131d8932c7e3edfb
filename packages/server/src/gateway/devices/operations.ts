/**
 * Operations on equipment, from REST (`POST /equipment/:id/operations`, the body being the info of
 * a damopr message without unid) and from the live channel (`damopr`, `ModbusReg`). Both check the
 * same things in the same order: the caller may read the equipment (else 404), the operation is
 * well formed (400), the caller holds the right it needs (403: operate for switching and writing
 * the analog outputs, edit for any other register: rule pages, clock, radio and slave settings),
 * the account's abilities allow it (403: OPR to operate, WRITE for the others; administrators
 * pass), its channels exist on the type (400), a user who confirms operations with the password gave the
 * right one (403, 429; operation-password.ts); then the device link carries it out
 * (409 when the equipment is offline or the device refuses).
 */
import {
  checkOperationChannels,
  equipmentType,
  formatStartHexdata,
  fromHex,
  grantsRight,
  fromEquipOpr,
  operationResultMessage,
  operationRight,
  parseOperationRequest,
  toHex,
} from '@fieldlink/protocol';
import type { Operation, OperationName, ServerMessage } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireAbility } from '../../accounts/access.js';
import type { SignedInUser } from '../../accounts/authenticate.js';
import { requireUser } from '../../accounts/authenticate.js';
import { ErrorReply } from '../../accounts/fields.js';
import { permissionOf, requireAccess } from '../../equipment/access.js';
import { EquipmentId } from '../../equipment/fields.js';
import { ApiError } from '../../http/errors.js';
import type { ErrorCode } from '../../http/errors.js';
import { retryAfterOnError } from '../../http/retry-after.js';
import type { DeviceRequestHandler } from '../../live/socket.js';
import type { LiveHub } from '../../live/hub.js';
import type { Database, Equipment } from '../../storage/schema.js';
import type { DeviceService, OperationOutcome } from './device-service.js';
import { OperationError } from './device-service.js';
import { OperationPasswords } from './operation-password.js';

/** An operation checked against the caller's rights and the equipment's type. */
async function checked(
  db: Kysely<Database>,
  user: SignedInUser,
  equipmentId: number,
  body: unknown,
  now: number,
): Promise<{ equipment: Equipment; op: Operation; password: string | null }> {
  const { equipment, access } = await requireAccess(db, user, equipmentId, 'read', now);
  const type = equipmentType(equipment.type);
  if (!type) throw new ApiError('not_found', 'unknown device');
  // The operation and, beside it, the password of secured operation (never in the live channel's).
  const parsed = parseOperationRequest(body);
  if (!parsed.ok) throw new ApiError('bad_request', parsed.error);
  const op = parsed.operation;
  // Writing registers other than the analog outputs is configuration (edit), not operation.
  const right = operationRight(op, { aoRegister: type.aoRegister, ao: type.counts.ao });
  if (!grantsRight(permissionOf(access.rights), right)) {
    throw new ApiError('forbidden', `you do not have the ${right} right on this equipment`);
  }
  // The account's abilities (spec §6) bound what its rights allow: OPR to operate, WRITE to configure.
  if (right === 'operate') requireAbility(user, 'OPR', 'operate equipment');
  if (right === 'edit') requireAbility(user, 'WRITE', 'change device settings');
  const channels = checkOperationChannels(op, {
    ...type.counts,
    aoRegister: type.aoRegister,
    hostRole: type.hostRole,
  });
  if (channels !== null) throw new ApiError('bad_request', channels);
  return { equipment, op, password: parsed.password };
}

/** The device link's refusal as an API error. */
function apiErrorOf(e: unknown): unknown {
  if (!(e instanceof OperationError)) return e;
  // Done, but not on record: not acknowledged, and not the caller's fault.
  if (e.code === 'unrecorded') return new ApiError('unavailable', e.message);
  return new ApiError(e.code === 'unsupported' ? 'bad_request' : 'conflict', e.message);
}

const ResponseReply = z
  .object({
    fn: z.number(),
    values: z.array(z.union([z.boolean(), z.number()])).optional(),
    address: z.number().optional(),
    count: z.number().optional(),
    value: z.union([z.boolean(), z.number()]).optional(),
  })
  .nullable();

export const OperationReply = z.object({
  /** 'done': every step ran; 'started': it goes on (a pause, a cycle, a cyclic read). */
  status: z.enum(['done', 'started']),
  /** The device's answer to the last request sent before the reply (read values, or the write echoed). */
  response: ResponseReply,
  /** What the operation read, as the live-channel message the asker gets (battery, GPS, LoRa settings). */
  result: z.object({ infotype: z.string(), info: z.record(z.string(), z.unknown()) }).nullable(),
});

/**
 * What carries operations out: the device service, or with several nodes the router that takes
 * them to the node holding the device's link (bus/router.ts).
 */
export type DeviceOperator = Pick<DeviceService, 'operate' | 'readRegisters'>;

export interface OperationsOptions {
  readonly db: Kysely<Database>;
  /** The device link; without it every operation answers 503. */
  readonly devices?: DeviceOperator;
  readonly now: () => number;
}

export const operationsPlugin: FastifyPluginAsyncZod<OperationsOptions> = async (app, options) => {
  const { db, devices, now } = options;
  const passwords = new OperationPasswords(db, now);
  retryAfterOnError(app);
  app.post(
    '/equipment/:id/operations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['devices'],
        summary: 'Operate the equipment: switch, write or read channels (the damopr catalogue)',
        security: [{ bearer: [] }],
        params: EquipmentId,
        // Validated by the operation catalogue (parseOperationRequest), which names the field at
        // fault; `password` (secured operation) is the only field beside the operation's.
        body: z.record(z.string(), z.unknown()),
        response: {
          200: OperationReply,
          400: ErrorReply,
          401: ErrorReply,
          403: ErrorReply,
          404: ErrorReply,
          409: ErrorReply,
          429: ErrorReply,
          503: ErrorReply,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { equipment, op, password } = await checked(db, user, request.params.id, request.body, now());
      await passwords.check(user.id, op, password, request.ip);
      if (!devices) throw new ApiError('unavailable', 'the device link is not running on this server');
      const outcome: OperationOutcome = await devices.operate(equipment, op, user.id).catch((e: unknown) => {
        throw apiErrorOf(e);
      });
      const r = outcome.response;
      const result = operationResultMessage(op, equipment.unid, outcome.responses);
      return {
        status: outcome.status,
        response: r === null ? null : 'values' in r ? { ...r, values: [...r.values] } : { ...r },
        result: result === null ? null : { infotype: result.infotype, info: { ...result.info } },
      };
    },
  );
};

const LIVE_CODES: Partial<
  Record<ErrorCode, 'unauthorized' | 'forbidden' | 'not_found' | 'offline' | 'bad_message'>
> = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  password_required: 'forbidden',
  not_found: 'not_found',
  conflict: 'offline',
  bad_request: 'bad_message',
  unavailable: 'offline',
};

/**
 * The live channel's device requests: operations sent as damopr, loraopr or EquipOpr (answered
 * with DAMOpr, and with what they read — battery, GPS, LoRa settings — to the asker only) and
 * rule-page register reads and writes (answered with ModbusReg to the asker only). The channel
 * carries no password: a user who confirms operations with it gets `forbidden` for every write.
 */
export function liveDeviceHandler(
  options: OperationsOptions & { readonly hub: LiveHub },
): DeviceRequestHandler {
  const { db, devices, hub, now } = options;
  const passwords = new OperationPasswords(db, now);
  const fail = (
    session: Parameters<DeviceRequestHandler>[0],
    e: unknown,
    infotype: string,
    about: { readonly SN?: string; readonly fn?: 3 | 16; readonly regstart?: number } = {},
  ): void => {
    const error = apiErrorOf(e);
    if (!(error instanceof ApiError)) throw error;
    const unrecorded = e instanceof OperationError && e.code === 'unrecorded';
    // The device refused it: connected and answering, so not 'offline'.
    const refused = e instanceof OperationError && e.code === 'device';
    hub.send(session, {
      infotype: 'error',
      info: {
        code: unrecorded ? 'internal' : refused ? 'refused' : (LIVE_CODES[error.code] ?? 'internal'),
        message: error.message,
        infotype,
        ...(refused && e.exception !== undefined ? { exception: e.exception } : {}),
        ...about,
      },
    });
  };
  const equipmentOf = async (unid: string): Promise<number> => {
    const row = await db
      .selectFrom('equipment')
      .select('id')
      .where('unid', '=', unid.toUpperCase())
      .executeTakeFirst();
    if (!row) throw new ApiError('not_found', 'no such equipment');
    return row.id;
  };
  return async (session, user, message) => {
    try {
      if (!devices) throw new ApiError('unavailable', 'the device link is not running on this server');
      if (
        message.infotype === 'damopr' ||
        message.infotype === 'loraopr' ||
        message.infotype === 'EquipOpr'
      ) {
        let unid: string;
        let body: unknown;
        if (message.infotype === 'EquipOpr') {
          // The schema checked the oprinfo against its type already; this gives the operation.
          const parsed = fromEquipOpr(message.info.oprtype, message.info.oprinfo);
          if (!parsed.ok) throw new ApiError('bad_request', parsed.error);
          unid = message.info.unid;
          body = parsed.operation;
        } else {
          const { unid: u, ...rest } = message.info;
          unid = u;
          body = rest;
        }
        const { equipment, op } = await checked(db, user, await equipmentOf(unid), body, now());
        await passwords.refuseOnLiveChannel(user.id, op);
        const opr: OperationName = op.opr;
        let result: ServerMessage | null = null;
        try {
          const outcome = await devices.operate(equipment, op, user.id);
          result = operationResultMessage(op, equipment.unid, outcome.responses);
        } catch (e) {
          if (!(e instanceof OperationError)) throw e;
          hub.send(session, {
            infotype: 'DAMOpr',
            info: { SN: equipment.unid, opr, ok: false, message: e.message },
          });
          return;
        }
        hub.send(session, { infotype: 'DAMOpr', info: { SN: equipment.unid, opr, ok: true } });
        if (result) hub.send(session, result);
        return;
      }
      if (message.infotype === 'ModbusReg') {
        const info = message.info;
        const id = await equipmentOf(info.unid);
        if (info.fn === 16) {
          // A register write is the waohex operation, with its checks (edit beyond the analog outputs).
          const bytes = fromHex(info.hexdata);
          if (bytes === null) throw new ApiError('bad_request', 'hexdata: not hex');
          const aoinfos = formatStartHexdata(info.regstart, bytes);
          const { equipment, op } = await checked(db, user, id, { opr: 'waohex', aoinfos }, now());
          await passwords.refuseOnLiveChannel(user.id, op);
          await devices.operate(equipment, op, user.id);
          hub.send(session, {
            infotype: 'ModbusReg',
            info: { SN: equipment.unid, fn: 16, regstart: info.regstart, regnum: bytes.length / 2 },
          });
          return;
        }
        // Reading needs the read right, rule pages included: a read-only grantee sees the rules
        // (the rules tab) and cannot change them (writes need edit, above).
        const { equipment } = await requireAccess(db, user, id, 'read', now());
        const values = await devices.readRegisters(equipment, info.regstart, info.regnum);
        const bytes = new Uint8Array(values.flatMap((v) => [v >> 8, v & 0xff]));
        hub.send(session, {
          infotype: 'ModbusReg',
          info: {
            SN: equipment.unid,
            fn: 3,
            regstart: info.regstart,
            regnum: info.regnum,
            hexdata: toHex(bytes),
          },
        });
        return;
      }
    } catch (e) {
      // A register request's failure names the request, for a console with several under way.
      const about =
        message.infotype === 'ModbusReg'
          ? { SN: message.info.unid.toUpperCase(), fn: message.info.fn, regstart: message.info.regstart }
          : {};
      fail(session, e, message.infotype, about);
    }
  };
}
