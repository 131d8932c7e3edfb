import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EquipmentMemory } from '../memory.js';
import { FLOAT32_MAX } from './math.js';
import { BANK_SIZE, RuleRegisters } from './registers.js';
import type { RegisterOperation } from './registers.js';
import { setup, writePage } from './test-fixture.js';

const AO = 400;

function rig(): { memory: EquipmentMemory; regs: RuleRegisters; writes: [number, number][] } {
  const memory = new EquipmentMemory({ doCount: 2, diCount: 2, aiCount: 4, aoCount: 4 });
  const regs = new RuleRegisters(memory);
  const writes: [number, number][] = [];
  regs.onHoldingWrite = (start, count) => writes.push([start, count]);
  regs.step(0);
  return { memory, regs, writes };
}

const op = (mathType: number, regType: number, regAddr: number, value: number): RegisterOperation => ({
  mathType,
  regType,
  regAddr,
  value,
});

describe('operands', () => {
  it('constants, AI and AO channels; a channel the device lacks reads nothing', () => {
    const { memory, regs } = rig();
    memory.inputRegisters[3] = 1234;
    memory.writeHolding(AO + 3, 77);
    expect(regs.operand(0, 65535, 0)).toBe(65535);
    expect(regs.operand(1, 3, 0)).toBe(1234);
    expect(regs.operand(1, 4, 0)).toBeNull();
    expect(regs.operand(2, 3, 0)).toBe(77);
    expect(regs.operand(2, 4, 0)).toBeNull();
  });

  it('read-only and holding registers in u16, s16, s32 and float, the high word first', () => {
    const { memory, regs } = rig();
    memory.inputRegisters.splice(0, 4, 0xfffe, 0x0001, 0x3fc0, 0x0000);
    expect(regs.operand(3, 0, 0)).toBe(0xfffe);
    expect(regs.operand(4, 0, 0)).toBe(-2);
    expect(regs.operand(5, 0, 0)).toBe(-131071); // 0xFFFE0001
    expect(regs.operand(6, 2, 0)).toBe(1.5);
    expect(regs.operand(5, 3, 0)).toBeNull(); // the low word would be input register 4
    [0x8000, 0x0000, 0x4049, 0x0fdb].forEach((w, i) => memory.writeHolding(AO + i, w));
    expect(regs.operand(7, AO, 0)).toBe(0x8000);
    expect(regs.operand(8, AO, 0)).toBe(-32768);
    expect(regs.operand(9, AO, 0)).toBe(-(2 ** 31));
    expect(regs.operand(10, AO + 2, 0)).toBeCloseTo(Math.PI, 6);
    expect(regs.operand(7, 100, 0)).toBeNull();
    expect(regs.operand(10, AO + 3, 0)).toBeNull();
  });

  it('cache, time and flow registers 0-255; 256 and unknown sources read nothing', () => {
    const { regs } = rig();
    expect(regs.operand(11, BANK_SIZE - 1, 0)).toBe(0);
    expect(regs.operand(11, BANK_SIZE, 0)).toBeNull();
    expect(regs.operand(12, 255, 0)).toBe(0);
    expect(regs.operand(13, 255, 0)).toBe(0);
    expect(regs.operand(13, 256, 0)).toBeNull();
    expect(regs.operand(14, 0, 0)).toBeNull();
    expect(regs.operand(15, 0, 0)).toBeNull();
  });
});

