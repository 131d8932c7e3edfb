// @vitest-environment jsdom
// The function and assignment calculations (docs/protocol.md § Operand sources to § Assignment calculation).
import { validateRule } from '@fieldlink/protocol';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { choose, editorOfMany, numberIn, optionsOf, typeNumber } from '../logic/test-driving';
import { renderEditor, sampleContext } from '../test-support';
import SceneEditor from './SceneEditor';
import { SCENE_VECTORS, decodeScene, hexOf, vector } from './test-vectors';

afterEach(cleanup);

const CONTEXT = sampleContext({ do: 8, di: 8, ai: 2, ao: 2 });
const SUM = 'X = AI1 + 100, X ≥ holding u16 40';

describe('calculations round trip', () => {
  it('keeps the bytes of every function and assignment hand vector', () => {
    const hexes = SCENE_VECTORS.map(([, hex]) => hex).filter(
      (hex) => hex.startsWith('0A') || hex.startsWith('14'),
    );
    expect(hexes).toHaveLength(10);
    const drawn = renderEditor(editorOfMany(SceneEditor), hexes.map(decodeScene), CONTEXT);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(hexOf)).toEqual(hexes);
  });
});

describe('function calculation', () => {
  it('offers the 15 formulas, the 5 comparisons and the 14 sources', async () => {
    renderEditor(SceneEditor, vector(SUM), CONTEXT);
    const formulas = await optionsOf('rule-formula');
    expect(formulas).toHaveLength(15);
    expect(formulas[0]).toBe('none (X = A)');
    expect(formulas[14]).toBe('smoothing (X = X+(A-X)/B)');
    const comparisons = await optionsOf('rule-comparison');
    expect(comparisons).toEqual([
      'at least C (X ≥ C)',
      'at most C (X ≤ C)',
      'equal to C (X = C)',
      'within B to C (B ≤ X ≤ C)',
      'outside B to C (X ≤ B or X ≥ C)',
    ]);
    const sources = await optionsOf('rule-c-source');
    expect(sources).toHaveLength(14);
    expect(sources[13]).toBe('flow register');
  });

  it('shows unknown formula, comparison and sources as err with their codes, and keeps them', () => {
    const drawn = renderEditor(
      SceneEditor,
      vector('formula 15, comparison 5 and sources 14/15: one past, kept as read'),
      CONTEXT,
    );
    expect(screen.getByTestId('rule-formula').textContent).toContain('err (code 15)');
    expect(screen.getByTestId('rule-comparison').textContent).toContain('err (code 5)');
    expect(screen.getByTestId('rule-a-source').textContent).toContain('err (code 14)');
    expect(screen.getByTestId('rule-b-source').textContent).toContain('err (code 15)');
    expect(drawn.changes()).toBe(0);
    expect(drawn.problems()).toEqual([]);
  });

  it('takes constants and addresses 0-65535 and a result register 0-255, refusing one past', () => {
    const drawn = renderEditor(SceneEditor, vector(SUM), CONTEXT);
    typeNumber(numberIn('rule-b-value'), 65535);
    expect(drawn.value()).toMatchObject({ b: { source: 0, value: 65535 } });
    typeNumber(numberIn('rule-b-value'), 65536);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
    expect(drawn.value()).toMatchObject({ b: { source: 0, value: 65535 } });
    typeNumber(numberIn('rule-b-value'), 100);
    typeNumber(numberIn('rule-c-value'), -1);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
    typeNumber(numberIn('rule-c-value'), 40);
    typeNumber(numberIn('rule-resultRegister'), 256);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    typeNumber(numberIn('rule-resultRegister'), 255);
    expect(drawn.problems()).toEqual([]);
    expect(hexOf(drawn.value())).toBe('0A1010700000006400280AFF');
  });

  it('reads a channel source by name and moves a channel past the model’s count to the first', async () => {
    const drawn = renderEditor(SceneEditor, vector('X = A, B ≤ X ≤ C with constant bounds'), CONTEXT);
    expect(screen.getByTestId('rule-a-value').textContent).toContain('Register address');
    await choose('rule-a-source', 'AI channel');
    expect(drawn.value()).toMatchObject({ a: { source: 1, value: 0 } });
    expect(screen.getByTestId('rule-a-value').textContent).toContain('AI1 Level 1');
    await choose('rule-a-value', 'AI2 Level 2');
    await choose('rule-a-source', 'holding register (u16)');
    expect(drawn.value()).toMatchObject({ a: { source: 7, value: 1 } });
    expect(validateRule('scene', drawn.value())).toEqual([]);
  });

  it('shows a constant compared with X = A of a scaled AI channel in the channel’s unit', async () => {
    const drawn = renderEditor(SceneEditor, vector('X = A, B ≤ X ≤ C with constant bounds'), CONTEXT);
    await choose('rule-a-source', 'AI channel');
    typeNumber(numberIn('rule-c-value'), 12000);
    expect(screen.getByTestId('rule-c-value').textContent).toContain('≈ 2.5 m on AI1 Level 1');
    typeNumber(numberIn('rule-b-value'), 3200);
    expect(screen.getByTestId('rule-b-value').textContent).toContain('≈ -0.25 m on AI1 Level 1');
    // Another formula makes X something else than the channel's value.
    await choose('rule-formula', 'add (X = A+B)');
    expect(screen.getByTestId('rule-c-value').textContent).not.toContain('≈');
    expect(drawn.value()).toMatchObject({
      formula: 1,
      b: { source: 0, value: 3200 },
      c: { source: 0, value: 12000 },
    });
  });

  it('says when B is not read', async () => {
    renderEditor(SceneEditor, vector('X = |A| of AO2, X = 0'), CONTEXT);
    expect(screen.getByTestId('rule-b-source').textContent).toContain(
      'Not read by this formula and comparison',
    );
    await choose('rule-comparison', 'within B to C (B ≤ X ≤ C)');
    expect(screen.getByTestId('rule-b-source').textContent).not.toContain('Not read');
  });
});

