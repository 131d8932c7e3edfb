// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelViews } from '../../equipment/channels';
import { applyUpdate } from '../../equipment/live-state';
import { R8_COUNTS, sampleRecord, sampleSettings, sampleType } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { mockFetch } from '../../session/test-support';
import DoPanel, { effectiveModes } from './DoPanel';
import { DEFAULT_PANEL_PARAM } from './format';
import type { PanelParam } from './format';
import { renderWithApp } from './test-render';

const SLOW = { timeout: 8000 };
const done = { status: 200, body: { status: 'done', response: null, result: null } };

function setup(
  options: {
    canOperate?: boolean;
    param?: Partial<PanelParam>;
    doUi?: string;
    onImages?: string[];
    offImages?: string[];
  } = {},
) {
  const base = sampleSettings(R8_COUNTS);
  const record = sampleRecord({
    id: 12,
    name: 'Pump house',
    settings: {
      ...base,
      do: {
        names: ['Pump 1', 'Pump 2', '', '', '', '', '', ''],
        onImages: options.onImages ?? base.do.onImages,
        offImages: options.offImages ?? base.do.offImages,
      },
      modes: { ...base.modes, doUi: options.doUi ?? '' },
    },
  });
  const live = applyUpdate(undefined, { SN: record.unid, regdo: [0b10] }, R8_COUNTS, 1);
  const views = channelViews(record, live).do;
  const mock = mockFetch({ 'POST /equipment/12/operations': done });
  renderWithApp(
    <DoPanel
      record={record}
      type={sampleType()}
      views={views}
      canOperate={options.canOperate ?? true}
      param={{ ...DEFAULT_PANEL_PARAM, ...options.param }}
    />,
  );
  return mock;
}

let restore = (): void => undefined;
beforeEach(() => setLanguage('en'));
afterEach(() => {
  restore();
  cleanup();
});

describe('DoPanel', () => {
  it('shows each output with its name and state', () => {
    restore = setup().restore;
    const first = document.querySelector('[data-channel="DO1"]') as HTMLElement;
    expect(within(first).getByText('Pump 1')).toBeTruthy();
    expect(first.dataset.on).toBe('false');
    expect((document.querySelector('[data-channel="DO2"]') as HTMLElement).dataset.on).toBe('true');
    // An unnamed output is called by its channel.
    expect(
      within(document.querySelector('[data-channel="DO3"]') as HTMLElement).getByText('DO3'),
    ).toBeTruthy();
  });

  it('gives a read-only user no controls at all', () => {
    restore = setup({ canOperate: false }).restore;
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /open all/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /close all/i })).toBeNull();
  });

  it('switches an output at once when no confirmation is asked', async () => {
    const mock = setup({ param: { confirmOperations: false } });
    restore = mock.restore;
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]).toMatchObject({
      method: 'POST',
      path: '/equipment/12/operations',
      body: { opr: 'openone', io: 1, dly: 0 },
    });
    expect(await screen.findByText('Pump 1: Open: done', {}, SLOW)).toBeTruthy();
  });

  it('asks first when secured operation is on, and sends nothing when cancelled', async () => {
    const mock = setup({ param: { confirmOperations: true } });
    restore = mock.restore;
    fireEvent.click(screen.getByRole('switch', { name: 'DO2 Pump 2' }));
    expect(await screen.findByText('Close: Pump 2 of Pump house?', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Close: Pump 2 of Pump house?')).toBeNull(), SLOW);
    expect(mock.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch', { name: 'DO2 Pump 2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'closeone', io: 2, dly: 0 });
  });

  it('confirms open all and sends it as aopen', async () => {
    const mock = setup({ param: { confirmOpenCloseAll: true } });
    restore = mock.restore;
    fireEvent.click(screen.getByRole('button', { name: /open all/i }));
    expect(await screen.findByText('Open every output of Pump house?', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'aopen' });
  });

  it('closes all without asking, as close, when confirmation is off', async () => {
    const mock = setup({ param: { confirmOpenCloseAll: false } });
    restore = mock.restore;
    fireEvent.click(screen.getByRole('button', { name: /close all/i }));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'close' });
  });

  it('hides open all and close all as the user settings say', () => {
    restore = setup({ param: { openAllButton: false, closeAllButton: true } }).restore;
    expect(screen.queryByRole('button', { name: /open all/i })).toBeNull();
    expect(screen.getByRole('button', { name: /close all/i })).toBeTruthy();
  });

  it("follows the output's relay mode: a pulse button sends openone with its hold", async () => {
    const mock = setup({ doUi: '1;3&50;2,10,20' });
    restore = mock.restore;
    fireEvent.click(screen.getByRole('button', { name: 'Open for 5 s' }));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'openone', io: 1, dly: 50 });
    fireEvent.click(screen.getByRole('button', { name: 'Cycle 2 times' }));
    await waitFor(() => expect(mock.calls).toHaveLength(2), SLOW);
    expect(mock.calls[1]?.body).toEqual({ opr: 'openmore', io: 2, cnt: 2, timer1: 10, timer2: 20 });
  });
});

describe('DoPanel pictures', () => {
  /** The picture name drawn for an output, and whether it is drawn lit. */
  const picture = (passage: string) => {
    const image = document.querySelector(`[data-channel="${passage}"] .channel-image`) as HTMLElement;
    return { name: image.dataset.image, lit: image.querySelector('svg')?.getAttribute('data-on') };
  };

  it("draws each output's on picture while on and its off picture while off (fDOOnImg, fDOOffImg)", () => {
    const pictures = Array.from({ length: 8 }, () => 'pump.png');
    restore = setup({ onImages: pictures, offImages: pictures.map(() => 'valve_0.png') }).restore;
    // DO2 is on, DO1 off.
    expect(picture('DO2')).toEqual({ name: 'pump.png', lit: 'true' });
    expect(picture('DO1')).toEqual({ name: 'valve_0.png', lit: 'false' });
  });

  it('draws the default switch for an empty or unknown picture', () => {
    restore = setup({ offImages: ['flow.png', '', '', '', '', '', '', ''] }).restore;
    expect(picture('DO1')).toEqual({ name: 'flow.png', lit: 'false' });
    expect(picture('DO3').name).toBe('kg03_0.png');
  });
});

describe('effectiveModes', () => {
  it('falls back to normal for a mode the type does not accept', () => {
    expect(effectiveModes('1;3&50;2,10,20', 2, [0, 1]).map((m) => m.mode)).toEqual([1, 0]);
    expect(effectiveModes('', 2, [0]).map((m) => m.mode)).toEqual([0, 0]);
  });
});
