/**
 * Scene type 30, cumulative flow: a flow totaliser that drives a valve on a DO channel until
 * the flow register reaches its target less the advance (the flow still passing while the
 * valve closes). docs/protocol.md § Cumulative flow.
 */
import { maskBits, readU16, writeU16 } from '../../bytes.js';
import { COMMON, joinParts, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte, timeValueToSeconds } from '../../time.js';
import type { TimeValue } from '../../time.js';
import { validateTimeValue } from '../logic.js';
import { CHANNEL_MAX, checkRange, clauses, titled } from './common.js';
import { describeOperand, OPERAND_SOURCE_MAX } from './operands.js';
import { sceneTypeName } from './scene-types.js';

export interface FlowMode {
  readonly code: number;
  readonly name: Phrase;
}

/** math_type, indexed by code; 3-255 are unknown. */
export const FLOW_MODES: readonly FlowMode[] = [
  { code: 0, name: COMMON.disabled },
  { code: 1, name: { en: 'DO switch', zh: 'DO开关', tc: 'DO開關' } },
  { code: 2, name: { en: 'DO loop', zh: 'DO循环', tc: 'DO循環' } },
];

export const FLOW_MODE_MAX = FLOW_MODES.length - 1;

export interface CumulativeFlowScene {
  readonly type: 30;
  /** mathmodular: the totaliser module, 0-255. */
  readonly module: number;
  /** math_type: 0 disabled, 1 DO switch, 2 DO loop; 3-255 are unknown and kept as read. */
  readonly mode: number;
  /** io_do: the valve's DO channel (from 0), 0-31. */
  readonly doChannel: number;
  /** reg_type: the operand source type of the flow register, 0-13. */
  readonly regSource: number;
  /** io_reg: the flow register's address. */
  readonly regAddr: number;
  /** tiqian: how far before the target the valve is told to close. */
  readonly advance: number;
  /** time_open: how long the valve takes (or is given) to open. */
  readonly openTime: TimeValue;
  /** time_close: how long the valve takes (or is given) to close. */
  readonly closeTime: TimeValue;
}

export function encodeFlow(rule: CumulativeFlowScene, out: Uint8Array): void {
  out[1] = maskBits(rule.module, 8);
  out[2] = maskBits(rule.mode, 8);
  out[3] = maskBits(rule.doChannel, 8);
  out[4] = maskBits(rule.regSource, 8);
  writeU16(out, 5, maskBits(rule.regAddr, 16));
  writeU16(out, 7, maskBits(rule.advance, 16));
  out[9] = timeValueToByte(rule.openTime);
  out[10] = timeValueToByte(rule.closeTime);
}

export function decodeFlow(bytes: Uint8Array): CumulativeFlowScene {
  return {
    type: 30,
    module: bytes[1] ?? 0,
    mode: bytes[2] ?? 0,
    doChannel: bytes[3] ?? 0,
    regSource: bytes[4] ?? 0,
    regAddr: readU16(bytes, 5),
    advance: readU16(bytes, 7),
    openTime: byteToTimeValue(bytes[9] ?? 0),
    closeTime: byteToTimeValue(bytes[10] ?? 0),
  };
}

const TEXT = {
  title: { en: '{type}, module {n}', zh: '{type}，模块{n}', tc: '{type}，模組{n}' },
  flow: { en: '{reg}, advance {n}', zh: '{reg}，提前量{n}', tc: '{reg}，提前量{n}' },
  open: { en: 'open {time}', zh: '开{time}', tc: '開{time}' },
  close: { en: 'close {time}', zh: '关{time}', tc: '關{time}' },
} as const satisfies Record<string, Phrase>;

export function describeFlow(rule: CumulativeFlowScene, lang: Lang): string {
  const title = say(TEXT.title, lang, { type: sceneTypeName(30, lang), n: rule.module });
  const mode = FLOW_MODES[rule.mode];
  if (!mode) return titled(title, say(COMMON.err, lang), lang);
  if (rule.mode === 0) return titled(title, say(COMMON.disabled, lang), lang);
  return joinParts(
    [
      titled(title, `${say(mode.name, lang)} DO${rule.doChannel + 1}`, lang),
      say(TEXT.flow, lang, {
        reg: describeOperand({ source: rule.regSource, value: rule.regAddr }, lang),
        n: rule.advance,
      }),
      clauses(
        [
          say(TEXT.open, lang, { time: formatTimeValue(rule.openTime, lang) }),
          say(TEXT.close, lang, { time: formatTimeValue(rule.closeTime, lang) }),
        ],
        lang,
      ),
    ],
    lang,
  );
}

/** Spec § 5: a valve's open and close times are 1-255 s. */
const VALVE_SECONDS = { min: 1, max: 255 } as const;

function checkValveTime(field: string, t: TimeValue): string[] {
  const s = timeValueToSeconds(t);
  return s >= VALVE_SECONDS.min && s <= VALVE_SECONDS.max ? [] : [`${field}: 1-255 s while the mode is on`];
}

export function validateFlow(rule: CumulativeFlowScene): string[] {
  const valve = rule.mode === 1 || rule.mode === 2;
  return [
    ...checkRange('module', rule.module, 0, 255),
    ...checkRange('mode', rule.mode, 0, FLOW_MODE_MAX),
    ...checkRange('doChannel', rule.doChannel, 0, CHANNEL_MAX),
    ...checkRange('regSource', rule.regSource, 0, OPERAND_SOURCE_MAX),
    ...checkRange('regAddr', rule.regAddr, 0, 0xffff),
    ...checkRange('advance', rule.advance, 0, 0xffff),
    ...validateTimeValue(rule.openTime, 'openTime'),
    ...validateTimeValue(rule.closeTime, 'closeTime'),
    ...(valve
      ? [...checkValveTime('openTime', rule.openTime), ...checkValveTime('closeTime', rule.closeTime)]
      : []),
  ];
}
