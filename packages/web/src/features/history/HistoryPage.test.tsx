// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SVGRenderer } from 'echarts/renderers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryReply } from '../../api/history';
import { records } from '../../equipment/directory';
import { putRecord, resetEquipment } from '../../equipment/loading';
import { deviceEntry, loadTreeStore, sampleRecord } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import { renderPage } from '../auth/test-render';
import { echarts } from './chart/echarts-setup';
import type * as Setup from './chart/echarts-setup';
import HistoryPage from './HistoryPage';
import { eventsReply, open, option } from './test-support';

// jsdom has no canvas: the page's charts are drawn as SVG here, at a fixed size, with text
// measured at a fixed width per character.
vi.mock('./chart/echarts-setup', async (importOriginal) => {
  const setup = await importOriginal<typeof Setup>();
  setup.echarts.use([SVGRenderer]);
  setup.echarts.setPlatformAPI({ measureText: (text = '') => ({ width: text.length * 7 }) });
  const init: typeof setup.echarts.init = (dom, theme, opts) =>
    setup.echarts.init(dom, theme, { ...opts, renderer: 'svg', width: 800, height: 420 });
  return { ...setup, echarts: { ...setup.echarts, init } };
});

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 0, 5, 8, 0, 0);
const FROM = NOW - 24 * HOUR;
const SLOW = { timeout: 8000 };

const REPLY: HistoryReply = {
  from: new Date(FROM).toISOString(),
  to: new Date(NOW).toISOString(),
  interval: 60,
  tz: 'UTC',
  series: [
    {
      channel: 'ai1',
      kind: 'ai',
      index: 0,
      name: 'Tank level',
      unit: 'm',
      previous: { t: FROM - HOUR, value: 1 },
      points: [2, 8, 14, 20].map((h) => ({ t: FROM + h * HOUR, avg: h, min: h, max: h, last: h })),
    },
  ],
};

let calls: RecordedRequest[] = [];
let restore = (): void => undefined;

beforeAll(installDomStubs);
beforeEach(() => {
  setLanguage('en');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  // The chart component draws only outside jsdom: pass for a browser.
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0' });
  ({ calls, restore } = mockFetch({
    'GET /equipment/1/history': { body: REPLY },
    'GET /equipment/1/events': { body: eventsReply([]) },
  }));
  loadTreeStore([deviceEntry(1, 'Pump house')], { 1: { isOnline: true, isAlarm: false, soc: 30 } });
  putRecord(sampleRecord({ id: 1, unid: 'SN1', counts: { do: 0, di: 0, ai: 1, ao: 0 } }));
});
afterEach(() => {
  restore();
  cleanup();
  vi.useRealTimers();
  delete (navigator as { userAgent?: string }).userAgent;
  useMe.setState({ me: null });
  resetEquipment();
});

const historyCalls = () => calls.filter((c) => c.path.startsWith('/equipment/1/history'));

/** The zoom of the inside and slider zooms, in percent of the chosen range. */
function zoom(chart: ReturnType<typeof echarts.init>): number[][] {
  const { dataZoom } = chart.getOption() as { dataZoom: { start: number; end: number }[] };
  return dataZoom.map((z) => [z.start, z.end]);
}

describe('history page zoom', () => {
  it('keeps a zoom while the page redraws for other reasons, without reading the curves again', async () => {
    renderPage(<HistoryPage />, { path: '/history', route: '/history?id=1' });
    const box = await screen.findByRole('img', { name: 'Curves' }, SLOW);
    const chart = await waitFor(() => {
      const instance = echarts.getInstanceByDom(box);
      expect(instance).toBeDefined();
      return instance!;
    }, SLOW);
    await waitFor(
      () =>
        expect(zoom(chart)).toEqual([
          [0, 100],
          [0, 100],
        ]),
      SLOW,
    );
    expect(historyCalls()).toHaveLength(1);

    act(() => {
      chart.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, start: 25, end: 75 });
    });
    expect(zoom(chart)).toEqual([
      [25, 75],
      [25, 75],
    ]);

    // The user's record and the equipment's record arrive again: the page redraws.
    act(() => useMe.getState().setMe(sampleMe()));
    act(() => putRecord({ ...records()[1]!, name: 'Pump house' }));
    expect(zoom(chart)).toEqual([
      [25, 75],
      [25, 75],
    ]);
    expect(historyCalls()).toHaveLength(1);
    // The axis is still the chosen 24 hours.
    const { xAxis } = chart.getOption() as { xAxis: { min: number; max: number }[] };
    expect([xAxis[0]?.min, xAxis[0]?.max]).toEqual([FROM, NOW]);
  });
});

