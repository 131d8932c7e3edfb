// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { CircleMarker } from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import {
  deviceEntry,
  R8_COUNTS,
  sampleRecord,
  sampleSettings,
  seedEquipment,
} from '../../equipment/test-support';
import type { NodeFlags } from '../../equipment/tree';
import { setLanguage } from '../../i18n';
import { renderPage } from '../auth/test-render';
import { loadLeaflet } from './device-map';
import MapPage from './MapPage';

const SLOW = { timeout: 8000 };
const GREEN = '#52c41a';
const GREY = '#8c8c8c';
const RED = '#f5222d';

/** Each device: its name, its flags from the tree, and its position text (none for Barn). */
type Device = { id: number; name: string; flags: NodeFlags; gps?: string };
const DEVICES: readonly Device[] = [
  { id: 1, name: 'Pump house', flags: { isOnline: true, isAlarm: false, soc: 30 }, gps: '116.39, 39.9' },
  { id: 2, name: 'Boiler', flags: { isOnline: false, isAlarm: false, soc: 30 }, gps: '121.47, 31.23' },
  { id: 3, name: 'Tank', flags: { isOnline: true, isAlarm: true, soc: 30 }, gps: '113.26, 23.13' },
  { id: 4, name: 'Shed', flags: { isOnline: false, isAlarm: true, soc: 30 }, gps: '104.06, 30.67' },
  { id: 5, name: 'Barn', flags: { isOnline: true, isAlarm: false, soc: 30 } },
];

function loadDevices(devices: readonly Device[] = DEVICES): void {
  seedEquipment({
    entries: devices.map((d) => deviceEntry(d.id, d.name)),
    flags: Object.fromEntries(devices.map((d) => [d.id, d.flags])),
    records: devices.map((d) =>
      sampleRecord({
        id: d.id,
        unid: `SN${d.id}`,
        name: d.name,
        settings: { ...sampleSettings(R8_COUNTS), param: d.gps ? { basicParam: { gps: d.gps } } : {} },
      }),
    ),
  });
}

let made: MockInstance<(...args: never[]) => CircleMarker>;

/** The newest dot drawn for each device, by name. */
function markers(): Map<string, CircleMarker> {
  const out = new Map<string, CircleMarker>();
  for (const result of made.mock.results) {
    if (result.type !== 'return') continue;
    // The tooltip is a node holding the name as text (a string would be parsed as HTML).
    const content = result.value.getTooltip()?.getContent();
    if (content instanceof HTMLElement) out.set(content.textContent ?? '', result.value);
  }
  return out;
}

/** The fill colour of each device's dot on the map, by name. */
const dots = (): Record<string, unknown> =>
  Object.fromEntries([...markers()].map(([name, marker]) => [name, marker.options.fillColor]));

/** The dot of device `name`. */
function dot(name: string): CircleMarker {
  const marker = markers().get(name);
  if (!marker) throw new Error(`no dot for ${name}`);
  return marker;
}

/** The header's status counts, each with the colour of its badge. */
function legend(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const text of document.querySelectorAll<HTMLElement>('.ant-badge-status-text')) {
    const colour = text.parentElement?.querySelector<HTMLElement>('.ant-badge-status-dot')?.style.background;
    out[text.textContent ?? ''] = colour ?? '';
  }
  return out;
}

beforeEach(async () => {
  setLanguage('en');
  // The map is drawn only outside jsdom: pass for a browser, with a canvas that draws nothing.
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0' });
  const context = new Proxy({}, { get: () => () => undefined, set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  const L = await loadLeaflet();
  made = vi.spyOn(L, 'circleMarker') as unknown as typeof made;
  loadDevices();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (navigator as { userAgent?: string }).userAgent;
  resetEquipment();
});

describe('map status colours', () => {
  it('draws each device in its status colour: alarm red (even offline), online green, offline grey', async () => {
    renderPage(<MapPage />, { path: '/map', route: '/map' });
    await waitFor(() => expect(Object.keys(dots())).toHaveLength(4), SLOW);
    expect(dots()).toEqual({ 'Pump house': GREEN, Boiler: GREY, Tank: RED, Shed: RED });
    // The header counts the devices on the map by status, each badge in its colour.
    expect(legend()).toEqual({
      'Online 1': 'rgb(82, 196, 26)',
      'Offline 1': 'rgb(140, 140, 140)',
      'Alarm 2': 'rgb(245, 34, 45)',
    });
    expect(screen.getByText('No position 1')).toBeTruthy();
  });

  it('follows the live channel: a device going offline turns grey, an alarm turns it red', async () => {
    renderPage(<MapPage />, { path: '/map', route: '/map' });
    await waitFor(() => expect(Object.keys(dots())).toHaveLength(4), SLOW);

    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: false }]));
    expect(dots()).toMatchObject({ 'Pump house': GREY });
    expect(legend()).toMatchObject({ 'Online 0': expect.any(String), 'Offline 2': expect.any(String) });

    // An alarm pushed for the offline boiler.
    act(() => useEquipmentStore.getState().markAlarm('SN2'));
    expect(dots()).toMatchObject({ 'Pump house': GREY, Boiler: RED });

    // The pump house comes back.
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true }]));
    expect(dots()).toEqual({ 'Pump house': GREEN, Boiler: RED, Tank: RED, Shed: RED });
    expect(legend()).toEqual({
      'Online 1': 'rgb(82, 196, 26)',
      'Offline 0': 'rgb(140, 140, 140)',
      'Alarm 3': 'rgb(245, 34, 45)',
    });
  });

  it("a dot's pop-up tells its status as it is now, in its colour", async () => {
    renderPage(<MapPage />, { path: '/map', route: '/map' });
    await waitFor(() => expect(Object.keys(dots())).toHaveLength(4), SLOW);
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: false }]));
    act(() => {
      dot('Pump house').openPopup();
    });
    const popup = document.querySelector<HTMLElement>('.leaflet-popup-content')!;
    expect(popup.textContent).toContain('Offline');
    expect(popup.querySelector<HTMLElement>('span')?.style.background).toBe('rgb(140, 140, 140)');
  });
});