describe('assignment calculation', () => {
  it('names an AO target by channel and reports one the model does not have', async () => {
    const drawn = renderEditor(SceneEditor, vector('AO3 = AO1 × 2'), CONTEXT);
    expect(screen.getByTestId('rule-targetAddr').textContent).toContain('AO3 (not on this model)');
    expect(drawn.problems()).toEqual(['AO3 (not on this model)']);
    await choose('rule-targetAddr', 'AO2');
    expect(drawn.value()).toMatchObject({ target: { regType: 0, regAddr: 1 } });
    expect(drawn.problems()).toEqual([]);
  });

  it('takes a register address 0-65535 and refuses one past, and keeps it between register types', async () => {
    const drawn = renderEditor(SceneEditor, vector('holding u16 40 = AI1 + 100 every second'), CONTEXT);
    typeNumber(numberIn('rule-targetAddr'), 65536);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
    typeNumber(numberIn('rule-targetAddr'), 65535);
    await choose('rule-targetType', 'cache register');
    expect(drawn.value()).toMatchObject({ target: { regType: 5, regAddr: 65535 } });
    await choose('rule-targetType', 'AO channel');
    expect(drawn.value()).toMatchObject({ target: { regType: 0, regAddr: 0 } });
    typeNumber(numberIn('rule-period'), 5);
    expect(drawn.value()).toMatchObject({ period: { value: 50, unit: 0 } });
    expect(validateRule('scene', drawn.value())).toEqual([]);
  });

  it('says when B is not read', async () => {
    renderEditor(SceneEditor, vector('holding u16 40 = AI1 + 100 every second'), CONTEXT);
    expect(screen.getByTestId('rule-b-source').textContent).not.toContain('Not read');
    await choose('rule-formula', 'absolute value of A (X = |A|)');
    expect(screen.getByTestId('rule-b-source').textContent).toContain(
      'Not read by this formula and comparison',
    );
  });
});
