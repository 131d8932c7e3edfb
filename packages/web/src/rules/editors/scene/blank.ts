/**
 * The scene a type switch gives (docs/protocol.md § Scene): a blank of the new type, keeping what
 * still means the same thing in it. Between the channel scenes (types 1-7) the condition, its
 * hold time and the DO channels carry over; between the marquee and the step scenes also the
 * time each channel is opened (the same time_open byte); between the two calculations the
 * formula and the operands A and B. Everything else starts at zero, which the device reads as
 * nothing to do: a zero time, no channels, the constant condition.
 */
import type {
  AssignmentScene,
  CumulativeFlowScene,
  FunctionScene,
  MarqueeScene,
  Operand,
  SceneCondition,
  SceneRule,
  SimultaneousScene,
  StepScene,
  TimeValue,
} from '@fieldlink/protocol';
import type { RuleContext } from '../context';

const ZERO_TIME: TimeValue = { value: 0, unit: 0 };
const ZERO_OPERAND: Operand = { source: 0, value: 0 };

/** The flow register source, which a blank totaliser reads its quantity from. */
const FLOW_REGISTER_SOURCE = 13;
const AO_CHANNEL_TARGET = 0;
const HOLDING_U16_TARGET = 1;

type ChannelScene = MarqueeScene | StepScene | SimultaneousScene;
type Calculation = FunctionScene | AssignmentScene;

function isUnknown(scene: SceneRule): scene is Extract<SceneRule, { raw: readonly number[] }> {
  return 'raw' in scene;
}

/** Whether a scene is one of the channel scenes 1-7, which share the condition header. */
export function isChannelScene(scene: SceneRule): scene is ChannelScene {
  return !isUnknown(scene) && scene.type >= 1 && scene.type <= 7;
}

function isCalculation(scene: SceneRule): scene is Calculation {
  return !isUnknown(scene) && (scene.type === 10 || scene.type === 20);
}

/** The condition of the new scene: the old one's, or the constant with the function's hold. */
function conditionOf(scene: SceneRule): SceneCondition {
  if (isChannelScene(scene)) return { rule: scene.rule, ruleType: scene.ruleType, holdTime: scene.holdTime };
  // The function calculation's hold is the same stable time: the result must pass that long.
  const holdTime = !isUnknown(scene) && scene.type === 10 ? scene.holdTime : ZERO_TIME;
  return { rule: 0, ruleType: 0, holdTime };
}

/** The DO channels a scene acts on (a simultaneous scene's opened set, a totaliser's valve). */
function channelsOf(scene: SceneRule): readonly number[] {
  if (isUnknown(scene)) return [];
  switch (scene.type) {
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
    case 6:
      return scene.channels;
    case 7:
      return scene.openChannels;
    case 30:
      return scene.doChannel <= 31 ? [scene.doChannel] : [];
    default:
      return [];
  }
}

/** How long each channel is opened: the marquee's open time is the step scenes' step time. */
function openTimeOf(scene: SceneRule): TimeValue {
  if (isUnknown(scene)) return ZERO_TIME;
  if (scene.type === 1 || scene.type === 2) return scene.openTime;
  if (scene.type >= 3 && scene.type <= 6) return (scene as StepScene).stepTime;
  return ZERO_TIME;
}

/** The scene after the user picks `type`; the same type gives the scene as it is. */
export function sceneWithType(from: SceneRule, type: number, counts: RuleContext['counts']): SceneRule {
  if (type === from.type && !isUnknown(from)) return from;
  const condition = conditionOf(from);
  const channels = channelsOf(from);
  const calculation = isCalculation(from) ? from : null;
  switch (type) {
    case 0:
      return { type: 0 };
    case 1:
    case 2: {
      const marquee = !isUnknown(from) && (from.type === 1 || from.type === 2) ? from : null;
      return {
        type,
        cycle: marquee?.cycle ?? false,
        reverse: marquee?.reverse ?? false,
        ...condition,
        cycleCount: marquee?.cycleCount ?? 0,
        waitTime: marquee?.waitTime ?? ZERO_TIME,
        openTime: openTimeOf(from),
        closeTime: marquee?.closeTime ?? ZERO_TIME,
        channels,
      };
    }
    case 3:
    case 4:
    case 5:
    case 6:
      return { type, ...condition, stepTime: openTimeOf(from), channels };
    case 7: {
      const closeChannels = !isUnknown(from) && from.type === 7 ? from.closeChannels : [];
      return { type: 7, ...condition, openChannels: channels, closeChannels };
    }
    case 10: {
      return {
        type: 10,
        formula: calculation?.formula ?? 0,
        comparison: 0,
        a: calculation?.a ?? ZERO_OPERAND,
        b: calculation?.b ?? ZERO_OPERAND,
        c: ZERO_OPERAND,
        holdTime: condition.holdTime,
        resultRegister: 0,
      };
    }
    case 20:
      return {
        type: 20,
        formula: calculation?.formula ?? 0,
        a: calculation?.a ?? ZERO_OPERAND,
        b: calculation?.b ?? ZERO_OPERAND,
        // AO1 is the zero target; a model without AO channels starts at holding register 0.
        target: { regType: counts.ao > 0 ? AO_CHANNEL_TARGET : HOLDING_U16_TARGET, regAddr: 0 },
        period: ZERO_TIME,
      };
    case 30: {
      const blank: CumulativeFlowScene = {
        type: 30,
        module: 0,
        mode: 0,
        doChannel: channels[0] ?? 0,
        regSource: FLOW_REGISTER_SOURCE,
        regAddr: 0,
        advance: 0,
        openTime: ZERO_TIME,
        closeTime: ZERO_TIME,
      };
      return blank;
    }
    default:
      // The editor offers only the specification's types; any other code keeps eleven zero bytes.
      return { type, raw: Array.from({ length: 11 }, () => 0) };
  }
}
