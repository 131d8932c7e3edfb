/**
 * What the console is told of an operation that reads device registers (battery, GPS, the team
 * host's radio, report interval and slave table), built from the device's answers to the
 * operation's plan. docs/protocol.md § Operation results.
 */
import {
  decodeDeviceStatus,
  decodeSlaveTable,
  LORA_AUTO_STATES,
  NO_BATTERY,
  STATUS_REGISTERS,
} from '../device-registers.js';
import { formatGps } from '../equipment/params.js';
import type { ModbusResponse } from '../modbus/pdu.js';
import { isLoraRate } from './lora.js';
import type { Operation } from './operations.js';
import type { ServerMessage } from './server-messages.js';

/** The register values of a read answer (FC03, FC04), or null for anything else. */
function registers(response: ModbusResponse | undefined): readonly number[] | null {
  if (!response || 'exception' in response) return null;
  return response.fn === 3 || response.fn === 4 ? response.values : null;
}

/** 'idle' is shown as done: no search runs. */
function autoState(word: number | undefined): 'searching' | 'done' | 'cancelled' | 'failed' {
  const state = LORA_AUTO_STATES[word ?? -1];
  return state === undefined || state === 'idle' ? 'done' : state;
}

/**
 * The message for the asker after `op` ran, from the answers to its plan's requests in order;
 * null for an operation that has none (switching, channel reads: those are pushed as state) or
 * answers that do not fit.
 */
export function operationResultMessage(
  op: Operation,
  sn: string,
  responses: readonly ModbusResponse[],
): ServerMessage | null {
  const last = registers(responses[responses.length - 1]);
  if (last === null) return null;
  switch (op.opr) {
    case 'readsoc': {
      const soc = last[0];
      if (soc === undefined) return null;
      return soc === NO_BATTERY || soc > 100
        ? { infotype: 'EquipInfoNow', info: { SN: sn, IsOnline: true } }
        : { infotype: 'EquipInfoNow', info: { SN: sn, IsOnline: true, SOC: soc } };
    }
    case 'READGPS': {
      const status = decodeDeviceStatus([NO_BATTERY, ...last].slice(0, STATUS_REGISTERS));
      if (!status) return null;
      const gps = status.gps;
      return {
        infotype: 'JsonMsg',
        info: {
          SN: sn,
          data: gps
            ? { gps: formatGps({ lng: gps.longitude, lat: gps.latitude }), fix: true }
            : { gps: null, fix: false },
        },
      };
    }
    case 'LoraRParam':
    case 'LoraWParam': {
      const [netId, channel, airRate, power] = last;
      if (power === undefined || channel! > 255 || airRate! > 7 || power > 3) return null;
      return {
        infotype: 'CRFLoraParam',
        info: { SN: sn, netId: netId!, channel: channel!, airRate: airRate!, power },
      };
    }
    case 'LoRaRTiming':
    case 'LoRaWTiming': {
      const interval = last[0];
      return isLoraRate(interval) ? { infotype: 'CRFLoraTiming', info: { SN: sn, interval } } : null;
    }
    case 'lorarconfig':
      return { infotype: 'CRFConfigRead', info: { SN: sn, slaves: decodeSlaveTable(last) } };
    case 'lorawconfig': {
      const written = decodeSlaveTable(last);
      const asked = [...new Set(op.slaves)].sort((a, b) => a - b);
      const ok = written.length === asked.length && written.every((id, i) => id === asked[i]);
      return {
        infotype: 'CRFConfigWrite',
        info: ok ? { SN: sn, ok } : { SN: sn, ok, message: 'the slave table read back differs' },
      };
    }
    case 'LoraClearSlave': {
      const left = decodeSlaveTable(last);
      return {
        infotype: 'CRFConfigClear',
        info:
          left.length === 0
            ? { SN: sn, ok: true }
            : { SN: sn, ok: false, message: `${left.length} slaves left in the table` },
      };
    }
    case 'LoraAutoCfg':
    case 'loraautocfg': {
      const state = registers(responses[responses.length - 2]);
      return {
        infotype: 'CRFConfigAuto',
        info: { SN: sn, state: autoState(state?.[0]), slaves: decodeSlaveTable(last) },
      };
    }
    default:
      return null;
  }
}
