/**
 * The live messages about a device, built at the live channel's edge from what the device service
 * read or heard: its state (`PushInfo`, from a DeviceState), its link (`EquipInfoNow` for the
 * device and its sub-devices, `GPRSReg` for the link event itself) and its own messages (its JSON,
 * a team host's radio frames) stamped with the time they arrived.
 */
import { packChannels } from '@fieldlink/protocol';
import type { EquipInfoNow, GprsReg, JsonMsg, PushInfo, RfMsg } from '@fieldlink/protocol';
import type { DeviceState } from '../gateway/devices/device-target.js';

/** What an `EquipInfoNow` tells beside the serial and the online flag. */
export type LinkInfo = Omit<EquipInfoNow['info'], 'SN' | 'IsOnline'>;

/**
 * The state of an online device as read at `time` (the server zone's wall clock) and `at` (the
 * instant, epoch ms, when known): the blocks it holds, each with its count.
 */
export function statePush(sn: string, state: DeviceState, time: string, at?: number): PushInfo {
  // Built field by field: this runs for every poll and every report.
  const info: { -readonly [K in keyof PushInfo['info']]: PushInfo['info'][K] } = { SN: sn };
  if (state.do) {
    info.regdo = Array.from(packChannels(state.do));
    info.donum = state.do.length;
  }
  if (state.di) {
    info.regdi = Array.from(packChannels(state.di));
    info.dinum = state.di.length;
  }
  if (state.ai) {
    if (state.ai.every(isRegisterValue)) info.regai = state.ai.slice();
    else info.strregai = state.ai.map(String);
    info.ainum = state.ai.length;
  }
  if (state.ao) {
    info.regao = state.ao.slice();
    info.aonum = state.ao.length;
  }
  if (state.soc !== undefined) info.SOC = state.soc;
  info.IsOnline = true;
  info.Time = time;
  if (at !== undefined) info.at = new Date(at).toISOString();
  return { infotype: 'PushInfo', info };
}

/** A device's link state (a sub-device shows its host's), with what else is known of the link. */
export function linkInfo(sn: string, online: boolean, info: LinkInfo = {}): EquipInfoNow {
  return { infotype: 'EquipInfoNow', info: { SN: sn, IsOnline: online, ...info } };
}

/** The link event itself: a host's link came up or went down at `time`. */
export function linkEvent(sn: string, online: boolean, time: string): GprsReg {
  return { infotype: 'GPRSReg', info: { SN: sn, IsOnline: online, Time: time } };
}

/** A device's own message, stamped with the time it arrived. */
export function relayed(message: JsonMsg | RfMsg, time: string): JsonMsg | RfMsg {
  return message.infotype === 'JsonMsg'
    ? { infotype: 'JsonMsg', info: { ...message.info, Time: time } }
    : { infotype: 'RFMsg', info: { ...message.info, Time: time } };
}

/** Whether a value fits regai: a whole number of one 16-bit register. */
function isRegisterValue(v: number): boolean {
  return Number.isInteger(v) && v >= 0 && v <= 0xffff;
}
