// @vitest-environment jsdom
// The switch trigger editor (docs/protocol.md § Trigger): round trips, bounds, sources, flags,
// the embedded output, read-only, languages.
import { decodeRule, encodeRule, say, toHex, TRIGGER_SOURCES, validateRule } from '@fieldlink/protocol';
import type { TriggerRule } from '@fieldlink/protocol';
import { cleanup } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEditor, sampleContext } from '../test-support';
import { triggerArb } from './test-arbitraries';
import { choose, click, editorOfMany, enabledControls, field, numberIn, typeNumber } from './test-driving';
import TriggerEditor from './TriggerEditor';

afterEach(cleanup);

const decode = (bytes: readonly number[]): TriggerRule => {
  const rule = decodeRule('trigger', Uint8Array.from(bytes));
  if (rule === null) throw new Error('short vector');
  return rule;
};
const bytesOf = (rule: TriggerRule): string => toHex(encodeRule('trigger', rule));
const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));
const sourceName = (code: number): string => say(TRIGGER_SOURCES.find((s) => s.code === code)!.name, 'en');
const Many = editorOfMany(TriggerEditor);

// The hand vectors of packages/protocol/src/rules/trigger.test.ts.
const VECTORS: Record<string, readonly number[]> = {
  'DI3 active for 1 s closes DO2': [
    0x00, 0x20, 0x02, 0x00, 0x00, 0x0a, 0x00, 0x05, 0x01, 0x01, 0x00, 0x32, 0x00, 0x00,
  ],
  disabled: [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
  'DO32 inactive, every flag, bounds': [
    0xff, 0x5c, 0x1f, 0x01, 0xff, 0xff, 0x00, 0x64, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00,
  ],
  'scene 0, unholdTime 101 (one past)': [
    0x05, 0x60, 0x00, 0x00, 0x00, 0x00, 0x00, 0x65, 0x05, 0x03, 0x00, 0x00, 0x00, 0x00,
  ],
  'source 4 (reserved), DI channel 32': [
    0x01, 0x80, 0x20, 0x00, 0x00, 0x0a, 0x00, 0x05, 0x01, 0x01, 0x00, 0x32, 0x00, 0x00,
  ],
  'DI33 (channel 32, one past)': [
    0x00, 0x20, 0x20, 0x00, 0x00, 0x0a, 0x00, 0x05, 0x01, 0x01, 0x00, 0x32, 0x00, 0x00,
  ],
  'algorithm 9, event-forced, AO output': [
    0x02, 0xa8, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00, 0x04, 0xb0, 0x00, 0x00,
  ],
  'scene application 255, repeat': [
    0x03, 0xc4, 0xff, 0x01, 0x00, 0x0a, 0x00, 0x05, 0x01, 0x01, 0x00, 0x32, 0x00, 0x00,
  ],
  'condition 0 with the next rule, register operation': [
    0x04, 0xf0, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x06, 0x05, 0x00, 0x02, 0x00, 0x01,
  ],
};
const DI3 = VECTORS['DI3 active for 1 s closes DO2']!;

describe('TriggerEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const rules = Object.values(VECTORS).map(decode);
    const drawn = renderEditor(Many, rules);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(Object.values(VECTORS).map(hex));
  });

  it('keeps the bytes when fields are changed and changed back', () => {
    const drawn = renderEditor(TriggerEditor, decode(DI3));
    click('rule-level', 'Broken (inactive)');
    typeNumber(numberIn('rule-unholdTime'), 10);
    click('rule-forced', 'Event-forced (runs while the condition holds)');
    click('rule-repeat', 'Repeat');
    click('rule-more', "Also run the next rule's output");
    expect(drawn.value()).toMatchObject({
      more: true,
      forced: true,
      repeat: true,
      level: 'inactive',
      unholdTime: 100,
    });
    click('rule-level', 'Conducting (active)');
    typeNumber(numberIn('rule-unholdTime'), 0.5);
    click('rule-forced', 'Event-triggered (runs once per event)');
    click('rule-repeat', 'Single');
    click('rule-more', "Also run the next rule's output");
    expect(bytesOf(drawn.value())).toBe(hex(DI3));
  });

  it('keeps the bytes of random triggers', () => {
    // Eight rules a render, three renders: 24 random rules.
    fc.assert(
      fc.property(fc.array(triggerArb, { minLength: 8, maxLength: 8 }), (rules) => {
        const drawn = renderEditor(Many, rules);
        const same = drawn.changes() === 0 && drawn.value().map(bytesOf).join() === rules.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 3 },
    );
  });
});

