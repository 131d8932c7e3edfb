// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { SVGRenderer } from 'echarts/renderers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryReply } from '../../api/history';
import { useEquipmentStore } from '../../equipment/store';
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
import { eventsReply } from './test-support';

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
  useEquipmentStore.setState({
    records: { 1: sampleRecord({ id: 1, unid: 'SN1', counts: { do: 0, di: 0, ai: 1, ao: 0 } }) },
  });
});
afterEach(() => {
  restore();
  cleanup();
  vi.useRealTimers();
  delete (navigator as { userAgent?: string }).userAgent;
  useMe.setState({ me: null });
  useEquipmentStore.getState().reset();
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
    act(() =>
      useEquipmentStore.setState((s) => ({ records: { 1: { ...s.records[1]!, name: 'Pump house' } } })),
    );
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
