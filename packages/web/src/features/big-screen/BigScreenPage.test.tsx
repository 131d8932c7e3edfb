// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlarms } from '../../alarms/store';
import type { LiveAlarm } from '../../alarms/store';
import { browserTimeZone, formatInstant } from '../../time/format';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { R8_COUNTS, sampleRecord, sampleRecordOf, seedEquipment } from '../../equipment/test-support';
import { mockFetch } from '../../session/test-support';
import type { RecordedRequest, Routes } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import { renderInApp } from '../history/test-render';
import { eventsReply, sampleEvent } from '../history/test-support';
import BigScreenPage from './BigScreenPage';
import { DEFAULT_WALL, LAYOUT_DOCUMENT } from './layout';
import type { WallLayout } from './layout';

const SLOW = { timeout: 8000 };
const DOCUMENT = `/me/documents/${LAYOUT_DOCUMENT.ftype}/${LAYOUT_DOCUMENT.fname}`;

const saved = (context: unknown) => ({
  body: {
    ftype: LAYOUT_DOCUMENT.ftype,
    fname: LAYOUT_DOCUMENT.fname,
    size: 10,
    updatedAt: '2026-01-05T08:00:00.000Z',
    context,
  },
});

let calls: RecordedRequest[] = [];
let restore = (): void => undefined;

function serve(layout: unknown, more: Routes = {}): void {
  ({ calls, restore } = mockFetch({
    [`GET ${DOCUMENT}`]: layout === null ? { status: 404 } : saved(layout),
    [`PUT ${DOCUMENT}`]: (request) => saved((request.body as { context: unknown }).context),
    'GET /me/events': {
      body: eventsReply([
        sampleEvent({
          id: 2,
          equipment: { name: 'Boiler', unid: 'SN2' },
          equipmentId: 2,
          time: '2026-01-05 15:00:00',
        }),
        sampleEvent({ id: 1, equipment: { name: 'Pump house', unid: 'SN1' }, time: '2026-01-05 14:00:00' }),
      ]),
    },
    'GET /diagrams': { body: { items: [] } },
    ...more,
  }));
}

const wall = (): HTMLElement => document.querySelector<HTMLElement>('[data-page="BigScreenPage"]')!;
const puts = (): WallLayout[] =>
  calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { context: WallLayout }).context);

async function open(): Promise<void> {
  await renderInApp(
    <MemoryRouter>
      <BigScreenPage />
    </MemoryRouter>,
    'en',
  );
  await waitFor(() => expect(wall().querySelector('.bs-slots')).not.toBeNull(), SLOW);
}

beforeAll(installDomStubs);
beforeEach(() => {
  const pump = sampleRecordOf(
    R8_COUNTS,
    (s) => ({
      ai: { ...s.ai, names: ['Tank level', ''], units: ['m', ''], alarmLow: [0, 0], alarmHigh: [4000, 0] },
    }),
    { id: 1, unid: 'SN1', sn: 'SN1', name: 'Pump house' },
  );
  seedEquipment({
    records: [pump, sampleRecord({ id: 2, unid: 'SN2', sn: 'SN2', name: 'Boiler' })],
    flags: { 1: { isOnline: true, isAlarm: false, soc: 80 }, 2: { isOnline: false, isAlarm: true, soc: 30 } },
  });
});
afterEach(() => {
  restore();
  cleanup();
  resetEquipment();
  useAlarms.getState().clear();
  vi.useRealTimers();
});

describe('the big screen', () => {
  it('opens in the saved layout, with the totals, the alarms and the chosen live values', async () => {
    serve({ ...DEFAULT_WALL, preset: 'alarms', channels: [{ equipmentId: 1, kind: 'ai', index: 1 }] });
    await open();
    expect(wall().dataset.preset).toBe('alarms');
    expect(screen.getByTestId('bs-total-total').textContent).toBe('Total2');
    expect(screen.getByTestId('bs-total-online').textContent).toBe('Online1');
    expect(screen.getByTestId('bs-total-alarm').textContent).toBe('Alarm1');

    // The ticker: the period's alarm events, newest first; then an alarm pushed comes in on top.
    const ticker = await screen.findByTestId('bs-ticker', {}, SLOW);
    await waitFor(() => expect(ticker.querySelectorAll('li')).toHaveLength(2), SLOW);
    const alarm: LiveAlarm = {
      key: 'k1',
      unid: 'SN1',
      name: 'Pump house',
      channel: 'AI1',
      level: 1,
      value: 4200,
      time: '2026-01-05 16:00:00',
      text: 'AI1 high',
      facts: { name: 'Tank level', unit: 'm', limit: 4000 },
      receivedAt: Date.now() + 1000,
    };
    act(() => void useAlarms.getState().add(alarm));
    const rows = [...screen.getByTestId('bs-ticker').querySelectorAll('li')].map((li) => li.textContent);
    // Its time is its arrival (it carries no instant), in the console's zone as the events' times are.
    const zone = browserTimeZone();
    expect(rows[0]).toBe(
      `${formatInstant(alarm.receivedAt, zone, 'en').slice(5)}Pump houseAI1 Tank level above the upper limit 4000: 4200 m`,
    );
    // The events' instants: 15:00 and 14:00 in Shanghai (sampleEvent), shown in the browser's zone.
    expect(rows.slice(1).map((r) => r?.slice(0, 14))).toEqual(
      [Date.UTC(2026, 0, 5, 7), Date.UTC(2026, 0, 5, 6)].map((at) => formatInstant(at, zone, 'en').slice(5)),
    );
    expect(screen.getByTestId('bs-top').textContent).toContain('Pump house');

    // The live value follows the pushes, in the alarm colour above its limit.
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', regai: [1234, 0], IsOnline: true }]));
    const value = within(screen.getByTestId('bs-values')).getByText('1234 m');
    expect(value.dataset.alarm).toBe('false');
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', regai: [4321, 0] }]));
    expect(within(screen.getByTestId('bs-values')).getByText('4321 m').dataset.alarm).toBe('true');
    expect(screen.getByTestId('bs-values').textContent).toContain('AI1 Tank level');
    // Nothing was saved by opening.
    expect(puts()).toEqual([]);
  });

  it('starts in the default layout without a saved one, and saves the preset chosen', async () => {
    serve(null);
    await open();
    expect(wall().dataset.preset).toBe('overview');
    fireEvent.click(screen.getByRole('button', { name: 'Big screen settings' }));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Map' }));
    await waitFor(() => expect(wall().dataset.preset).toBe('map'), SLOW);
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Rotate panels' }));
    await waitFor(
      () => expect(puts().at(-1)).toEqual({ ...DEFAULT_WALL, preset: 'map', rotate: false }),
      SLOW,
    );
  }, 40_000);

  it('pauses the rotation while the pointer is over the panels', async () => {
    serve(DEFAULT_WALL);
    await open();
    expect(screen.queryByTestId('bs-paused')).toBeNull();
    // Overview: the middle slot turns between the map and the diagram.
    expect(wall().querySelector('[data-panel="map"]')).not.toBeNull();
    fireEvent.mouseEnter(wall().querySelector('.bs-slots')!);
    expect(screen.getByTestId('bs-paused').textContent).toContain('Rotation paused');
    fireEvent.mouseLeave(wall().querySelector('.bs-slots')!);
    expect(screen.queryByTestId('bs-paused')).toBeNull();
  });

  it('asks for a click before it sounds when the saved layout wants sound', async () => {
    serve({ ...DEFAULT_WALL, sound: true });
    await open();
    expect(screen.getByRole('button', { name: /Click to enable sound/ })).toBeTruthy();
  });
});
