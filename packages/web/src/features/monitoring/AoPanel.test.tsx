// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelViews } from '../../equipment/channels';
import { applyUpdate } from '../../equipment/live-state';
import { sampleRecord, sampleSettings } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { mockFetch } from '../../session/test-support';
import AoPanel from './AoPanel';
import { renderWithApp } from './test-render';

const SLOW = { timeout: 8000 };
const done = { status: 200, body: { status: 'done', response: null, result: null } };
const COUNTS = { do: 0, di: 0, ai: 0, ao: 2 };

/**
 * A board whose AO start register is 410, with two outputs: `Valve` shown as 0-100 % over raw
 * 400-2000 (no limits set), and `Damper` shown raw, limited to 500-1500.
 */
function setup() {
  const base = sampleSettings(COUNTS);
  const record = sampleRecord({
    id: 12,
    counts: COUNTS,
    aoRegister: 410,
    settings: {
      ...base,
      ao: {
        ...base.ao,
        names: ['Valve', 'Damper'],
        units: ['%', ''],
        x1: [400, 0],
        x2: [2000, 0],
        y1: [0, 0],
        y2: [100, 0],
        min: [0, 500],
        max: [0, 1500],
      },
    },
  });
  const live = applyUpdate(undefined, { SN: record.unid, regao: [1200, 800] }, COUNTS, 1);
  const mock = mockFetch({ 'POST /equipment/12/operations': done });
  renderWithApp(<AoPanel record={record} views={channelViews(record, live).ao} canOperate />);
  return mock;
}

const field = (name: string) => screen.getByLabelText(`New value of ${name}`) as HTMLInputElement;

/** Types `text` into the field one key at a time, as a user does. */
function type(input: HTMLInputElement, text: string): void {
  act(() => input.focus());
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
}

/** The Set button of output `index` (0 first). */
const setButton = (index: number) => screen.getAllByRole('button', { name: 'Set' })[index]!;

/** Clicks a button as a pointer does: the field loses the focus first. */
function click(button: HTMLElement): void {
  act(() => button.focus());
  fireEvent.click(button);
}

let restore = (): void => undefined;
beforeEach(() => setLanguage('en'));
afterEach(() => {
  restore();
  cleanup();
});

describe('AoPanel', () => {
  it('shows each output scaled with its unit and its range in that unit', () => {
    restore = setup().restore;
    expect(screen.getByTestId('value-AO1').textContent).toBe('50 %');
    expect(screen.getByTestId('value-AO2').textContent).toBe('800');
    expect(screen.getByText(/Range 0 – 100/)).toBeTruthy();
    expect(screen.getByText(/Range 500 – 1500/)).toBeTruthy();
  });

  it('writes a typed value, scaled back, as waohex at the AO start register plus the index', async () => {
    const mock = setup();
    restore = mock.restore;
    type(field('Valve'), '25');
    click(setButton(0));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]).toMatchObject({
      method: 'POST',
      path: '/equipment/12/operations',
      // 25 % of 400-2000 is 800 (0x320).
      body: { opr: 'waohex', aoinfos: '410_0320' },
    });
    expect(await screen.findByText('Valve: Set: done', {}, SLOW)).toBeTruthy();
    // The field empties once written.
    await waitFor(() => expect(field('Valve').value).toBe(''), SLOW);
  });

  it('writes the second output with Enter, at its own register', async () => {
    const mock = setup();
    restore = mock.restore;
    const input = field('Damper');
    type(input, '1000');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'waohex', aoinfos: '411_03E8' });
  });

  it('sends nothing while the field is empty', async () => {
    const mock = setup();
    restore = mock.restore;
    click(setButton(1));
    fireEvent.keyDown(field('Damper'), { key: 'Enter' });
    // Let a stray request surface before counting.
    await act(async () => undefined);
    expect(mock.calls).toHaveLength(0);
  });

  it('never writes a value outside the range: the Set button sends the nearest limit', async () => {
    const mock = setup();
    restore = mock.restore;
    const input = field('Damper');
    type(input, '1600');
    click(setButton(1));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'waohex', aoinfos: '411_05DC' });
    type(field('Valve'), '-5');
    click(setButton(0));
    await waitFor(() => expect(mock.calls).toHaveLength(2), SLOW);
    expect(mock.calls[1]?.body).toEqual({ opr: 'waohex', aoinfos: '410_0190' });
  });

  it('never writes a value outside the range: Enter sends the nearest limit, not what was typed before', async () => {
    const mock = setup();
    restore = mock.restore;
    const input = field('Valve');
    // 1 and 15 are within 0-100; 150 is not.
    type(input, '150');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'waohex', aoinfos: '410_07D0' });
  });
});
