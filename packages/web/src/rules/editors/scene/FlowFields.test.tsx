// @vitest-environment jsdom
// The cumulative flow totaliser (docs/protocol.md § Cumulative flow): round trips, the valve bound, modes.
import { validateRule } from '@fieldlink/protocol';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { choose, editorOfMany, numberIn, typeNumber } from '../logic/test-driving';
import { renderEditor, sampleContext } from '../test-support';
import SceneEditor from './SceneEditor';
import { SCENE_VECTORS, decodeScene, hexOf, vector } from './test-vectors';

afterEach(cleanup);

const CONTEXT = sampleContext({ do: 8, di: 8, ai: 2, ao: 2 });
const VALVE = 'DO switch on DO3 from flow register 10';
const VALVE_PROBLEM = 'Valve time must be 1-255 s while the mode is on';

describe('cumulative flow', () => {
  it('keeps the bytes of every hand vector', () => {
    const hexes = SCENE_VECTORS.map(([, hex]) => hex).filter((hex) => hex.startsWith('1E'));
    expect(hexes).toHaveLength(6);
    const drawn = renderEditor(editorOfMany(SceneEditor), hexes.map(decodeScene), CONTEXT);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(hexOf)).toEqual(hexes);
  });

  it('holds the valve times to 1-255 s while the mode is on', () => {
    const drawn = renderEditor(SceneEditor, vector(VALVE), CONTEXT);
    expect(screen.getByTestId('rule-openTime').textContent).toContain('Valve open/close time 1-255 s');
    typeNumber(numberIn('rule-openTime'), 1);
    expect(drawn.value()).toMatchObject({ openTime: { value: 10, unit: 0 } });
    typeNumber(numberIn('rule-openTime'), 0.9);
    expect(drawn.problems()).toEqual([VALVE_PROBLEM]);
    expect(screen.getByTestId('rule-openTime').textContent).toContain(VALVE_PROBLEM);
    expect(drawn.value()).toMatchObject({ openTime: { value: 10, unit: 0 } });
    // 255 s is stored as the nearest time, 4 minutes; 300 s as 5 minutes, past the bound.
    typeNumber(numberIn('rule-closeTime'), 255);
    expect(drawn.value()).toMatchObject({ closeTime: { value: 4, unit: 2 } });
    typeNumber(numberIn('rule-openTime'), 1);
    typeNumber(numberIn('rule-closeTime'), 300);
    expect(drawn.problems()).toEqual([VALVE_PROBLEM]);
    expect(drawn.value()).toMatchObject({ closeTime: { value: 4, unit: 2 } });
    typeNumber(numberIn('rule-closeTime'), 2);
    expect(drawn.problems()).toEqual([]);
    expect(validateRule('scene', drawn.value())).toEqual([]);
  });

  it('reports a stored valve time past the bound', () => {
    const drawn = renderEditor(SceneEditor, decodeScene('1E0101020D000A0032001400'), CONTEXT);
    expect(drawn.problems()).toEqual([VALVE_PROBLEM]);
    expect(drawn.changes()).toBe(0);
  });

  it('takes a module 0-255, an address and an advance 0-65535, refusing one past', () => {
    const drawn = renderEditor(SceneEditor, vector(VALVE), CONTEXT);
    typeNumber(numberIn('rule-module'), 256);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    typeNumber(numberIn('rule-module'), 255);
    typeNumber(numberIn('rule-advance'), 65536);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
    typeNumber(numberIn('rule-advance'), 65535);
    typeNumber(numberIn('rule-reg-value'), 65536);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
    typeNumber(numberIn('rule-reg-value'), 0);
    expect(drawn.problems()).toEqual([]);
    expect(hexOf(drawn.value())).toBe('1EFF01020D0000FFFF141400');
  });

  it('gives a driven valve times within the bound, and hides a disabled totaliser’s fields', async () => {
    const drawn = renderEditor(SceneEditor, vector('mode 3 (one past DO loop), kept as read'), CONTEXT);
    expect(screen.getByTestId('rule-mode').textContent).toContain('err (code 3)');
    expect(drawn.problems()).toEqual([]);
    await choose('rule-mode', 'DO loop');
    expect(drawn.value()).toMatchObject({
      mode: 2,
      openTime: { value: 10, unit: 0 },
      closeTime: { value: 10, unit: 0 },
    });
    expect(validateRule('scene', drawn.value())).toEqual([]);
    await choose('rule-mode', 'disabled');
    expect(screen.queryByTestId('rule-doChannel')).toBeNull();
    expect(screen.getByTestId('rule-mode').textContent).toContain('A disabled totaliser drives no valve');
    expect(hexOf(drawn.value())).toBe('1E00000000000000000A0A00');
  });

  it('shows a valve channel and source past their ranges and reports the channel', async () => {
    const drawn = renderEditor(
      SceneEditor,
      vector('doChannel 32 and regSource 14: one past, kept as read'),
      CONTEXT,
    );
    expect(screen.getByTestId('rule-doChannel').textContent).toContain('DO33 (not on this model)');
    expect(screen.getByTestId('rule-reg-source').textContent).toContain('err (code 14)');
    expect(drawn.problems()).toEqual(['DO33 (not on this model)']);
    await choose('rule-doChannel', 'DO8 Pump 8');
    await choose('rule-reg-source', 'flow register');
    expect(drawn.value()).toMatchObject({ doChannel: 7, regSource: 13, regAddr: 1 });
    expect(drawn.problems()).toEqual([]);
  });
});
