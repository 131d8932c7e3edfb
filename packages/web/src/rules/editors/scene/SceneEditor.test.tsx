// @vitest-environment jsdom
// The scene editor (docs/protocol.md § Scene): round trips of every family, types, unknown types, read-only, languages.
import { validateRule } from '@fieldlink/protocol';
import type { SceneRule } from '@fieldlink/protocol';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { sceneArb } from '../../../../../protocol/src/test-support/arbitraries';
import { choose, editorOfMany, enabledControls, numberIn, typeNumber } from '../logic/test-driving';
import { renderEditor, sampleContext } from '../test-support';
import SceneEditor from './SceneEditor';
import { SCENE_VECTORS, decodeScene, hexOf, vector } from './test-vectors';

afterEach(cleanup);

const CONTEXT = sampleContext({ do: 8, di: 8, ai: 2, ao: 2 });
/** Byte 0 of the types that have a sub-form. */
const FAMILY_CODES = new Set(['01', '02', '03', '04', '05', '06', '07', '0A', '14', '1E']);

describe('SceneEditor round trip', () => {
  // The families' vectors are drawn by their own tests (ChannelScenes, Calculations, FlowFields).
  it('keeps the bytes of the disabled and unknown hand vectors when nothing changes', () => {
    const hexes = SCENE_VECTORS.map(([, hex]) => hex).filter((hex) => !FAMILY_CODES.has(hex.slice(0, 2)));
    expect(hexes).toHaveLength(6);
    const drawn = renderEditor(editorOfMany(SceneEditor), hexes.map(decodeScene), CONTEXT);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(hexOf)).toEqual(hexes);
  });

  it('keeps the bytes of random scenes', () => {
    fc.assert(
      fc.property(fc.array(sceneArb, { minLength: 8, maxLength: 8 }), (rules: SceneRule[]) => {
        const drawn = renderEditor(editorOfMany(SceneEditor), rules, CONTEXT);
        const same = drawn.changes() === 0 && drawn.value().map(hexOf).join() === rules.map(hexOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 3 },
    );
  });

  it('keeps the bytes when a field is changed and changed back', async () => {
    const hex = '0102400A03140A050000000F';
    const drawn = renderEditor(SceneEditor, decodeScene(hex), CONTEXT);
    typeNumber(numberIn('rule-cycleCount'), 4);
    expect(drawn.value()).toMatchObject({ cycleCount: 4 });
    typeNumber(numberIn('rule-cycleCount'), 3);
    await choose('rule-condition', 'time rule');
    expect(drawn.value()).toMatchObject({ ruleType: 1, rule: 2 });
    await choose('rule-condition', 'switch rule');
    fireEvent.click(within(screen.getByTestId('rule-channels')).getByLabelText('DO5 Pump 5'));
    expect(drawn.value()).toMatchObject({ channels: [0, 1, 2, 3, 4] });
    fireEvent.click(within(screen.getByTestId('rule-channels')).getByLabelText('DO5 Pump 5'));
    expect(drawn.changes()).toBe(6);
    expect(hexOf(drawn.value())).toBe(hex);
  });
});

describe('SceneEditor types', () => {
  it('offers the specification’s types and shows an unknown one as err with its code and bytes', async () => {
    renderEditor(SceneEditor, vector('type 8 (one past simultaneous) keeps its bytes'), CONTEXT);
    const type = screen.getByTestId('rule-sceneType');
    expect(type.textContent).toContain('err (code 8)');
    expect(type.textContent).toContain('Unknown scene type (code 8)');
    expect(screen.getByTestId('rule-raw').textContent).toContain('0102030405060708090A0B');
    fireEvent.mouseDown(within(type).getByRole('combobox'));
    const names = [
      'disabled',
      'marquee',
      'water-flow light',
      'open in turn',
      'close in turn',
      'open in sequence',
      'close in sequence',
      'simultaneous',
      'function calculation',
      'assignment calculation',
      'cumulative flow',
    ];
    for (const name of names) expect(await screen.findByTitle(name)).toBeTruthy();
  });

  it('leaves an unknown type only when the user picks a defined one', async () => {
    const drawn = renderEditor(SceneEditor, vector('type 255 keeps its bytes'), CONTEXT);
    expect(drawn.changes()).toBe(0);
    await choose('rule-sceneType', 'simultaneous');
    expect(drawn.value()).toEqual({
      type: 7,
      rule: 0,
      ruleType: 0,
      holdTime: { value: 0, unit: 0 },
      openChannels: [],
      closeChannels: [],
    });
    expect(screen.queryByTestId('rule-raw')).toBeNull();
    expect(screen.getByTestId('rule-openChannels')).toBeTruthy();
  });

  it('switches through every family to a scene that validates and encodes, drawing its fields', async () => {
    const drawn = renderEditor(SceneEditor, vector('marquee DO1-DO4 on a switch rule'), CONTEXT);
    const steps: [string, number, string][] = [
      ['close in sequence', 6, 'rule-stepTime'],
      ['simultaneous', 7, 'rule-closeChannels'],
      ['water-flow light', 2, 'rule-waitTime'],
      ['function calculation', 10, 'rule-comparison'],
      ['assignment calculation', 20, 'rule-targetType'],
      ['cumulative flow', 30, 'rule-mode'],
      ['open in turn', 3, 'rule-channels'],
    ];
    for (const [name, type, testId] of steps) {
      await choose('rule-sceneType', name);
      expect(drawn.value().type).toBe(type);
      expect(validateRule('scene', drawn.value())).toEqual([]);
      expect(hexOf(drawn.value())).toHaveLength(24);
      expect(screen.getByTestId(testId)).toBeTruthy();
    }
    // The channels went through the simultaneous scene's opened set and the totaliser's valve.
    expect(drawn.value()).toMatchObject({ type: 3, ruleType: 0, channels: [0] });
    await choose('rule-sceneType', 'disabled');
    expect(hexOf(drawn.value())).toBe('000000000000000000000000');
    expect(screen.getByTestId('rule-sceneType').textContent).toContain('A disabled scene does not run');
    expect(screen.queryByTestId('rule-condition')).toBeNull();
  });
});

describe('SceneEditor context', () => {
  it('disables every input of every family when read-only', () => {
    const readOnly = sampleContext({ do: 8, di: 8, ai: 2, ao: 2 }, { readOnly: true });
    // One scene of each family, with its flags set and its channels chosen.
    const hexes = [
      '02FFB03FFFFF7FBFFFFFFFFF',
      '030120000A00000000000007',
      '0703400A000000030000000C',
      '0A1010700000006400280A03',
      '143020000000020002410000',
      '1E0101020D000A0032141400',
      '080102030405060708090A0B',
    ];
    const drawn = renderEditor(editorOfMany(SceneEditor), hexes.map(decodeScene), readOnly);
    expect(drawn.container.querySelectorAll('input').length).toBeGreaterThan(60);
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    const zh = sampleContext(undefined, { lang: 'zh' });
    renderEditor(SceneEditor, vector('marquee DO1-DO4 on a switch rule'), zh);
    expect(screen.getByText('场景类型')).toBeTruthy();
    expect(screen.getByText('条件规则')).toBeTruthy();
    expect(screen.getByText('保持时间（场景稳定时间）')).toBeTruthy();
    expect(screen.getByTestId('rule-sceneType').textContent).toContain('跑马灯');
    expect(screen.getByTestId('rule-condition').textContent).toContain('开关量规则');
    expect(screen.getByText('条件成立期间重复')).toBeTruthy();
  });

  it('speaks tc', () => {
    const tc = sampleContext(undefined, { lang: 'tc' });
    renderEditor(SceneEditor, vector('X = AI1 + 100, X ≥ holding u16 40'), tc);
    expect(screen.getByText('場景類型')).toBeTruthy();
    expect(screen.getByText('比較方式')).toBeTruthy();
    expect(screen.getByTestId('rule-sceneType').textContent).toContain('函數計算');
    expect(screen.getByTestId('rule-formula').textContent).toContain('加（X = A+B）');
    expect(screen.getByTestId('rule-b-source').textContent).toContain('常數');
  });
});
