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

  it('sends nothing for an empty field, and says a value is wanted', async () => {
    const mock = setup();
    restore = mock.restore;
    expect(screen.queryByRole('alert')).toBeNull();
    click(setButton(1));
    fireEvent.keyDown(field('Damper'), { key: 'Enter' });
    expect(await screen.findByText('Enter a value to write')).toBeTruthy();
    // Let a stray request surface before counting.
    await act(async () => undefined);
    expect(mock.calls).toHaveLength(0);
  });

  it('refuses 150 % with the limit and its unit, keeps what was typed and writes nothing', async () => {
    const mock = setup();
    restore = mock.restore;
    const input = field('Valve');
    type(input, '150');
    // Said as it is typed, before any write is tried.
    expect(screen.getByRole('alert').textContent).toBe('Too high: limited to 100 %; nothing is written');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    click(setButton(0));
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(async () => undefined);
    expect(mock.calls).toHaveLength(0);
    expect(field('Valve').value).toBe('150');
    expect(screen.queryByText(/done/)).toBeNull();
  });

  it('refuses -5 % with the lower limit, and a raw output past its own limits', async () => {
    const mock = setup();
    restore = mock.restore;
    type(field('Valve'), '-5');
    click(setButton(0));
    expect(screen.getByRole('alert').textContent).toBe(
      'Too low: the lowest allowed is 0 %; nothing is written',
    );
    type(field('Damper'), '1600');
    fireEvent.keyDown(field('Damper'), { key: 'Enter' });
    expect(screen.getByText('Too high: limited to 1500; nothing is written')).toBeTruthy();
    await act(async () => undefined);
    expect(mock.calls).toHaveLength(0);
    expect(field('Valve').value).toBe('-5');
  });

  it('refuses a value that is not a number without clearing it', async () => {
    const mock = setup();
    restore = mock.restore;
    type(field('Valve'), 'abc');
    expect(screen.getByRole('alert').textContent).toBe('Not a number: type digits only, e.g. 42.5');
    click(setButton(0));
    await act(async () => undefined);
    expect(mock.calls).toHaveLength(0);
    expect(field('Valve').value).toBe('abc');
  });

  it('writes the limit itself, and a corrected value once the error is mended', async () => {
    const mock = setup();
    restore = mock.restore;
    const input = field('Valve');
    type(input, '150');
    type(input, '100');
    expect(screen.queryByRole('alert')).toBeNull();
    click(setButton(0));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'waohex', aoinfos: '410_07D0' });
  });

  it('says the problems in Chinese', () => {
    setLanguage('zh');
    restore = setup().restore;
    type(screen.getByLabelText('Valve 的新值'), '150');
    expect(screen.getByRole('alert').textContent).toBe('过高：上限为 100 %，不会写入');
  });
});