describe('names on the map', () => {
  const hostile = (name: string): Device => ({
    id: 7,
    name,
    flags: { isOnline: true, isAlarm: false, soc: 30 },
    gps: '116.39, 39.9',
  });

  it('shows a name made of markup as text in the tooltip and the pop-up, also after a rename', async () => {
    const first = '<img src=x onerror="window.__xss=1">';
    loadDevices([hostile(first)]);
    renderPage(<MapPage />, { path: '/map', route: '/map' });
    await waitFor(() => expect([...markers().keys()]).toEqual([first]), SLOW);
    act(() => {
      dot(first).openTooltip();
    });
    const tooltip = document.querySelector<HTMLElement>('.leaflet-tooltip')!;
    expect(tooltip.textContent).toBe(first);
    expect(tooltip.querySelector('img')).toBeNull();

    const second = '"><svg onload=alert(2)>';
    act(() => loadDevices([hostile(second)]));
    await waitFor(() => expect([...markers().keys()]).toEqual([second]), SLOW);
    expect(document.querySelector<HTMLElement>('.leaflet-tooltip')!.textContent).toBe(second);
    act(() => {
      dot(second).openPopup();
    });
    const popup = document.querySelector<HTMLElement>('.leaflet-popup-content')!;
    expect(popup.querySelector('strong')?.textContent).toBe(second);
    expect(popup.querySelector('img, svg')).toBeNull();
    expect(document.querySelector('.leaflet-container img, .leaflet-container svg[onload]')).toBeNull();
  });
});

describe('a hostile name of a device that does not answer, on the map', () => {
  it('is text in the two-line tooltip and the pop-up', async () => {
    const name = '<img src=x onerror="window.__xss=2">';
    loadDevices([
      {
        id: 8,
        name,
        flags: { isOnline: true, isAlarm: false, soc: 30, unansweredAddress: 7 },
        gps: '116.39, 39.9',
      },
    ]);
    renderPage(<MapPage />, { path: '/map', route: '/map' });
    await waitFor(() => expect([...markers().keys()]).toEqual([`${name}Does not answer at address 7`]), SLOW);
    const marker = markers().get(`${name}Does not answer at address 7`)!;
    act(() => {
      marker.openTooltip();
    });
    const tooltip = document.querySelector<HTMLElement>('.leaflet-tooltip')!;
    expect(tooltip.querySelector('.map-tooltip-name')?.textContent).toBe(name);
    act(() => {
      marker.openPopup();
    });
    expect(document.querySelector('.leaflet-popup-content strong')?.textContent).toBe(name);
    expect(document.querySelector('.leaflet-container img')).toBeNull();
  });
});

describe('a device that does not answer at its address, on the map', () => {
  /** The tooltip text of the dot whose tooltip starts with `name`. */
  const tooltipOf = (name: string): string | undefined =>
    [...markers().keys()].filter((text) => text.startsWith(name)).at(-1);

  it('says so in its tooltip and pop-up, as text, and no longer once it answers', async () => {
    loadDevices([
      { ...DEVICES[0]!, flags: { isOnline: true, isAlarm: false, soc: 30, unansweredAddress: 7 } },
      DEVICES[1]!,
    ]);
    renderPage(<MapPage />, { path: '/map', route: '/map' });
    await waitFor(() => expect(tooltipOf('Pump house')).toBe('Pump houseDoes not answer at address 7'), SLOW);
    const dotOf = () => markers().get(tooltipOf('Pump house')!)!;
    const content = dotOf().getTooltip()!.getContent() as HTMLElement;
    expect([...content.children].map((c) => c.textContent)).toEqual([
      'Pump house',
      '',
      'Does not answer at address 7',
    ]);
    // Still online: green.
    expect(dotOf().options.fillColor).toBe(GREEN);
    act(() => {
      dotOf().openPopup();
    });
    expect(document.querySelector('.leaflet-popup-content')!.textContent).toContain(
      'OnlineDoes not answer at address 7',
    );

    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true, Unanswered: null }]));
    await waitFor(() => expect(tooltipOf('Pump house')).toBe('Pump house'), SLOW);
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true, Unanswered: 3 }]));
    await waitFor(() => expect(tooltipOf('Pump house')).toBe('Pump houseDoes not answer at address 3'), SLOW);
    // Another language: the tooltip is written again in it.
    act(() => setLanguage('tc'));
    await waitFor(() => expect(tooltipOf('Pump house')).toBe('Pump house地址 3 無應答'), SLOW);
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: false }]));
    await waitFor(() => expect(tooltipOf('Pump house')).toBe('Pump house'), SLOW);
  });
});
