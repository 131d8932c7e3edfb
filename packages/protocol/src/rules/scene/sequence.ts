/**
 * Scene types 3-6: the selected DO channels are opened or closed one step at a time. "In
 * turn" (3 open, 4 close) acts on one channel per step and undoes the previous one; "in
 * sequence" (5 open, 6 close) accumulates, each channel staying as it was set.
 * docs/protocol.md § Open and close in turn or in sequence.
 */
import { channelsToMask, maskToChannels, readU32, writeU32 } from '../../bytes.js';
import { joinParts, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte } from '../../time.js';
import type { TimeValue } from '../../time.js';
import { validateTimeValue } from '../logic.js';
import { checkChannels, formatChannels } from './common.js';
import { describeCondition, readCondition, validateCondition, writeHeader } from './header.js';
import type { SceneCondition } from './header.js';
import { sceneTypeName } from './scene-types.js';

export interface StepScene extends SceneCondition {
  /** 3 open in turn, 4 close in turn, 5 open in sequence, 6 close in sequence. */
  readonly type: 3 | 4 | 5 | 6;
  /** time_open: the interval between two steps. */
  readonly stepTime: TimeValue;
  /** dosel: the DO channels (from 0), sorted; steps go from the lowest up. */
  readonly channels: readonly number[];
}

/** Whether a step scene switches its channels on (3, 5) or off (4, 6). */
export function stepSceneOpens(type: StepScene['type']): boolean {
  return type === 3 || type === 5;
}

/** Whether each channel keeps its state after its step (5, 6) or is undone at the next (3, 4). */
export function stepSceneAccumulates(type: StepScene['type']): boolean {
  return type === 5 || type === 6;
}

export function encodeStep(rule: StepScene, out: Uint8Array): void {
  writeHeader(out, rule);
  out[4] = timeValueToByte(rule.stepTime);
  writeU32(out, 8, channelsToMask(rule.channels));
}

export function decodeStep(type: StepScene['type'], bytes: Uint8Array): StepScene {
  const c = readCondition(bytes);
  // Fields are listed, not spread: spreading into a literal is slow in V8's hot paths.
  return {
    type,
    rule: c.rule,
    ruleType: c.ruleType,
    holdTime: c.holdTime,
    stepTime: byteToTimeValue(bytes[4] ?? 0),
    channels: maskToChannels(readU32(bytes, 8)),
  };
}

const STEP: Phrase = { en: 'step {time}', zh: '间隔{time}', tc: '間隔{time}' };

export function describeStep(rule: StepScene, lang: Lang): string {
  return joinParts(
    [
      `${sceneTypeName(rule.type, lang)} ${formatChannels('DO', rule.channels, lang)}`,
      say(STEP, lang, { time: formatTimeValue(rule.stepTime, lang) }),
      ...describeCondition(rule, lang),
    ],
    lang,
  );
}

export function validateStep(rule: StepScene): string[] {
  return [
    ...validateCondition(rule),
    ...validateTimeValue(rule.stepTime, 'stepTime'),
    ...checkChannels('channels', rule.channels),
  ];
}
