/**
 * The equipment types the console knows (spec §3: the type model gives the channel counts,
 * fAOReg, the 2000-series flag and the images). Shipped as data, shared by the server, the
 * simulator and the console: adding a model is adding an entry here, and catalogue.test.ts
 * checks every entry against the rules below. See docs/protocol.md § Equipment types.
 */
import { MAX_CHANNELS } from '../channels.js';
import { DEFAULT_AO_REGISTER, PAGE_TYPE_NAMES } from '../register-map.js';
import type { PageTypeName } from '../register-map.js';
import type { ChannelCounts } from './record.js';

/** What a host is to the devices behind it. */
export type HostRole = 'team' | 'modbus' | 'dl645';

/**
 * Which automation engine the device runs: none, the standard rule pages (timers, triggers,
 * thresholds, scenes), or those plus the three-input logic and analog-output rule pages.
 */
export type LogicType = 'none' | 'rules' | 'logic';

export interface EquipmentType {
  /** The model name, unique; the key equipment records refer to. */
  readonly type: string;
  readonly names: { readonly en: string; readonly zh: string; readonly tc: string };
  /** fDONum, fDINum, fAINum, fAONum: 0-32 each. */
  readonly counts: ChannelCounts;
  /** fAOReg: first analog-output holding register. */
  readonly aoRegister: number;
  /** f2000: rule pages sit 10000 registers lower. */
  readonly series2000: boolean;
  readonly logicType: LogicType;
  /** The rule page types the device holds (docs/protocol.md § Register map). */
  readonly rulePages: readonly PageTypeName[];
  /** Relay operation modes (0 normal, 1-2 pulse, 3 cycle) its outputs accept. */
  readonly relayModes: readonly number[];
  /** The equipment picture, and the icon of its node in the tree. */
  readonly image: string;
  readonly icon: string;
  /** Set when devices of other types hang under this one. */
  readonly hostRole: HostRole | null;
  /** Set when this type exists only behind a host of that role. */
  readonly attachesTo: HostRole | null;
  /** The Modbus slave address the device answers at on its own link. */
  readonly slaveAddress: number;
  /**
   * It has the maker's clock (holding registers 1100-1106) and status block (input registers
   * 1000-1005): the server sets the clock and reads the battery level every 10 minutes. False for
   * third-party boards, which may keep settings in those registers.
   */
  readonly clock: boolean;
  /**
   * The first coil (DO), discrete input (DI) and input register (AI) of channel 1: 0 on the
   * maker's boards; a board of another maker may put them elsewhere (its AO start is `aoRegister`).
   */
  readonly starts: BlockStarts;
}

export interface BlockStarts {
  readonly do: number;
  readonly di: number;
  readonly ai: number;
}

const RULE_PAGES: readonly PageTypeName[] = ['rtc', 'ai', 'di', 'scene', 'scene2'];
const LOGIC_PAGES: readonly PageTypeName[] = [...RULE_PAGES, 'logic', 'aorule'];

/** A type with the usual values: fAOReg 400, standard series, standalone, slave address 254. */
function model(
  entry: Pick<EquipmentType, 'type' | 'names' | 'counts' | 'image' | 'icon'> & Partial<EquipmentType>,
): EquipmentType {
  const logicType = entry.logicType ?? 'rules';
  return {
    aoRegister: DEFAULT_AO_REGISTER,
    series2000: false,
    logicType,
    rulePages: logicType === 'none' ? [] : logicType === 'logic' ? LOGIC_PAGES : RULE_PAGES,
    relayModes: entry.counts.do > 0 ? [0, 1, 2, 3] : [],
    hostRole: null,
    attachesTo: null,
    slaveAddress: 254,
    clock: true,
    starts: { do: 0, di: 0, ai: 0 },
    ...entry,
  };
}

