// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelOptions, DAY_MS, HOUR_MS } from './filters';
import type { ChannelOption, HistoryFilter } from './filters';
import HistoryFilters from './HistoryFilters';
import type { DeviceOption } from './HistoryFilters';
import { renderInApp } from './test-render';
import { open, option } from './test-support';

afterEach(cleanup);

const NOW = Date.UTC(2026, 0, 5, 8, 0, 0);
const DEVICES: DeviceOption[] = [
  { id: 1, name: 'Pump house', unid: 'AB12CD34' },
  { id: 2, name: 'Boiler', unid: 'EF56' },
];

/** 40 AI channels: more than the 32 a filter may hold. */
const MANY = channelOptions({
  counts: { ai: 32, ao: 8, di: 0, do: 0 },
  settings: {
    ai: { names: ['Tank level'], units: ['m'] },
    ao: { names: [], units: [] },
    di: { names: [] },
    do: { names: [] },
  },
} as unknown as Parameters<typeof channelOptions>[0]);

function Harness(props: {
  initial: HistoryFilter;
  channels?: readonly ChannelOption[];
  onChange: (f: HistoryFilter) => void;
  onEquipment?: (id: number) => void;
}) {
  const [filter, setFilter] = useState(props.initial);
  return (
    <HistoryFilters
      devices={DEVICES}
      equipmentId={1}
      onEquipment={props.onEquipment ?? (() => undefined)}
      filter={filter}
      onChange={(f) => {
        props.onChange(f);
        setFilter(f);
      }}
      channels={props.channels ?? MANY}
      onRefresh={() => undefined}
      now={() => NOW}
    />
  );
}

const initial: HistoryFilter = {
  preset: '24h',
  custom: null,
  anchor: NOW - HOUR_MS,
  interval: 60,
  channels: ['ai1'],
};

describe('HistoryFilters', () => {
  it('moves a preset range to end now', async () => {
    const onChange = vi.fn();
    await renderInApp(<Harness initial={initial} onChange={onChange} />);
    await act(async () => {
      fireEvent.click(screen.getByText('7 days'));
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ preset: '7d', anchor: NOW }));
  });

  it('starts a custom range from the range shown and offers the range picker', async () => {
    const onChange = vi.fn();
    await renderInApp(<Harness initial={initial} onChange={onChange} />);
    expect(document.querySelector('.ant-picker-range')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByText('Custom'));
    });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        preset: 'custom',
        custom: { from: NOW - HOUR_MS - DAY_MS, to: NOW - HOUR_MS },
      }),
    );
    expect(document.querySelector('.ant-picker-range')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns about a custom range the server would refuse: 400 days pass, one more does not', async () => {
    const ok = { ...initial, preset: 'custom' as const, custom: { from: NOW - 400 * DAY_MS, to: NOW } };
    const { unmount } = await renderInApp(<Harness initial={ok} onChange={() => undefined} />);
    expect(screen.queryByText('A range covers at most 400 days.')).toBeNull();
    unmount();
    const long = { ...ok, custom: { from: NOW - 400 * DAY_MS - 1000, to: NOW } };
    await renderInApp(<Harness initial={long} onChange={() => undefined} />);
    expect(screen.getByText('A range covers at most 400 days.')).toBeTruthy();
  });

  it('chooses the interval', async () => {
    const onChange = vi.fn();
    await renderInApp(<Harness initial={initial} onChange={onChange} />);
    const dropdown = await open('Interval');
    await act(async () => {
      fireEvent.click(option(dropdown, '5 min'));
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ interval: 300 }));
  });

  it('adds a channel and names channels by label, name and unit', async () => {
    const onChange = vi.fn();
    await renderInApp(<Harness initial={initial} onChange={onChange} />);
    const dropdown = await open('Channels');
    expect(option(dropdown, 'AI1 Tank level (m)')).toBeTruthy();
    await act(async () => {
      fireEvent.click(option(dropdown, 'AI2'));
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ channels: ['ai1', 'ai2'] }));
  });

  it('takes up to 32 channels and no more', async () => {
    const onChange = vi.fn();
    const keys = MANY.map((o) => o.key);
    const at31 = { ...initial, channels: keys.slice(0, 31) };
    await renderInApp(<Harness initial={at31} onChange={onChange} />);
    const dropdown = await open('Channels');
    // The 32nd is taken.
    await act(async () => {
      fireEvent.click(option(dropdown, 'AI32'));
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ channels: keys.slice(0, 32) }));
    // The 33rd is refused.
    const ao1 = option(dropdown, 'AO1');
    expect(ao1.className).toContain('ant-select-item-option-disabled');
    onChange.mockClear();
    await act(async () => {
      fireEvent.click(ao1);
    });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lists the equipment by name and serial and picks one', async () => {
    const onEquipment = vi.fn();
    await renderInApp(<Harness initial={initial} onChange={() => undefined} onEquipment={onEquipment} />);
    const dropdown = await open('Equipment');
    expect(within(dropdown).getAllByText(/Pump house \(AB12CD34\)|Boiler \(EF56\)/).length).toBeGreaterThan(
      0,
    );
    await act(async () => {
      fireEvent.click(option(dropdown, 'Boiler (EF56)'));
    });
    expect(onEquipment).toHaveBeenCalledWith(2);
  });
});