describe('register operations', () => {
  it('u16 holding registers and AO channels saturate at 0 and 65535', () => {
    const { memory, regs, writes } = rig();
    expect(regs.apply(op(0, 0, 3, 65534), 0)).toBe(true);
    expect(regs.apply(op(1, 0, 3, 1), 0)).toBe(true);
    expect(memory.readHolding(AO + 3)).toBe(65535);
    regs.apply(op(1, 0, 3, 1), 0);
    expect(memory.readHolding(AO + 3)).toBe(65535);
    regs.apply(op(0, 1, AO, 1), 0);
    regs.apply(op(2, 1, AO, 1), 0);
    expect(memory.readHolding(AO)).toBe(0);
    regs.apply(op(2, 1, AO, 1), 0);
    expect(memory.readHolding(AO)).toBe(0);
    expect(regs.apply(op(0, 0, 4, 1), 0)).toBe(false);
    expect(regs.apply(op(0, 1, 100, 1), 0)).toBe(false);
    expect(writes).toContainEqual([AO, 1]);
  });

  it('s16 takes the value as signed and saturates at -32768 and 32767', () => {
    const { memory, regs } = rig();
    regs.apply(op(0, 2, AO, 0xffff), 0);
    expect(memory.readHolding(AO)).toBe(0xffff); // -1
    regs.apply(op(1, 2, AO, 0xffff), 0); // -1 + -1
    expect(regs.read({ regType: 2, regAddr: AO }, 0)).toBe(-2);
    regs.apply(op(0, 2, AO, 0x8000), 0);
    regs.apply(op(2, 2, AO, 1), 0);
    expect(regs.read({ regType: 2, regAddr: AO }, 0)).toBe(-32768);
    regs.apply(op(0, 2, AO, 32766), 0);
    regs.apply(op(1, 2, AO, 1), 0);
    expect(regs.read({ regType: 2, regAddr: AO }, 0)).toBe(32767);
    regs.apply(op(1, 2, AO, 1), 0);
    expect(regs.read({ regType: 2, regAddr: AO }, 0)).toBe(32767);
  });

  it('s32 and float take two registers, the high word first, and need both', () => {
    const { memory, regs, writes } = rig();
    regs.apply(op(0, 3, AO, 65535), 0);
    regs.apply(op(1, 3, AO, 2), 0);
    expect([memory.readHolding(AO), memory.readHolding(AO + 1)]).toEqual([1, 1]);
    regs.apply(op(0, 3, AO, 0), 0);
    regs.apply(op(2, 3, AO, 1), 0);
    expect([memory.readHolding(AO), memory.readHolding(AO + 1)]).toEqual([0xffff, 0xffff]);
    regs.apply(op(0, 4, AO + 2, 3), 0);
    expect([memory.readHolding(AO + 2), memory.readHolding(AO + 3)]).toEqual([0x4040, 0x0000]);
    regs.apply(op(2, 4, AO + 2, 5), 0);
    expect(regs.read({ regType: 4, regAddr: AO + 2 }, 0)).toBe(-2);
    expect(regs.apply(op(0, 4, AO + 3, 1), 0)).toBe(false);
    expect(memory.readHolding(AO + 3)).toBe(0);
    expect(writes).toContainEqual([AO + 2, 2]);
  });

  it('cache registers keep 32-bit floats; unknown math or register types do nothing', () => {
    const { regs } = rig();
    regs.apply(op(0, 5, 255, 10), 0);
    regs.apply(op(2, 5, 255, 25), 0);
    expect(regs.read({ regType: 5, regAddr: 255 }, 0)).toBe(-15);
    expect(regs.write({ regType: 5, regAddr: 0 }, 0.1, 0)).toBe(true);
    expect(regs.read({ regType: 5, regAddr: 0 }, 0)).toBe(Math.fround(0.1));
    regs.write({ regType: 5, regAddr: 0 }, Infinity, 0);
    expect(regs.read({ regType: 5, regAddr: 0 }, 0)).toBe(FLOAT32_MAX);
    expect(regs.apply(op(0, 5, 256, 1), 0)).toBe(false);
    expect(regs.apply(op(3, 5, 0, 1), 0)).toBe(false);
    expect(regs.apply(op(0, 9, 0, 1), 0)).toBe(false);
  });

  it('time registers count whole seconds from the first step or from their last write', () => {
    const memory = new EquipmentMemory({ doCount: 0, diCount: 0, aiCount: 0, aoCount: 0 });
    const regs = new RuleRegisters(memory);
    regs.step(10_000);
    expect(regs.read({ regType: 6, regAddr: 7 }, 11_999)).toBe(1);
    expect(regs.read({ regType: 6, regAddr: 7 }, 12_000)).toBe(2);
    regs.apply(op(0, 6, 7, 100), 12_500);
    expect(regs.read({ regType: 6, regAddr: 7 }, 13_499)).toBe(100);
    expect(regs.read({ regType: 6, regAddr: 7 }, 13_500)).toBe(101);
    regs.apply(op(2, 6, 7, 500), 13_500);
    expect(regs.read({ regType: 6, regAddr: 7 }, 13_500)).toBe(0);
    expect(regs.operand(12, 7, 16_500)).toBe(3);
  });

  it('a changed flow adds itself to the cumulative flow every second, in shares', () => {
    const { regs } = rig();
    regs.apply(op(0, 8, 2, 5), 0);
    regs.step(1000);
    expect(regs.read({ regType: 7, regAddr: 2 }, 1000)).toBe(5);
    regs.step(1500);
    expect(regs.operand(13, 2, 1500)).toBe(7.5);
    regs.apply(op(0, 8, 2, 0), 1500);
    regs.step(9000);
    expect(regs.operand(13, 2, 9000)).toBe(7.5);
    regs.apply(op(1, 7, 2, 10), 9000);
    regs.apply(op(2, 7, 2, 100), 9000);
    expect(regs.operand(13, 2, 9000)).toBe(0);
    regs.apply(op(0, 8, 2, 65535), 9000);
    regs.apply(op(1, 8, 2, 1), 9000);
    expect(regs.read({ regType: 8, regAddr: 2 }, 9000)).toBe(65535);
  });

  it('never throws, and what an operation stores reads back within the register’s range', () => {
    const { regs } = rig();
    const limits: Record<number, [number, number]> = {
      0: [0, 65535],
      1: [0, 65535],
      2: [-32768, 32767],
      3: [-(2 ** 31), 2 ** 31 - 1],
      4: [-FLOAT32_MAX, FLOAT32_MAX],
      5: [-FLOAT32_MAX, FLOAT32_MAX],
      6: [0, 2 ** 32 - 1],
      7: [0, 2 ** 32 - 1],
      8: [0, 65535],
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            mathType: fc.integer({ min: 0, max: 3 }),
            regType: fc.integer({ min: 0, max: 15 }),
            regAddr: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(AO, AO + 2, 255, 256, 65535)),
            value: fc.integer({ min: 0, max: 0xffff }),
          }),
          { maxLength: 20 },
        ),
        (ops) => {
          for (const o of ops) {
            if (!regs.apply(o, 0)) continue;
            const v = regs.read(o, 0);
            const range = limits[o.regType];
            expect(v).not.toBeNull();
            if (v === null || !range) continue;
            expect(v).toBeGreaterThanOrEqual(range[0]);
            expect(v).toBeLessThanOrEqual(range[1]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('register operations in the engine', () => {
  it('a register operation that writes a rule page takes effect at the next step', () => {
    const { memory, engine } = setup();
    const trigger = {
      dev: 0,
      source: 1,
      more: false,
      forced: false,
      repeat: false,
      level: 'active' as const,
      holdTime: 0,
      unholdTime: 0,
    };
    writePage(memory, 'di', [
      { ...trigger, channel: 0, output: { mode: 3, channel: 0, value: 0, addr: 0 } },
      // DI2 clears register 14000: slot 0's dev and source bytes, so slot 0 is disabled.
      {
        ...trigger,
        channel: 1,
        output: { mode: 6, operation: { mathType: 0, regType: 1, regAddr: 14000, value: 0 } },
      },
    ]);
    engine.step(0);
    memory.inputs[1] = true;
    engine.step(100);
    memory.inputs[0] = true;
    engine.step(200);
    expect(memory.coils[0]).toBe(false);
    expect(engine.registers.read({ regType: 1, regAddr: 14000 }, 200)).toBe(0);
  });
});