function relayBoard(channels: number): EquipmentType {
  return model({
    type: `FL-R${channels}`,
    names: {
      en: `${channels}-channel relay board`,
      zh: `${channels}路继电器板`,
      tc: `${channels}路繼電器板`,
    },
    counts: { do: channels, di: channels, ai: channels >= 8 ? 2 : 0, ao: 0 },
    logicType: channels >= 16 ? 'logic' : 'rules',
    image: `relay${channels}.png`,
    icon: 'ab01.png',
  });
}

/** A device that exists only behind a host: no rule engine of its own. */
function attached(
  attachesTo: HostRole,
  entry: Pick<EquipmentType, 'type' | 'names' | 'counts' | 'image' | 'icon'> & Partial<EquipmentType>,
): EquipmentType {
  return model({ logicType: 'none', attachesTo, ...entry });
}

export const EQUIPMENT_TYPES: readonly EquipmentType[] = [
  relayBoard(4),
  relayBoard(8),
  relayBoard(16),
  relayBoard(32),
  {
    ...relayBoard(8),
    type: 'FL-R8-2000',
    names: {
      en: '8-channel relay board (2000 series)',
      zh: '8路继电器板（2000系列）',
      tc: '8路繼電器板（2000系列）',
    },
    series2000: true,
  },
  model({
    type: 'FL-AI8',
    names: { en: 'Analog input module, 8 channels', zh: '8路模拟量输入模块', tc: '8路類比量輸入模組' },
    counts: { do: 2, di: 2, ai: 8, ao: 0 },
    relayModes: [0, 1, 2],
    image: 'ai8.png',
    icon: 'ab02.png',
  }),
  model({
    type: 'FL-AO4',
    names: { en: 'Analog output module, 4 channels', zh: '4路模拟量输出模块', tc: '4路類比量輸出模組' },
    counts: { do: 0, di: 2, ai: 4, ao: 4 },
    logicType: 'logic',
    image: 'ao4.png',
    icon: 'ab03.png',
  }),
  model({
    type: 'FL-MBGW',
    names: { en: 'Modbus meter gateway', zh: 'Modbus 仪表网关', tc: 'Modbus 儀表閘道' },
    counts: { do: 2, di: 2, ai: 0, ao: 0 },
    rulePages: [...RULE_PAGES, 'mb'],
    image: 'mbgw.png',
    icon: 'ab04.png',
    hostRole: 'modbus',
  }),
  model({
    type: 'FL-DLGW',
    names: { en: 'DL645 meter gateway', zh: 'DL645 电表网关', tc: 'DL645 電錶閘道' },
    counts: { do: 2, di: 2, ai: 0, ao: 0 },
    rulePages: [...RULE_PAGES, 'dl645'],
    image: 'dlgw.png',
    icon: 'ab05.png',
    hostRole: 'dl645',
  }),
  model({
    type: 'FL-JYTeam001',
    names: { en: 'Wireless team host', zh: '无线组网主机', tc: '無線組網主機' },
    counts: { do: 4, di: 4, ai: 0, ao: 0 },
    image: 'team.png',
    icon: 'ab06.png',
    hostRole: 'team',
  }),
  attached('team', {
    type: 'FL-LR4',
    names: { en: 'Wireless 4-channel relay slave', zh: '无线4路继电器从机', tc: '無線4路繼電器從機' },
    counts: { do: 4, di: 4, ai: 0, ao: 0 },
    relayModes: [0, 1, 2],
    image: 'lr4.png',
    icon: 'ab07.png',
  }),
  attached('team', {
    type: 'FL-LAI4',
    names: { en: 'Wireless 4-channel analog slave', zh: '无线4路模拟量从机', tc: '無線4路類比量從機' },
    counts: { do: 0, di: 0, ai: 4, ao: 0 },
    image: 'lai4.png',
    icon: 'ab07.png',
  }),
  attached('modbus', {
    type: 'FL-MBMETER',
    names: { en: 'Modbus energy meter', zh: 'Modbus 电能表', tc: 'Modbus 電能表' },
    counts: { do: 0, di: 0, ai: 8, ao: 0 },
    image: 'meter.png',
    icon: 'ab08.png',
    slaveAddress: 1,
  }),
  attached('dl645', {
    type: 'FL-DL645METER',
    names: { en: 'DL645 energy meter', zh: 'DL645 电能表', tc: 'DL645 電能表' },
    counts: { do: 0, di: 0, ai: 4, ao: 0 },
    image: 'meter.png',
    icon: 'ab08.png',
    slaveAddress: 1,
  }),
];