describe('TriggerEditor bounds', () => {
  it('takes a rule index of 0-255 and a scene index of 0-255, refusing 256', () => {
    const drawn = renderEditor(TriggerEditor, decode(VECTORS['scene application 255, repeat']!));
    typeNumber(numberIn('rule-dev'), 255);
    typeNumber(numberIn('rule-channel'), 255);
    expect(drawn.value()).toMatchObject({ dev: 255, channel: 255 });
    typeNumber(numberIn('rule-dev'), 256);
    typeNumber(numberIn('rule-channel'), 256);
    expect(drawn.value()).toMatchObject({ dev: 255, channel: 255 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255', 'Out of range: 0 to 255']);
  });

  it('takes a hold of 0-6553.5 s and a release of 0-10 s, refusing one tenth past', () => {
    const drawn = renderEditor(TriggerEditor, decode(DI3));
    typeNumber(numberIn('rule-holdTime'), 6553.5);
    typeNumber(numberIn('rule-unholdTime'), 10);
    expect(drawn.value()).toMatchObject({ holdTime: 65535, unholdTime: 100 });
    typeNumber(numberIn('rule-holdTime'), 6553.6);
    typeNumber(numberIn('rule-unholdTime'), 10.1);
    expect(drawn.value()).toMatchObject({ holdTime: 65535, unholdTime: 100 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 6553.5', 'Out of range: 0 to 10']);
  });

  it('shows a stored release past 10 s with its problem and keeps it', () => {
    const drawn = renderEditor(TriggerEditor, decode(VECTORS['scene 0, unholdTime 101 (one past)']!));
    expect(numberIn('rule-unholdTime').value).toBe('10.1');
    expect(drawn.problems()).toEqual(['Out of range: 0 to 10']);
    expect(drawn.changes()).toBe(0);
  });

  it("notes how the device's display clamps a short hold", () => {
    renderEditor(TriggerEditor, decode(VECTORS['DO32 inactive, every flag, bounds']!));
    expect(field('rule-holdTime').textContent).toContain('A short hold shows as 10 s');
    typeNumber(numberIn('rule-holdTime'), 0);
    expect(field('rule-holdTime').textContent).toContain('A short hold shows as 0.1 s');
    typeNumber(numberIn('rule-holdTime'), 5);
    expect(field('rule-holdTime').textContent).not.toContain('A short hold');
  });

  it('shows a DI channel the model lacks and reports it', () => {
    const drawn = renderEditor(TriggerEditor, decode(VECTORS['DI33 (channel 32, one past)']!));
    expect(field('rule-channel').textContent).toContain('DI33 (not on this model)');
    expect(drawn.problems()).toEqual(['DI33 (not on this model)']);
  });
});

describe('TriggerEditor sources', () => {
  it('keeps the channel between DI and DO, and starts a rule enabled from disabled blank', async () => {
    const drawn = renderEditor(TriggerEditor, decode(DI3));
    await choose('rule-source', sourceName(2));
    expect(drawn.value()).toMatchObject({ source: 2, channel: 2, holdTime: 10, output: { mode: 1 } });
    expect(validateRule('trigger', drawn.value())).toEqual([]);
    await choose('rule-source', sourceName(0));
    expect(bytesOf(drawn.value())).toBe(hex(VECTORS['disabled']!));
    await choose('rule-source', sourceName(1));
    expect(drawn.value()).toEqual({
      dev: 0,
      source: 1,
      more: false,
      forced: false,
      repeat: false,
      channel: 0,
      level: 'active',
      holdTime: 0,
      unholdTime: 0,
      output: { mode: 0, channel: 0, value: 0, addr: 0 },
    });
  });

  it('shows the reserved source as err with its code and keeps the rule', () => {
    const drawn = renderEditor(TriggerEditor, decode(VECTORS['source 4 (reserved), DI channel 32']!));
    expect(field('rule-source').textContent).toContain('err (code 4)');
    expect(field('rule-source').textContent).toContain('Reserved source');
    expect(drawn.changes()).toBe(0);
  });

  it('edits the output part', async () => {
    const drawn = renderEditor(TriggerEditor, decode(DI3));
    await choose('rule-output-mode', 'start scene');
    typeNumber(numberIn('rule-output-scene'), 4);
    expect(drawn.value().output).toEqual({ mode: 5, channel: 4, value: 0, addr: 0 });
  });
});

describe('TriggerEditor read-only and languages', () => {
  it('disables every input when read-only', () => {
    const drawn = renderEditor(TriggerEditor, decode(DI3), sampleContext(undefined, { readOnly: true }));
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    renderEditor(TriggerEditor, decode(DI3), sampleContext(undefined, { lang: 'zh' }));
    expect(field('rule-source').textContent).toContain('触发源');
    expect(field('rule-source').textContent).toContain('DI通道（光耦输入）');
    expect(field('rule-level').textContent).toContain('导通（有效）');
    expect(field('rule-unholdTime').textContent).toContain('释放时间');
    expect(field('rule-output-mode').textContent).toContain('闭合继电器');
  });

  it('speaks tc', () => {
    renderEditor(
      TriggerEditor,
      decode(VECTORS['scene application 255, repeat']!),
      sampleContext(undefined, { lang: 'tc' }),
    );
    expect(field('rule-source').textContent).toContain('觸發源');
    expect(field('rule-channel').textContent).toContain('場景應用序號');
    expect(field('rule-repeat').textContent).toContain('重複');
    expect(field('rule-forced').textContent).toContain('事件觸發');
  });
});
