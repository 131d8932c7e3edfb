/**
 * Messages the browser sends on the live channel. Unknown keys are rejected: a misspelt field
 * (`dely` for `dly`) must not turn into a command with a default in its place.
 * docs/protocol.md § Browser to server.
 */
import { z } from 'zod';
import { MAX_QUANTITY } from '../modbus/pdu.js';
import { EquipOprInfoSchema, toEquipOpr } from './equip-opr.js';
import type { EquipOprRequest } from './equip-opr.js';
import { accessToken, hexRegisters, int, unitId } from './fields.js';
import { OPERATIONS, operationUnion, operationsVia } from './operations.js';
import type { DamOprName, LoraOprName, Operation, OperationOf } from './operations.js';

type WithUnit<N extends DamOprName | LoraOprName> = { [K in N]: OperationOf<K> & { unid: string } }[N];
/** A damopr info: an operation of the damopr kind and the unit it is for. */
export type DamOprInfo = WithUnit<DamOprName>;
/** A loraopr info: one of the LoRa team operations and the gateway's unit. */
export type LoraOprInfo = WithUnit<LoraOprName>;

const envelopeToken = accessToken.optional();

export const RegisterRequestSchema = z.strictObject({
  infotype: z.literal('register'),
  info: z.strictObject({ token: accessToken }),
  token: envelopeToken,
});

export const UnregisterRequestSchema = z.strictObject({
  infotype: z.literal('unregister'),
  info: z.null({ error: 'null or absent' }).default(null),
  token: envelopeToken,
});

export const DamOprRequestSchema = z.strictObject({
  infotype: z.literal('damopr'),
  info: operationUnion<DamOprInfo>(operationsVia('damopr'), { unid: unitId }),
  token: envelopeToken,
});

export const LoraOprRequestSchema = z.strictObject({
  infotype: z.literal('loraopr'),
  info: operationUnion<LoraOprInfo>(operationsVia('loraopr'), { unid: unitId }),
  token: envelopeToken,
});

const registerStart = int(0, 0xffff);

/** Read holding registers (FC03): `regnum` registers from `regstart`. */
const ModbusReadSchema = z
  .strictObject({ fn: z.literal(3), unid: unitId, regstart: registerStart, regnum: int(1, MAX_QUANTITY[3]) })
  .refine((r) => r.regstart + r.regnum <= 0x10000, { error: 'reads past register 65535', path: ['regnum'] });

/**
 * Write holding registers (FC16) from `regstart`. The specification carries the hex in a
 * field it calls regnum; here it is `hexdata`, the register count being its length / 4.
 */
const ModbusWriteSchema = z
  .strictObject({
    fn: z.literal(16),
    unid: unitId,
    regstart: registerStart,
    hexdata: hexRegisters(1, MAX_QUANTITY[16]),
  })
  .refine((w) => w.regstart + w.hexdata.length / 4 <= 0x10000, {
    error: 'writes past register 65535',
    path: ['hexdata'],
  });

export const ModbusRegRequestSchema = z.strictObject({
  infotype: z.literal('ModbusReg'),
  info: z.discriminatedUnion('fn', [ModbusReadSchema, ModbusWriteSchema]),
  token: envelopeToken,
});

export const EquipOprMessageSchema = z.strictObject({
  infotype: z.literal('EquipOpr'),
  info: EquipOprInfoSchema,
  token: envelopeToken,
});

export type RegisterRequest = z.output<typeof RegisterRequestSchema>;
export type UnregisterRequest = z.output<typeof UnregisterRequestSchema>;
export type DamOprRequest = z.output<typeof DamOprRequestSchema>;
export type LoraOprRequest = z.output<typeof LoraOprRequestSchema>;
export type ModbusRegRequest = z.output<typeof ModbusRegRequestSchema>;
export type EquipOprMessage = z.output<typeof EquipOprMessageSchema>;

/** Every message the browser may send, told apart by infotype. */
export type ClientMessage =
  RegisterRequest | UnregisterRequest | DamOprRequest | LoraOprRequest | ModbusRegRequest | EquipOprMessage;

export const CLIENT_SCHEMAS = {
  register: RegisterRequestSchema,
  unregister: UnregisterRequestSchema,
  damopr: DamOprRequestSchema,
  loraopr: LoraOprRequestSchema,
  ModbusReg: ModbusRegRequestSchema,
  EquipOpr: EquipOprMessageSchema,
} as const;
export type ClientInfotype = keyof typeof CLIENT_SCHEMAS;
export const CLIENT_INFOTYPES = Object.keys(CLIENT_SCHEMAS) as ClientInfotype[];

export const ClientMessageSchema = z.discriminatedUnion('infotype', [
  RegisterRequestSchema,
  UnregisterRequestSchema,
  DamOprRequestSchema,
  LoraOprRequestSchema,
  ModbusRegRequestSchema,
  EquipOprMessageSchema,
]);

/**
 * The message that carries an operation for unit `unid`: damopr, loraopr or EquipOpr,
 * whichever the catalogue names for it.
 */
export function operationMessage(unid: string, op: Operation): ClientMessage {
  switch (OPERATIONS[op.opr].via) {
    case 'damopr':
      return { infotype: 'damopr', info: { ...op, unid } as DamOprInfo };
    case 'loraopr':
      return { infotype: 'loraopr', info: { ...op, unid } as LoraOprInfo };
    case 'EquipOpr':
      return { infotype: 'EquipOpr', info: toEquipOpr(unid, op) as EquipOprRequest };
  }
}
