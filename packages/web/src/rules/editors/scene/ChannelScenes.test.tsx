// @vitest-environment jsdom
// The channel scenes (types 1-7, docs/protocol.md § Scene header to § Simultaneous): round trips and bounds.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { choose, editorOfMany, numberIn, typeNumber } from '../logic/test-driving';
import { renderEditor, sampleContext } from '../test-support';
import SceneEditor from './SceneEditor';
import { SCENE_VECTORS, decodeScene, hexOf, vector } from './test-vectors';

afterEach(cleanup);

const CONTEXT = sampleContext({ do: 8, di: 8, ai: 2, ao: 2 });
const isChannelScene = (hex: string): boolean =>
  ['01', '02', '03', '04', '05', '06', '07'].includes(hex.slice(0, 2));
const MARQUEE = '0102400A03140A050000000F';

/** The box of a DO channel in a channel set field. */
const box = (testId: string, label: string): HTMLElement =>
  within(screen.getByTestId(testId)).getByLabelText(label);

describe('channel scenes round trip', () => {
  it('keeps the bytes of every marquee, step and simultaneous hand vector', () => {
    const hexes = SCENE_VECTORS.map(([, hex]) => hex).filter(isChannelScene);
    expect(hexes).toHaveLength(21);
    const drawn = renderEditor(editorOfMany(SceneEditor), hexes.map(decodeScene), CONTEXT);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(hexOf)).toEqual(hexes);
  });
});

