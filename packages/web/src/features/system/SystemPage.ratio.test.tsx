// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import { mockFetch } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import type { ChartOption } from '../history/chart/echarts-setup';
import { renderInApp } from '../history/test-render';
import { eventsReply, sampleEvent } from '../history/test-support';
import SystemPage from './SystemPage';

// jsdom draws no chart: the option handed to it is what the page shows.
let shown: ChartOption | null = null;
vi.mock('../history/chart/EChart', () => ({
  default: ({ option }: { readonly option: ChartOption }) => {
    shown = option;
    return <div data-testid="chart" />;
  },
}));

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 0, 12, 12, 0, 0);
/** The only device was added two days ago, and came online then. */
const ADDED = NOW - 48 * HOUR;

/** [time, percent] of each point of the ratio's line. */
const line = (): [number, number | null][] => {
  const series = (shown?.series ?? []) as { data: [number, number | null][] }[];
  return series[0]?.data ?? [];
};

let restore = (): void => undefined;
beforeAll(installDomStubs);
beforeEach(() => {
  shown = null;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const record = sampleRecord({
    id: 1,
    unid: 'SN1',
    name: 'Pump house',
    createdAt: new Date(ADDED).toISOString(),
  });
  seedEquipment({
    types: { [record.type]: sampleType(record.type) },
    records: [record],
    flags: { 1: { isOnline: true, isAlarm: false, soc: null } },
  });
  const online = sampleEvent({
    id: 1,
    kind: 'online',
    channel: null,
    channelKind: null,
    level: null,
    equipment: { name: 'Pump house', unid: 'SN1' },
    at: new Date(ADDED + HOUR / 4).toISOString(),
  });
  restore = mockFetch({ 'GET /me/events': { body: eventsReply([online]) } }).restore;
});
afterEach(() => {
  restore();
  cleanup();
  vi.useRealTimers();
  resetEquipment();
});

describe('the system overview’s online ratio', () => {
  it('starts at the first device, not at 0 % for the days before it existed', async () => {
    await renderInApp(<SystemPage />, 'en');
    await waitFor(() => expect(line().length).toBeGreaterThan(0), { timeout: 8000 });
    const points = line();
    // Hourly buckets over the last 7 days: from the device's addition on only.
    expect(points[0]![0]).toBe(ADDED);
    expect(points.every(([t]) => t >= ADDED)).toBe(true);
    // It came online a quarter of an hour after it was added; online since.
    expect(points[0]![1]).toBe(75);
    expect(points.slice(1).every(([, percent]) => percent === 100)).toBe(true);
    expect(screen.getByTestId('chart')).toBeTruthy();
  });

  it('says there is no equipment instead of drawing an empty line', async () => {
    seedEquipment({ records: [] });
    await renderInApp(<SystemPage />, 'en');
    expect(await screen.findByText('No equipment yet', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });
});
