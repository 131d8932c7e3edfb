import { SVGRenderer } from 'echarts/renderers';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryReply, HistorySeries } from '../../../api/history';
import { echarts } from './echarts-setup';
import { historyOption } from './history-option';

echarts.use([SVGRenderer]);

const HOUR = 3_600_000;
const FROM = Date.UTC(2026, 0, 5, 0, 0, 0);
const TO = FROM + 24 * HOUR;
const LABELS = { seriesName: (s: HistorySeries) => s.channel, valueAxis: 'Value', stateAxis: 'State' };

/** A day of AI1 (first point 2 h in) and DO1 (on from 6 h to 18 h), neither with an earlier value. */
const REPLY: HistoryReply = {
  from: new Date(FROM).toISOString(),
  to: new Date(TO).toISOString(),
  interval: 3600,
  tz: 'UTC',
  series: [
    {
      channel: 'ai1',
      kind: 'ai',
      index: 0,
      name: 'Tank level',
      unit: 'm',
      previous: null,
      points: [2, 8, 14, 20].map((h) => ({ t: FROM + h * HOUR, avg: h, min: h, max: h, last: h })),
    },
    {
      channel: 'do1',
      kind: 'do',
      index: 0,
      name: '',
      unit: '',
      previous: null,
      points: [
        { t: FROM + 6 * HOUR, min: 1, max: 1, last: 1 },
        { t: FROM + 18 * HOUR, min: 0, max: 0, last: 0 },
      ],
    },
  ],
};

const WIDTH = 800;
// The grid's sides (history-option): 56 px either side when a state axis is drawn.
const LEFT = 56;
const RIGHT = WIDTH - 56;

type Chart = ReturnType<typeof echarts.init>;
let chart: Chart | null = null;
afterEach(() => {
  chart?.dispose();
  chart = null;
});

/** The chart of the option, drawn off-screen. */
function draw(): Chart {
  chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: 420 });
  chart.setOption(historyOption(REPLY, LABELS, TO + HOUR));
  return chart;
}

/** The times at the grid's left and right edges: the part of the range in view. */
function inView(c: Chart): [number, number] {
  const at = (x: number) => Math.round((c.convertFromPixel({ gridIndex: 0 }, [x, 200]) as number[])[0]!);
  return [at(LEFT), at(RIGHT)];
}

interface ZoomState {
  readonly type?: string;
  readonly start?: number;
  readonly end?: number;
  readonly startValue?: number;
  readonly endValue?: number;
}
const zooms = (c: Chart): ZoomState[] => (c.getOption() as { dataZoom: ZoomState[] }).dataZoom;

/** ECharts' own data of a series after the zoom's filtering (outside its public typings). */
interface ChartModel {
  getModel(): { getSeriesByIndex(index: number): { getData(): { count(): number } } };
}
const pointsKept = (c: Chart, series: number): number =>
  (c as unknown as ChartModel).getModel().getSeriesByIndex(series).getData().count();

describe('history chart zoom', () => {
  it('zooms the time axis by wheel or drag (inside) and by the slider, over the whole range', () => {
    const option = historyOption(REPLY, LABELS, TO + HOUR);
    expect(option.dataZoom).toEqual([
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', bottom: 16, height: 24 },
    ]);
    // The axis is the chosen range, not the extent of the data.
    expect(option.xAxis).toMatchObject({ type: 'time', min: FROM, max: TO });
    // A range that ends in the future stops at now.
    expect(historyOption(REPLY, LABELS, TO - 4 * HOUR).xAxis).toMatchObject({
      min: FROM,
      max: TO - 4 * HOUR,
    });
  });

  it('a zoom shows part of the chosen range and zooming out gives back exactly that range', () => {
    const c = draw();
    expect(inView(c)).toEqual([FROM, TO]);

    // The wheel (inside zoom) to the middle half of the day: the slider follows.
    c.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, start: 25, end: 75 });
    expect(inView(c)).toEqual([FROM + 6 * HOUR, FROM + 18 * HOUR]);
    expect(zooms(c).map((z) => [z.type, z.start, z.end, z.startValue, z.endValue])).toEqual([
      ['inside', 25, 75, FROM + 6 * HOUR, FROM + 18 * HOUR],
      ['slider', 25, 75, FROM + 6 * HOUR, FROM + 18 * HOUR],
    ]);

    // Dragging the slider all the way out: the whole chosen range again, though the data starts 2 h in.
    c.dispatchAction({ type: 'dataZoom', dataZoomIndex: 1, start: 0, end: 100 });
    expect(inView(c)).toEqual([FROM, TO]);
  });

  it('a zoom between two changes keeps every point, so held values still draw across the view', () => {
    const c = draw();
    // 8 h to 12 h: no point of DO1 (on since 6 h) and none of AI1 inside.
    c.dispatchAction({
      type: 'dataZoom',
      dataZoomIndex: 0,
      startValue: FROM + 8 * HOUR,
      endValue: FROM + 12 * HOUR,
    });
    expect(inView(c)).toEqual([FROM + 8 * HOUR, FROM + 12 * HOUR]);
    // AI1: its four points and the held value at the end; DO1: two changes and the end.
    expect(pointsKept(c, 0)).toBe(5);
    expect(pointsKept(c, 1)).toBe(3);
  });
});
