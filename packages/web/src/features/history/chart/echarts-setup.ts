/**
 * ECharts with only what the console draws: line charts with grid, tooltip, legend and zoom, on
 * canvas. Imported dynamically (see EChart.tsx), so the chart library stays out of the initial
 * bundle and loads the first time a chart is shown.
 */
import { LineChart } from 'echarts/charts';
import type { LineSeriesOption } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
>;

export { echarts };
