/**
 * The command a relay button sends, from the relay's operation mode in the device UI
 * (fDOUIMode, see equipment/modes.ts). docs/protocol.md § Relay modes.
 */
import { formatIssues } from './fields.js';
import type { Operation, OperationResult } from './operations.js';
import { OPERATIONS } from './operations.js';

/**
 * The operation for pressing output `channelIndex` (counted from 0; the command names it
 * counted from 1) in relay mode `mode` with that output's parameters:
 * - 0 normal: `on` chooses openone or closeone, without delay;
 * - 1: openone with dly = params[0] (open, then close after that many 0.1 s);
 * - 2: closeone with dly = params[0] (close, then open after it);
 * - 3: openmore with cnt, timer1, timer2 = params (cycle cnt times, timer1 on, timer2 off).
 * `on` matters only in mode 0: the other modes run their sequence whichever way the button
 * is pressed. The result is checked against the catalogue, so a parameter outside its bound
 * (a hold of 1, a cycle without count) is an error rather than a command.
 */
export function operationForRelayMode(
  mode: number,
  params: readonly number[],
  channelIndex: number,
  on: boolean,
): OperationResult {
  if (!Number.isInteger(channelIndex) || channelIndex < 0 || channelIndex > 31) {
    return { ok: false, error: 'channel: 0-31 (counted from 0)' };
  }
  const io = channelIndex + 1;
  let body: Operation;
  switch (mode) {
    case 0:
      body = { opr: on ? 'openone' : 'closeone', io, dly: 0 };
      break;
    case 1:
    case 2:
      if (params.length !== 1) return { ok: false, error: `params: one delay (0.1 s) for mode ${mode}` };
      body = { opr: mode === 1 ? 'openone' : 'closeone', io, dly: params[0]! };
      break;
    case 3:
      if (params.length !== 3) return { ok: false, error: 'params: count, timer1, timer2 for mode 3' };
      body = { opr: 'openmore', io, cnt: params[0]!, timer1: params[1]!, timer2: params[2]! };
      break;
    default:
      return { ok: false, error: 'mode: 0-3' };
  }
  const r = OPERATIONS[body.opr].schema.safeParse(body);
  if (r.success) return { ok: true, operation: r.data };
  return { ok: false, error: `params: ${formatIssues(r.error)}` };
}
