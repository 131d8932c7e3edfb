/**
 * The bounds of the specification's validation table (spec 001 § 5) as validators, and the
 * same table as data so the console can show a hint next to each input.
 * See docs/protocol.md § Bounds.
 */
import type { Phrase } from './i18n.js';
import type { TimeValue } from './time.js';

/** null when the value is fine, else the reason (English, naming the item and the bound). */
export type BoundValidator = (value: number) => string | null;

export interface Bound {
  /** Stable key for code. */
  readonly key: string;
  /** The item's name in English, as the reasons use it. */
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** Unit of the number entered ('s', '0.1 s', '‰', … or '' when the number has none). */
  readonly unit: string;
  /** The item's label in every language. */
  readonly label: Phrase;
  /** The bound as a hint in every language. */
  readonly hint: Phrase;
  /** A value outside min-max that is also accepted (0 = hold forever for relay outputs). */
  readonly alsoAllowed?: number;
  readonly validate: BoundValidator;
}

type BoundSpec = Omit<Bound, 'validate'> & { readonly boundText: string };

function makeBound(spec: BoundSpec): Bound {
  const { boundText, ...rest } = spec;
  const reason = `${spec.name}: ${boundText}`;
  const validate: BoundValidator = (value) => {
    if (!Number.isInteger(value)) return `${spec.name}: whole numbers only, ${boundText}`;
    if (value === spec.alsoAllowed) return null;
    return value >= spec.min && value <= spec.max ? null : reason;
  };
  return { ...rest, validate };
}

const b = makeBound;

export const RELAY_HOLD = b({
  key: 'relayHold',
  name: 'relay output hold',
  min: 2,
  max: 65535,
  unit: '0.1 s',
  alsoAllowed: 0,
  boundText: '2-65535 (0.1 s), or 0 to hold forever',
  label: { en: 'Relay output hold', zh: '继电器输出保持时间', tc: '繼電器輸出保持時間' },
  hint: {
    en: '2-65535 (0.1 s); 0 holds forever',
    zh: '2-65535（0.1秒）；0 为一直保持',
    tc: '2-65535（0.1秒）；0 為一直保持',
  },
});

export const SCENE_HOLD = b({
  key: 'sceneHold',
  name: 'scene output hold',
  min: 2,
  max: 65535,
  unit: 's',
  boundText: '2-65535 s',
  label: { en: 'Scene output hold', zh: '场景输出保持时间', tc: '場景輸出保持時間' },
  hint: { en: '2-65535 s', zh: '2-65535 秒', tc: '2-65535 秒' },
});

export const MIN_HOLD = b({
  key: 'minHold',
  name: 'minimum hold',
  min: 1,
  max: 65535,
  unit: 's',
  boundText: '1-65535 s',
  label: { en: 'Minimum hold', zh: '最小保持时间', tc: '最小保持時間' },
  hint: { en: '1-65535 s', zh: '1-65535 秒', tc: '1-65535 秒' },
});

export const DEBOUNCE = b({
  key: 'debounce',
  name: 'debounce',
  min: 1,
  max: 255,
  unit: 's',
  boundText: '1-255 s',
  label: { en: 'Debounce', zh: '防抖时间', tc: '防抖時間' },
  hint: { en: '1-255 s', zh: '1-255 秒', tc: '1-255 秒' },
});

export const THRESHOLD_4_20MA = b({
  key: 'threshold4to20mA',
  name: 'analog threshold 4-20 mA',
  min: 4000,
  max: 20000,
  unit: '',
  boundText: 'channel value 4000-20000',
  label: { en: 'Analog threshold (4-20 mA)', zh: '模拟量阈值（4-20mA）', tc: '模擬量閾值（4-20mA）' },
  hint: { en: 'channel value 4000-20000', zh: '通道值 4000-20000', tc: '通道值 4000-20000' },
});

export const THRESHOLD_0_10V = b({
  key: 'threshold0to10V',
  name: 'analog threshold 0-10 V',
  min: 0,
  max: 10000,
  unit: '',
  boundText: 'channel value 0-10000',
  label: { en: 'Analog threshold (0-10 V)', zh: '模拟量阈值（0-10V）', tc: '模擬量閾值（0-10V）' },
  hint: { en: 'channel value 0-10000', zh: '通道值 0-10000', tc: '通道值 0-10000' },
});

export const SCENE_STABLE_TIME = b({
  key: 'sceneStableTime',
  name: 'scene stable time',
  min: 0,
  max: 63,
  unit: '',
  boundText: '0-63',
  label: { en: 'Scene stable time', zh: '场景稳定时间', tc: '場景穩定時間' },
  hint: { en: '0-63', zh: '0-63', tc: '0-63' },
});

export const REPORT_PERIOD = b({
  key: 'reportPeriod',
  name: 'periodic report time',
  min: 1,
  max: 65535,
  unit: 's',
  boundText: '1-65535 s',
  label: { en: 'Periodic report time', zh: '定时上报时间', tc: '定時上報時間' },
  hint: { en: '1-65535 s', zh: '1-65535 秒', tc: '1-65535 秒' },
});

export const ADC_DETECT_TIME = b({
  key: 'adcDetectTime',
  name: 'ADC detect time',
  min: 1,
  max: 255,
  unit: 's',
  boundText: '1-255 s (255 disables detection)',
  label: { en: 'ADC detect time', zh: 'ADC检测时间', tc: 'ADC檢測時間' },
  hint: { en: '1-255 s; 255 disables', zh: '1-255 秒；255 为关闭', tc: '1-255 秒；255 為關閉' },
});