describe('history page channel choice', () => {
  const COUNTS = { do: 2, di: 0, ai: 2, ao: 0 };
  const reply = (channels: string): HistoryReply => ({
    ...REPLY,
    series: channels
      .split(',')
      .map((channel, index) => ({ ...REPLY.series[0]!, channel, index, points: [] })),
  });
  /** What the server keeps of the user's chart filters; PATCH /me changes it. */
  let stored: Record<string, readonly string[]> = {};
  let saveFails = false;

  beforeEach(() => {
    restore();
    stored = { '1': ['do1'] };
    saveFails = false;
    ({ calls, restore } = mockFetch({
      'GET /equipment/1/history': (r) => ({ body: reply(channelsOf(r)) }),
      'GET /equipment/2/history': (r) => ({ body: reply(channelsOf(r)) }),
      'GET /equipment/1/events': { body: eventsReply([]) },
      'GET /equipment/2/events': { body: eventsReply([]) },
      'PATCH /me': (r) => {
        if (saveFails) return { status: 500 };
        const { chartFilters } = r.body as { chartFilters: Record<string, string[] | null> };
        for (const [id, list] of Object.entries(chartFilters)) {
          if (list) stored[id] = list;
          else delete stored[id];
        }
        return { body: sampleMe({ chartFilters: { ...stored } }) };
      },
    }));
    loadTreeStore([deviceEntry(1, 'Pump house'), deviceEntry(2, 'Boiler')], {
      1: { isOnline: true, isAlarm: false, soc: 30 },
      2: { isOnline: true, isAlarm: false, soc: 30 },
    });
    putRecord(sampleRecord({ id: 1, unid: 'SN1', name: 'Pump house', counts: COUNTS }));
    putRecord(sampleRecord({ id: 2, unid: 'SN2', name: 'Boiler', counts: COUNTS }));
    useMe.getState().setMe(sampleMe({ chartFilters: { ...stored } }));
  });

  function channelsOf(request: RecordedRequest): string {
    return new URL(request.path, 'http://x').searchParams.get('channels') ?? '';
  }
  /** The channels each history read of equipment `id` asked for, in order. */
  const asked = (id: number) =>
    calls.filter((c) => c.path.startsWith(`/equipment/${id}/history`)).map(channelsOf);
  const saves = () => calls.filter((c) => c.method === 'PATCH' && c.path === '/me').map((c) => c.body);
  /** The channels the filter bar shows as chosen: the selected options of its dropdown, in its order. */
  async function chosenTags(): Promise<(string | null)[]> {
    const dropdown = await open('Channels');
    const titles = [...dropdown.querySelectorAll('.ant-select-item-option-selected')].map((o) =>
      o.getAttribute('title'),
    );
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Channels' }), { key: 'Escape' });
    });
    return titles;
  }

  async function pick(label: string, title: string): Promise<void> {
    const dropdown = await open(label);
    await act(async () => {
      fireEvent.click(option(dropdown, title));
    });
  }

  it('starts from the channels saved for the equipment, saves a new choice, and keeps each equipment its own', async () => {
    const view = renderPage(<HistoryPage />, { path: '/history', route: '/history?id=1' });
    await waitFor(() => expect(asked(1)).toEqual(['do1']), SLOW);
    expect(await chosenTags()).toEqual(['DO1']);

    await pick('Channels', 'AI1');
    await waitFor(() => expect(saves()).toEqual([{ chartFilters: { '1': ['do1', 'ai1'] } }]), SLOW);
    await waitFor(() => expect(asked(1).at(-1)).toBe('do1,ai1'), SLOW);
    await waitFor(() => expect(useMe.getState().me?.chartFilters['1']).toEqual(['do1', 'ai1']), SLOW);

    // The boiler has nothing saved: its analog inputs, the default; nothing is saved for it.
    await pick('Equipment', 'Boiler (SN2)');
    await waitFor(() => expect(asked(2)).toEqual(['ai1,ai2']), SLOW);
    expect(await chosenTags()).toEqual(['AI1', 'AI2']);
    expect(saves()).toHaveLength(1);

    // Back on the pump house, its own choice.
    await pick('Equipment', 'Pump house (SN1)');
    await waitFor(() => expect(asked(1).at(-1)).toBe('do1,ai1'), SLOW);
    expect(await chosenTags()).toEqual(['AI1', 'DO1']);

    // A later visit starts from what was saved, in the equipment's channel order.
    view.unmount();
    calls.length = 0;
    renderPage(<HistoryPage />, { path: '/history', route: '/history?id=1' });
    await waitFor(() => expect(asked(1)).toEqual(['ai1,do1']), SLOW);
  });

  it('clearing the choice forgets it: the default comes back and the next visit starts from it', async () => {
    const view = renderPage(<HistoryPage />, { path: '/history', route: '/history?id=1' });
    await waitFor(() => expect(asked(1)).toEqual(['do1']), SLOW);
    const box = screen.getByRole('combobox', { name: 'Channels' }).closest('.ant-select')!;
    fireEvent.mouseEnter(box);
    const clear = await waitFor(() => {
      const found = box.querySelector<HTMLElement>('.ant-select-clear');
      expect(found).not.toBeNull();
      return found!;
    });
    await act(async () => {
      fireEvent.mouseDown(clear);
      fireEvent.click(clear);
    });
    await waitFor(() => expect(saves()).toEqual([{ chartFilters: { '1': null } }]), SLOW);
    await waitFor(() => expect(stored).toEqual({}), SLOW);

    view.unmount();
    calls.length = 0;
    renderPage(<HistoryPage />, { path: '/history', route: '/history?id=1' });
    await waitFor(() => expect(asked(1)).toEqual(['ai1,ai2']), SLOW);
  });

  it('says when the choice could not be saved, and shows it all the same', async () => {
    saveFails = true;
    renderPage(<HistoryPage />, { path: '/history', route: '/history?id=1' });
    await waitFor(() => expect(asked(1)).toEqual(['do1']), SLOW);
    await pick('Channels', 'AI2');
    expect(await screen.findByText('The channel choice could not be saved', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(asked(1).at(-1)).toBe('do1,ai2'), SLOW);
    expect(useMe.getState().me?.chartFilters['1']).toEqual(['do1']);
  });
});