/**
 * Boards of other makers that speak plain Modbus: channels from register 0 of each table, slave
 * address 1 (as most ship), no clock or status block the server would write or read, no rule pages.
 */
function generic(
  entry: Pick<EquipmentType, 'type' | 'names' | 'counts' | 'image' | 'icon'> & Partial<EquipmentType>,
): EquipmentType {
  return model({ logicType: 'none', clock: false, slaveAddress: 1, ...entry });
}

function genericRelays(channels: number, inputs: number): EquipmentType {
  return generic({
    type: `MB-R${channels}`,
    names: {
      en: `Generic Modbus ${channels}-relay board`,
      zh: `通用 Modbus ${channels}路继电器板`,
      tc: `通用 Modbus ${channels}路繼電器板`,
    },
    counts: { do: channels, di: inputs, ai: 0, ao: 0 },
    image: `relay${Math.min(channels, 32)}.png`,
    icon: 'ab01.png',
  });
}

/** Generic Modbus boards (docs/api.md § Equipment types): added like any model, no code needed. */
export const GENERIC_TYPES: readonly EquipmentType[] = [
  genericRelays(4, 4),
  genericRelays(8, 8),
  genericRelays(16, 16),
  genericRelays(32, 0),
  generic({
    type: 'MB-DI16',
    names: {
      en: 'Generic Modbus 16 digital inputs',
      zh: '通用 Modbus 16路数字输入',
      tc: '通用 Modbus 16路數位輸入',
    },
    counts: { do: 0, di: 16, ai: 0, ao: 0 },
    image: 'ai8.png',
    icon: 'ab02.png',
  }),
  generic({
    type: 'MB-AI8',
    names: {
      en: 'Generic Modbus 8 analog inputs',
      zh: '通用 Modbus 8路模拟量输入',
      tc: '通用 Modbus 8路類比量輸入',
    },
    counts: { do: 0, di: 0, ai: 8, ao: 0 },
    image: 'ai8.png',
    icon: 'ab02.png',
  }),
  generic({
    type: 'MB-AO4',
    names: {
      en: 'Generic Modbus 4 analog outputs',
      zh: '通用 Modbus 4路模拟量输出',
      tc: '通用 Modbus 4路類比量輸出',
    },
    counts: { do: 0, di: 0, ai: 0, ao: 4 },
    aoRegister: 0,
    image: 'ao4.png',
    icon: 'ab03.png',
  }),
];

const BUILT_IN: readonly EquipmentType[] = [...EQUIPMENT_TYPES, ...GENERIC_TYPES];
const BY_TYPE = new Map(BUILT_IN.map((t) => [t.type, t]));
/** Types an operator added as data (the server loads them from its store): setCustomEquipmentTypes. */
let custom = new Map<string, EquipmentType>();

/** The type of that model name (built in or added by an operator), or undefined. */
export function equipmentType(type: string): EquipmentType | undefined {
  return BY_TYPE.get(type) ?? custom.get(type);
}

/** Every type: the catalogue's, the generic boards, then those operators added. */
export function allEquipmentTypes(): readonly EquipmentType[] {
  return custom.size === 0 ? BUILT_IN : [...BUILT_IN, ...custom.values()];
}

