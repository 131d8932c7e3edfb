/**
 * For the radio screen's tests: a team host answering the LoRa operations through the operations
 * call as the server does (docs/api.md § Operations: the reply's `result` is what the gateway read
 * back) and the reads of its slave table registers over the live channel, the directory seeded
 * with its type, and the tab drawn in the console's providers.
 */
import {
  encodeSlaveTable,
  LORA_SLAVES_REGISTER,
  LORA_SLAVES_REGISTERS,
  registersToBytes,
} from '@fieldlink/protocol';
import type { LoraRadioParams, Operation } from '@fieldlink/protocol';
import { onTestFinished, vi } from 'vitest';
import type { Equipment, EquipmentType, Permission } from '../../api/equipment';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import { registerReads } from '../../live/service';
import { RegisterReadError } from '../../rules/register-reads';
import type { RecordedRequest, Reply, Routes } from '../../session/test-support';
import { ViewShownContext } from '../../shell/views/shown';
import { renderWithApp } from '../monitoring/test-render';
import RadioTab from './RadioTab';

export const SLOW = { timeout: 8000 };

export const TEAM_TYPE: EquipmentType = {
  ...sampleType('FL-JYTeam001', { do: 0, di: 0, ai: 0, ao: 0 }),
  hostRole: 'team',
  isTeam: true,
};

export const TEAM_HOST: Equipment = sampleRecord({
  id: 4,
  unid: 'DEMO0004',
  sn: 'DEMO0004',
  type: 'FL-JYTeam001',
  name: 'Orchard team',
  counts: { do: 0, di: 0, ai: 0, ao: 0 },
});

export const OPERATIONS_PATH = `/equipment/${TEAM_HOST.id}/operations`;

/** What the gateway holds; the operations change it as the team host does. */
export interface Gateway {
  radio: LoraRadioParams;
  interval: number;
  slaves: number[];
  /** How many times its slave table registers were read over the live channel. */
  slaveReads: number;
  /** When set, each read of the slave table registers fails with it (offline, refused …). */
  slaveReadFailure: RegisterReadError | null;
}

export const newGateway = (): Gateway => ({
  radio: { netId: 7, channel: 23, airRate: 2, power: 3 },
  interval: 300,
  slaves: [1, 2],
  slaveReads: 0,
  slaveReadFailure: null,
});

/**
 * Lets `gateway` answer the console's register reads until the test ends, as the server relays
 * them: the slave table registers of the team host as the bitmap the gateway holds (high byte
 * first), any other register refused as an illegal data address.
 */
function answerRegisterReads(gateway: Gateway): void {
  const read = vi.spyOn(registerReads, 'read').mockImplementation(async (unid, regstart, regnum) => {
    if (unid !== TEAM_HOST.unid || regstart !== LORA_SLAVES_REGISTER || regnum !== LORA_SLAVES_REGISTERS) {
      throw new RegisterReadError('refused', 'illegal data address', 2);
    }
    gateway.slaveReads += 1;
    if (gateway.slaveReadFailure) throw gateway.slaveReadFailure;
    return registersToBytes(encodeSlaveTable(gateway.slaves));
  });
  onTestFinished(() => read.mockRestore());
}

const done = (infotype: string, info: Record<string, unknown>): Reply => ({
  body: { status: 'done', response: null, result: { infotype, info: { SN: TEAM_HOST.sn, ...info } } },
});

/** The gateway's answer to one operation, changing it as the device would. */
export function answer(gateway: Gateway, op: Operation): Reply {
  switch (op.opr) {
    case 'LoraWParam':
      gateway.radio = { netId: op.netId, channel: op.channel, airRate: op.airRate, power: op.power };
      return done('CRFLoraParam', { ...gateway.radio });
    case 'LoraRParam':
      return done('CRFLoraParam', { ...gateway.radio });
    case 'LoRaWTiming':
      gateway.interval = op.interval;
      return done('CRFLoraTiming', { interval: gateway.interval });
    case 'LoRaRTiming':
      return done('CRFLoraTiming', { interval: gateway.interval });
    case 'lorawconfig':
      gateway.slaves = [...new Set(op.slaves)].sort((a, b) => a - b);
      return done('CRFConfigWrite', { ok: true });
    case 'lorarconfig':
      return done('CRFConfigRead', { slaves: [...gateway.slaves] });
    case 'LoraClearSlave':
      gateway.slaves = [];
      return done('CRFConfigClear', { ok: true });
    case 'LoraAutoCfg':
      if (op.code === 49) gateway.radio = { netId: 1, channel: 23, airRate: 2, power: 3 };
      if (op.code === 34) gateway.slaves = [...new Set([...gateway.slaves, 9])].sort((a, b) => a - b);
      return done('CRFConfigAuto', { state: 'done', slaves: [...gateway.slaves] });
    case 'loraautocfg':
      return done('CRFConfigAuto', { state: 'searching', slaves: [...gateway.slaves] });
    default:
      return { status: 400, body: { error: { code: 'bad_request', message: 'not a LoRa operation' } } };
  }
}

/**
 * The routes of a team host: its operations answered by `gateway` unless `override` answers first
 * (a refusal, a reply that does not fit), and its sub-devices. The register reads of the live
 * channel are answered by `gateway` too, until the test ends.
 */
export function gatewayRoutes(
  gateway: Gateway,
  override?: (op: Operation) => Reply | undefined,
  subDevices: readonly Equipment[] = [],
): Routes {
  answerRegisterReads(gateway);
  return {
    [`POST ${OPERATIONS_PATH}`]: (request: RecordedRequest) => {
      const op = request.body as Operation;
      return override?.(op) ?? answer(gateway, op);
    },
    [`GET /equipment/${TEAM_HOST.id}/sub-devices`]: {
      body: { items: subDevices, total: subDevices.length },
    },
  };
}

/** The operations sent, in order (without the password, if any). */
export const sentOperations = (calls: readonly RecordedRequest[]): Operation[] =>
  calls.filter((c) => c.method === 'POST' && c.path === OPERATIONS_PATH).map((c) => c.body as Operation);

export const sentOf = (calls: readonly RecordedRequest[], opr: Operation['opr']): Operation[] =>
  sentOperations(calls).filter((op) => op.opr === opr);

/** Draws the tab for a user with `permission` (the owner's by default), the view shown or hidden. */
export function showRadioTab({
  permission,
  shown = true,
  type = TEAM_TYPE,
}: { readonly permission?: Permission; readonly shown?: boolean; readonly type?: EquipmentType } = {}) {
  const record = { ...TEAM_HOST, permission: permission ?? TEAM_HOST.permission };
  seedEquipment({ types: { [type.type]: type }, records: [record] });
  return renderWithApp(
    <ViewShownContext.Provider value={shown}>
      <RadioTab record={record} />
    </ViewShownContext.Provider>,
  );
}