describe('scene header', () => {
  it('takes rule indexes 0 and 127 and refuses one past either', () => {
    const drawn = renderEditor(SceneEditor, decodeScene(MARQUEE), CONTEXT);
    typeNumber(numberIn('rule-condition'), 127);
    expect(drawn.value()).toMatchObject({ rule: 127 });
    typeNumber(numberIn('rule-condition'), 128);
    expect(drawn.value()).toMatchObject({ rule: 127 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 127']);
    typeNumber(numberIn('rule-condition'), 0);
    expect(drawn.problems()).toEqual([]);
    typeNumber(numberIn('rule-condition'), -1);
    expect(drawn.value()).toMatchObject({ rule: 0 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 127']);
  });

  it('stores the stable time in the time byte, the longest as 630 minutes, with the bound shown', async () => {
    const drawn = renderEditor(SceneEditor, decodeScene(MARQUEE), CONTEXT);
    const hold = screen.getByTestId('rule-holdTime');
    expect(hold.textContent).toContain('Scene stable time 0-63 in the chosen unit');
    typeNumber(numberIn('rule-holdTime'), 6.3);
    expect(drawn.value()).toMatchObject({ holdTime: { value: 63, unit: 0 } });
    await choose('rule-holdTime', 'h');
    typeNumber(numberIn('rule-holdTime'), 10.5);
    expect(drawn.value()).toMatchObject({ holdTime: { value: 63, unit: 3 } });
    expect(drawn.problems()).toEqual([]);
    // One past the longest time is stored as the longest, and says so.
    typeNumber(numberIn('rule-holdTime'), 11);
    expect(drawn.value()).toMatchObject({ holdTime: { value: 63, unit: 3 } });
    expect(hold.textContent).toContain('Stored as 10 h 30 min');
    typeNumber(numberIn('rule-holdTime'), null);
    expect(drawn.problems()).toEqual(['Fill in relevant content']);
  });

  it('shows an unknown rule type as err with its code and keeps it', () => {
    const drawn = renderEditor(SceneEditor, vector('ruleType 7, no channels'), CONTEXT);
    expect(screen.getByTestId('rule-condition').textContent).toContain('err (code 7)');
    expect(drawn.changes()).toBe(0);
  });
});

describe('marquee', () => {
  it('takes 0 and 255 cycles and refuses one past either', () => {
    const drawn = renderEditor(SceneEditor, decodeScene(MARQUEE), CONTEXT);
    expect(screen.getByTestId('rule-cycleCount').textContent).toContain('0 is endless');
    typeNumber(numberIn('rule-cycleCount'), 255);
    expect(drawn.value()).toMatchObject({ cycleCount: 255 });
    typeNumber(numberIn('rule-cycleCount'), 256);
    expect(drawn.value()).toMatchObject({ cycleCount: 255 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    typeNumber(numberIn('rule-cycleCount'), 0);
    expect(drawn.value()).toMatchObject({ cycleCount: 0 });
    typeNumber(numberIn('rule-cycleCount'), -1);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    expect(drawn.value()).toMatchObject({ cycleCount: 0 });
  });

  it('sets the flags and the three times', () => {
    const drawn = renderEditor(SceneEditor, decodeScene(MARQUEE), CONTEXT);
    fireEvent.click(screen.getByLabelText('Repeat while the rule holds'));
    fireEvent.click(screen.getByLabelText('Start from the highest channel'));
    typeNumber(numberIn('rule-openTime'), 2);
    typeNumber(numberIn('rule-closeTime'), 0.3);
    typeNumber(numberIn('rule-waitTime'), 45);
    expect(drawn.value()).toMatchObject({
      cycle: true,
      reverse: true,
      openTime: { value: 20, unit: 0 },
      closeTime: { value: 3, unit: 0 },
      waitTime: { value: 45, unit: 1 },
    });
    expect(hexOf(drawn.value())).toBe('0182500A036D14030000000F');
  });

  it('draws the model’s DO channels and keeps the ones past them', () => {
    const drawn = renderEditor(
      SceneEditor,
      vector('ruleType 6 (one past scene B), endless, DO32 only'),
      CONTEXT,
    );
    const set = screen.getByTestId('rule-channels');
    expect(within(set).getAllByRole('checkbox')).toHaveLength(8);
    expect(set.textContent).toContain('Also kept, not on this model: DO32');
    fireEvent.click(box('rule-channels', 'DO1 Pump 1'));
    expect(drawn.value()).toMatchObject({ channels: [0, 31] });
  });
});

describe('step scenes', () => {
  it('says how the channels are stepped and stores the step time', () => {
    const drawn = renderEditor(SceneEditor, vector('open in turn DO1-DO3 on a time rule'), CONTEXT);
    expect(screen.getByTestId('rule-channels').textContent).toContain(
      'Opened in turn from the lowest channel',
    );
    typeNumber(numberIn('rule-stepTime'), 2);
    fireEvent.click(box('rule-channels', 'DO2 Pump 2'));
    expect(drawn.value()).toMatchObject({ stepTime: { value: 20, unit: 0 }, channels: [0, 2] });
    expect(hexOf(drawn.value())).toBe('030120001400000000000005');
  });

  it('names a model without DO channels', () => {
    renderEditor(
      SceneEditor,
      vector('open in turn DO1-DO3 on a time rule'),
      sampleContext({ do: 0, di: 0, ai: 0, ao: 0 }),
    );
    const set = screen.getByTestId('rule-channels');
    expect(set.textContent).toContain('This model has no such channels');
    expect(set.textContent).toContain('Also kept, not on this model: DO1, DO2, DO3');
  });
});

describe('simultaneous', () => {
  it('sets the opened and closed sets and points out a channel in both', () => {
    const drawn = renderEditor(SceneEditor, vector('open DO1-DO2 and close DO3-DO4'), CONTEXT);
    expect(screen.queryByTestId('rule-bothSets')).toBeNull();
    fireEvent.click(box('rule-closeChannels', 'DO2 Pump 2'));
    expect(drawn.value()).toMatchObject({ openChannels: [0, 1], closeChannels: [1, 2, 3] });
    expect(screen.getByTestId('rule-bothSets').textContent).toBe('DO2 both opened and closed');
    fireEvent.click(box('rule-openChannels', 'DO2 Pump 2'));
    expect(drawn.value()).toMatchObject({ openChannels: [0], closeChannels: [1, 2, 3] });
    expect(screen.queryByTestId('rule-bothSets')).toBeNull();
  });
});