/** Whether a model name is one of the built-in types (which operators cannot change). */
export function isBuiltInType(type: string): boolean {
  return BY_TYPE.has(type);
}

/**
 * Replaces the types operators added (the server, from its store). Throws when one clashes with a
 * built-in type or fails the catalogue's checks; nothing changes then.
 */
export function setCustomEquipmentTypes(types: readonly EquipmentType[]): void {
  const clash = types.find((t) => BY_TYPE.has(t.type));
  if (clash) throw new Error(`${clash.type}: a built-in type has this name`);
  const problems = catalogueProblems(types);
  if (problems.length > 0) throw new Error(problems.join('; '));
  custom = new Map(types.map((t) => [t.type, t]));
}

/** A type an operator describes as data: counts, block starts, clock, rules (docs/api.md). */
export interface CustomTypeDefinition {
  readonly type: string;
  readonly names: { readonly en: string; readonly zh: string; readonly tc: string };
  readonly counts: ChannelCounts;
  readonly starts: BlockStarts;
  readonly aoRegister: number;
  readonly clock: boolean;
  readonly logicType: LogicType;
  readonly slaveAddress: number;
  readonly image?: string | undefined;
  readonly icon?: string | undefined;
}

/** The type of an operator's definition. */
export function customType(definition: CustomTypeDefinition): EquipmentType {
  const { image, icon, ...rest } = definition;
  const relays = rest.counts.do > 0;
  return model({
    ...rest,
    image: image ?? (relays ? 'relay8.png' : 'ai8.png'),
    icon: icon ?? (relays ? 'ab01.png' : 'ab02.png'),
  });
}

/** A team host is a type whose name contains JYTeam001 (spec §3). */
export function isTeamType(type: string): boolean {
  return type.includes('JYTeam001');
}

/** The checks catalogue.test.ts runs on every entry; exported so a new entry is checked the same way. */
export function catalogueProblems(types: readonly EquipmentType[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const t of types) {
    if (seen.has(t.type)) problems.push(`${t.type}: listed twice`);
    seen.add(t.type);
    for (const [kind, n] of Object.entries(t.counts)) {
      if (!Number.isInteger(n) || n < 0 || n > MAX_CHANNELS) problems.push(`${t.type}: ${kind} count ${n}`);
    }
    if (!Number.isInteger(t.aoRegister) || t.aoRegister < 0 || t.aoRegister > 0xffff) {
      problems.push(`${t.type}: aoRegister ${t.aoRegister}`);
    }
    for (const page of t.rulePages) {
      if (!(PAGE_TYPE_NAMES as readonly string[]).includes(page)) problems.push(`${t.type}: page ${page}`);
    }
    if (t.logicType === 'none' && t.rulePages.length > 0) problems.push(`${t.type}: pages without logic`);
    if ((t.hostRole === 'team') !== isTeamType(t.type)) {
      problems.push(`${t.type}: a team host is exactly a type named …JYTeam001…`);
    }
    if (t.hostRole !== null && t.attachesTo !== null) problems.push(`${t.type}: both host and attached`);
    if (t.counts.do === 0 && t.relayModes.length > 0) problems.push(`${t.type}: relay modes without outputs`);
    if (t.relayModes.some((m) => ![0, 1, 2, 3].includes(m))) problems.push(`${t.type}: relay mode`);
    if (!Number.isInteger(t.slaveAddress) || t.slaveAddress < 0 || t.slaveAddress > 255) {
      problems.push(`${t.type}: slave address`);
    }
    for (const [kind, start] of Object.entries(t.starts)) {
      const n = t.counts[kind as keyof BlockStarts];
      if (!Number.isInteger(start) || start < 0 || start + n > 0x10000) {
        problems.push(`${t.type}: ${kind} start ${start}`);
      }
    }
    if (t.aoRegister + t.counts.ao > 0x10000) problems.push(`${t.type}: AO registers past 65535`);
  }
  return problems;
}
