/**
 * The scene rule (12 bytes, scene pages 15000 and 15500). Byte 0 is the scene type; it picks
 * the sub-configuration held in bytes 1-11. docs/protocol.md § Scene.
 */
import { maskBits } from '../../bytes.js';
import { COMMON, say } from '../../i18n.js';
import type { RuleCodec } from '../types.js';
import { decodeAssignment, describeAssignment, encodeAssignment, validateAssignment } from './assignment.js';
import type { AssignmentScene } from './assignment.js';
import { SCENE_SIZE } from './common.js';
import { decodeFlow, describeFlow, encodeFlow, validateFlow } from './cumulative-flow.js';
import type { CumulativeFlowScene } from './cumulative-flow.js';
import {
  decodeFunction,
  describeFunction,
  encodeFunction,
  validateFunction,
} from './function-calculation.js';
import type { FunctionScene } from './function-calculation.js';
import { decodeMarquee, describeMarquee, encodeMarquee, validateMarquee } from './marquee.js';
import type { MarqueeScene } from './marquee.js';
import { isSceneTypeCode } from './scene-types.js';
import { decodeStep, describeStep, encodeStep, validateStep } from './sequence.js';
import type { StepScene } from './sequence.js';
import {
  decodeSimultaneous,
  describeSimultaneous,
  encodeSimultaneous,
  validateSimultaneous,
} from './simultaneous.js';
import type { SimultaneousScene } from './simultaneous.js';

export { SCENE_TYPES, sceneTypeName } from './scene-types.js';
export type { SceneType, SceneTypeCode } from './scene-types.js';
export { RULE_TYPES } from './header.js';
export type { SceneCondition, SceneRepeat } from './header.js';
export { COMPARISONS, FORMULAS, applyFormula, compare } from './formulas.js';
export type { Comparison, Formula } from './formulas.js';
export { OPERAND_SOURCES } from './operands.js';
export type { Operand, OperandSource } from './operands.js';
export { FLOW_MODES } from './cumulative-flow.js';
export type { FlowMode } from './cumulative-flow.js';
export { stepSceneAccumulates, stepSceneOpens } from './sequence.js';
export type {
  AssignmentScene,
  CumulativeFlowScene,
  FunctionScene,
  MarqueeScene,
  SimultaneousScene,
  StepScene,
};
export type { AssignmentTarget } from './assignment.js';

export interface DisabledScene {
  readonly type: 0;
}

/** A scene type the specification does not define: bytes 1-11 as read, so a rewrite keeps them. */
export interface UnknownScene {
  readonly type: number;
  readonly raw: readonly number[];
}

export type SceneRule =
  | DisabledScene
  | MarqueeScene
  | StepScene
  | SimultaneousScene
  | FunctionScene
  | AssignmentScene
  | CumulativeFlowScene
  | UnknownScene;

const RAW_LENGTH = SCENE_SIZE - 1;
const UNKNOWN_TYPE = 'type: 0-7, 10, 20 or 30';

function encode(rule: SceneRule): Uint8Array {
  const out = new Uint8Array(SCENE_SIZE);
  out[0] = maskBits(rule.type, 8);
  if ('raw' in rule) {
    for (let i = 0; i < RAW_LENGTH; i++) out[i + 1] = maskBits(rule.raw[i] ?? 0, 8);
    return out;
  }
  switch (rule.type) {
    case 1:
    case 2:
      encodeMarquee(rule, out);
      break;
    case 3:
    case 4:
    case 5:
    case 6:
      encodeStep(rule, out);
      break;
    case 7:
      encodeSimultaneous(rule, out);
      break;
    case 10:
      encodeFunction(rule, out);
      break;
    case 20:
      encodeAssignment(rule, out);
      break;
    case 30:
      encodeFlow(rule, out);
      break;
  }
  return out;
}

function decode(bytes: Uint8Array): SceneRule | null {
  if (bytes.length < SCENE_SIZE) return null;
  const type = bytes[0] ?? 0;
  switch (type) {
    case 0:
      return { type: 0 };
    case 1:
    case 2:
      return decodeMarquee(type, bytes);
    case 3:
    case 4:
    case 5:
    case 6:
      return decodeStep(type, bytes);
    case 7:
      return decodeSimultaneous(bytes);
    case 10:
      return decodeFunction(bytes);
    case 20:
      return decodeAssignment(bytes);
    case 30:
      return decodeFlow(bytes);
    default:
      return { type, raw: Array.from(bytes.subarray(1, SCENE_SIZE)) };
  }
}

export const sceneCodec: RuleCodec<SceneRule> = {
  kind: 'scene',
  size: SCENE_SIZE,
  encode,
  decode,

  describe(rule, lang) {
    if ('raw' in rule) return say(COMMON.err, lang);
    switch (rule.type) {
      case 0:
        return say(COMMON.disabled, lang);
      case 1:
      case 2:
        return describeMarquee(rule, lang);
      case 3:
      case 4:
      case 5:
      case 6:
        return describeStep(rule, lang);
      case 7:
        return describeSimultaneous(rule, lang);
      case 10:
        return describeFunction(rule, lang);
      case 20:
        return describeAssignment(rule, lang);
      case 30:
        return describeFlow(rule, lang);
      default:
        return say(COMMON.err, lang);
    }
  },

  validate(rule) {
    if ('raw' in rule) {
      const out = isSceneTypeCode(rule.type) ? [] : [UNKNOWN_TYPE];
      if (
        rule.raw.length !== RAW_LENGTH ||
        !rule.raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
      ) {
        out.push(`raw: ${RAW_LENGTH} bytes 0-255`);
      }
      return out;
    }
    switch (rule.type) {
      case 0:
        return [];
      case 1:
      case 2:
        return validateMarquee(rule);
      case 3:
      case 4:
      case 5:
      case 6:
        return validateStep(rule);
      case 7:
        return validateSimultaneous(rule);
      case 10:
        return validateFunction(rule);
      case 20:
        return validateAssignment(rule);
      case 30:
        return validateFlow(rule);
      default:
        return [UNKNOWN_TYPE];
    }
  },
};