/** The ADC detect time that turns detection off. */
export const ADC_DETECT_DISABLED = 255;

export const VALVE_TIME = b({
  key: 'valveTime',
  name: 'valve open/close time',
  min: 1,
  max: 255,
  unit: 's',
  boundText: '1-255 s',
  label: { en: 'Valve open/close time', zh: '阀门开关时间', tc: '閥門開關時間' },
  hint: { en: '1-255 s', zh: '1-255 秒', tc: '1-255 秒' },
});

export const CHANGE_RATIO = b({
  key: 'changeRatio',
  name: 'change ratio',
  min: 0,
  max: 100,
  unit: '‰',
  boundText: '0-100 per mille',
  label: { en: 'Change ratio', zh: '变化比例', tc: '變化比例' },
  hint: { en: '0-100 ‰', zh: '0-100 ‰', tc: '0-100 ‰' },
});

export const REGISTER_COUNT = b({
  key: 'registerCount',
  name: 'register count',
  min: 0,
  max: 255,
  unit: '',
  boundText: '0-255 (larger counts are clamped to 255)',
  label: { en: 'Register count', zh: '寄存器数量', tc: '寄存器數量' },
  hint: { en: '0-255', zh: '0-255', tc: '0-255' },
});

export const RULE_TIME = b({
  key: 'ruleTime',
  name: 'rule time',
  min: 0,
  max: 63,
  unit: '',
  boundText: '0-63 with a unit of 0.1 s, 1 s, 1 min or 10 min',
  label: { en: 'Rule time', zh: '规则时间', tc: '規則時間' },
  hint: {
    en: '0-63 × 0.1 s / 1 s / 1 min / 10 min',
    zh: '0-63 × 0.1秒/1秒/1分钟/10分钟',
    tc: '0-63 × 0.1秒/1秒/1分鐘/10分鐘',
  },
});

export const TIMED_RETURN = b({
  key: 'timedReturn',
  name: 'timed return',
  min: 1,
  max: 65535,
  unit: 's',
  boundText: '1-65535 s',
  label: { en: 'Timed return', zh: '定时返回', tc: '定時返回' },
  hint: { en: '1-65535 s', zh: '1-65535 秒', tc: '1-65535 秒' },
});

export const SLAVE_ID = b({
  key: 'slaveId',
  name: 'slave id',
  min: 0,
  max: 249,
  unit: '',
  boundText: '0-249',
  label: { en: 'Slave id', zh: '从机地址', tc: '從機地址' },
  hint: {
    en: '0-249, unused in the team',
    zh: '0-249，同组设备中未被使用',
    tc: '0-249，同組設備中未被使用',
  },
});

/** Every row, in the specification's order. */
export const BOUNDS: readonly Bound[] = [
  RELAY_HOLD,
  SCENE_HOLD,
  MIN_HOLD,
  DEBOUNCE,
  THRESHOLD_4_20MA,
  THRESHOLD_0_10V,
  SCENE_STABLE_TIME,
  REPORT_PERIOD,
  ADC_DETECT_TIME,
  VALVE_TIME,
  CHANGE_RATIO,
  REGISTER_COUNT,
  RULE_TIME,
  TIMED_RETURN,
  SLAVE_ID,
];

export const validateRelayHold = RELAY_HOLD.validate;
export const validateSceneHold = SCENE_HOLD.validate;
export const validateMinHold = MIN_HOLD.validate;
export const validateDebounce = DEBOUNCE.validate;
export const validateThreshold4to20mA = THRESHOLD_4_20MA.validate;
export const validateThreshold0to10V = THRESHOLD_0_10V.validate;
export const validateSceneStableTime = SCENE_STABLE_TIME.validate;
export const validateReportPeriod = REPORT_PERIOD.validate;
export const validateAdcDetectTime = ADC_DETECT_TIME.validate;
export const validateValveTime = VALVE_TIME.validate;
export const validateChangeRatio = CHANGE_RATIO.validate;
export const validateRegisterCount = REGISTER_COUNT.validate;
export const validateTimedReturn = TIMED_RETURN.validate;

/** A rule time value (0-63) alone; see validateRuleTimeValue for value and unit together. */
export const validateRuleTime = RULE_TIME.validate;

/** A rule time field: value 0-63 and a unit 0-3. */
export function validateRuleTimeValue(t: TimeValue): string | null {
  const reason = RULE_TIME.validate(t.value);
  if (reason !== null) return reason;
  return Number.isInteger(t.unit) && t.unit >= 0 && t.unit <= 3 ? null : 'rule time unit: 0-3';
}

/** A register count as sent: whole, within 0-255 (larger counts become 255, NaN and negatives 0). */
export function clampRegisterCount(count: number): number {
  if (Number.isNaN(count)) return 0;
  return Math.min(255, Math.max(0, Math.round(count)));
}

/**
 * A slave id: 0-249, and not among `usedIds` (the ids of the other devices of the same team;
 * leave the device being edited out of the list).
 */
export function validateSlaveId(id: number, usedIds: Iterable<number> = []): string | null {
  const reason = SLAVE_ID.validate(id);
  if (reason !== null) return reason;
  for (const used of usedIds) if (used === id) return 'slave id: already used by another device of the team';
  return null;
}

/** The row for a key, e.g. boundFor('debounce'). */
export function boundFor(key: string): Bound | undefined {
  return BOUNDS.find((row) => row.key === key);
}
