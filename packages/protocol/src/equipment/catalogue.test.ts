// Checks docs/protocol.md § Equipment types.
import { afterEach, describe, expect, it } from 'vitest';
import {
  allEquipmentTypes,
  catalogueProblems,
  customType,
  EQUIPMENT_TYPES,
  equipmentType,
  GENERIC_TYPES,
  isBuiltInType,
  isTeamType,
  setCustomEquipmentTypes,
} from './catalogue.js';
import type { EquipmentType } from './catalogue.js';

describe('equipment type catalogue', () => {
  it('passes every rule of catalogueProblems', () => {
    expect(catalogueProblems(EQUIPMENT_TYPES)).toEqual([]);
  });

  it('has the models the console needs', () => {
    const find = (predicate: (t: EquipmentType) => boolean) => EQUIPMENT_TYPES.filter(predicate);
    for (const n of [4, 8, 16, 32]) {
      expect(
        find((t) => t.counts.do === n && t.hostRole === null && t.attachesTo === null).length,
      ).toBeGreaterThan(0);
    }
    expect(find((t) => t.counts.ai > 0 && t.counts.do <= 2 && t.counts.ao === 0).length).toBeGreaterThan(0);
    expect(find((t) => t.counts.ao > 0).length).toBeGreaterThan(0);
    expect(find((t) => t.hostRole === 'modbus').length).toBeGreaterThan(0);
    expect(find((t) => t.hostRole === 'dl645').length).toBeGreaterThan(0);
    expect(find((t) => t.hostRole === 'team' && t.type.includes('JYTeam001')).length).toBeGreaterThan(0);
    expect(find((t) => t.series2000).length).toBeGreaterThan(0);
    for (const role of ['team', 'modbus', 'dl645'] as const) {
      expect(find((t) => t.attachesTo === role).length, role).toBeGreaterThan(0);
    }
    expect(EQUIPMENT_TYPES.every((t) => t.aoRegister === 400)).toBe(true);
  });

  it('finds types by exact model name only', () => {
    expect(equipmentType('FL-R8')?.counts).toEqual({ do: 8, di: 8, ai: 2, ao: 0 });
    expect(equipmentType('fl-r8')).toBeUndefined();
    expect(equipmentType('toString')).toBeUndefined();
    expect(isTeamType('FL-JYTeam001')).toBe(true);
    expect(isTeamType('FL-R8')).toBe(false);
  });

  it('reports broken entries', () => {
    const good = EQUIPMENT_TYPES[0]!;
    const bad: EquipmentType[] = [
      { ...good, counts: { ...good.counts, do: 33 } },
      { ...good, type: 'X-JYTeam001' },
      { ...good, type: 'Y', aoRegister: -1, relayModes: [4] },
      good,
    ];
    const problems = catalogueProblems(bad);
    expect(problems.some((p) => p.includes('do count 33'))).toBe(true);
    expect(problems.some((p) => p.includes('X-JYTeam001'))).toBe(true);
    expect(problems.some((p) => p.includes('aoRegister -1'))).toBe(true);
    expect(problems.some((p) => p.includes('relay mode'))).toBe(true);
    expect(problems.some((p) => p.includes('listed twice'))).toBe(true);
  });
});

describe('generic boards and types added as data', () => {
  afterEach(() => setCustomEquipmentTypes([]));

  it('lists generic Modbus boards without clock or rules, at address 1, from register 0', () => {
    expect(catalogueProblems(GENERIC_TYPES)).toEqual([]);
    for (const t of GENERIC_TYPES) {
      expect(t).toMatchObject({ clock: false, slaveAddress: 1, logicType: 'none', rulePages: [] });
      expect(isBuiltInType(t.type)).toBe(true);
      expect(equipmentType(t.type)).toBe(t);
    }
    expect(equipmentType('MB-AO4')?.aoRegister).toBe(0);
  });

  it('takes an operator’s types beside the built-in ones, and refuses a clash or a bad one whole', () => {
    const acme = customType({
      type: 'ACME-IO',
      names: { en: 'Acme', zh: 'Acme', tc: 'Acme' },
      counts: { do: 4, di: 4, ai: 0, ao: 0 },
      starts: { do: 16, di: 32, ai: 0 },
      aoRegister: 0,
      clock: false,
      logicType: 'none',
      slaveAddress: 1,
    });
    setCustomEquipmentTypes([acme]);
    expect(equipmentType('ACME-IO')).toBe(acme);
    expect(isBuiltInType('ACME-IO')).toBe(false);
    expect(allEquipmentTypes().at(-1)).toBe(acme);
    expect(() => setCustomEquipmentTypes([{ ...acme, type: 'FL-R8' }])).toThrow(/built-in/);
    expect(() =>
      setCustomEquipmentTypes([{ ...acme, type: 'ACME-2', starts: { do: 65534, di: 0, ai: 0 } }]),
    ).toThrow(/do start/);
    // Nothing changed by the refused sets.
    expect(equipmentType('ACME-IO')).toBe(acme);
    expect(equipmentType('ACME-2')).toBeUndefined();
  });
});
