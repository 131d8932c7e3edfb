// @vitest-environment jsdom
// The binding picker against the console's directory and records: only the equipment the user
// may read, only its channels of the allowed kinds and as many as it has, named as the equipment
// page names them; the binding it hands on.
import type { Binding, DiagramChannelKind } from '@fieldlink/protocol';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceEntry, sampleRecordOf, sampleType, seedEquipment } from '../equipment/test-support';
import { setLanguage } from '../i18n';
import BindingPicker from './BindingPicker';
import { choose, chosen, installBrowserStubs, openSelect, optionTitles } from './test-support';

/** Pump house 7: 3 DO (DO2 named Pump), 2 DI, 1 AI; Boiler 8 an FL-R8 not read yet; 9 unreadable. */
const pumpHouse = sampleRecordOf(
  { do: 3, di: 2, ai: 1, ao: 0 },
  (s) => ({ do: { ...s.do, names: ['', 'Pump', ''] }, ai: { ...s.ai, names: ['Level'] } }),
  { id: 7, unid: 'SN7', name: 'Pump house', type: 'FL-R3' },
);

function seed(): void {
  seedEquipment({
    types: { 'FL-R3': sampleType('FL-R3', pumpHouse.counts), 'FL-R8': sampleType() },
    entries: [
      { ...deviceEntry(7, 'Pump house'), type: 'FL-R3' },
      deviceEntry(8, 'Boiler'),
      { ...deviceEntry(9, 'Hidden'), level: 0 },
    ],
    records: [pumpHouse],
  });
}

function Harness(props: {
  initial: Binding | null;
  kinds: readonly DiagramChannelKind[] | 'equipment';
  onChange: (b: Binding | null) => void;
  label?: string;
  disabled?: boolean;
}) {
  const [value, setValue] = useState(props.initial);
  return (
    <BindingPicker
      value={value}
      kinds={props.kinds}
      label={props.label}
      disabled={props.disabled}
      onChange={(b) => {
        props.onChange(b);
        setValue(b);
      }}
    />
  );
}

beforeEach(() => {
  installBrowserStubs();
  setLanguage('en');
  seed();
});
afterEach(cleanup);

describe('binding picker', () => {
  it('offers the equipment the user may read, and its channels of the allowed kinds by name', async () => {
    const onChange = vi.fn();
    render(<Harness initial={null} kinds={['do', 'ai']} onChange={onChange} />);
    expect(optionTitles(await openSelect('Equipment'))).toEqual(['Boiler (SN8)', 'Pump house (SN7)']);
    expect(screen.getByRole('combobox', { name: 'Channel' }).closest('.ant-select')!.className).toContain(
      'disabled',
    );
    await choose('Equipment', 'Pump house (SN7)');
    // The first channel of the allowed kinds is taken at once.
    expect(onChange).toHaveBeenLastCalledWith({ equipmentId: 7, channel: { kind: 'do', index: 1 } });
    expect(optionTitles(await openSelect('Channel'))).toEqual(['DO1', 'DO2 · Pump', 'DO3', 'AI1 · Level']);
    await choose('Channel', 'DO2 · Pump');
    expect(onChange).toHaveBeenLastCalledWith({ equipmentId: 7, channel: { kind: 'do', index: 2 } });
    expect(chosen('Channel')).toBe('DO2 · Pump');
  });

  it("lists an unread record's channels from its model, and keeps the channel across equipment", async () => {
    const onChange = vi.fn();
    render(
      <Harness
        initial={{ equipmentId: 7, channel: { kind: 'do', index: 3 } }}
        kinds={['do']}
        onChange={onChange}
      />,
    );
    expect(chosen('Equipment')).toBe('Pump house (SN7)');
    expect(chosen('Channel')).toBe('DO3');
    await choose('Equipment', 'Boiler (SN8)');
    expect(onChange).toHaveBeenLastCalledWith({ equipmentId: 8, channel: { kind: 'do', index: 3 } });
    // An FL-R8 has 8 DO; no names before its record is read.
    expect(optionTitles(await openSelect('Channel'))).toEqual([
      'DO1',
      'DO2',
      'DO3',
      'DO4',
      'DO5',
      'DO6',
      'DO7',
      'DO8',
    ]);
  });

  it('takes the first allowed channel when the new equipment lacks the bound one', async () => {
    const onChange = vi.fn();
    render(
      <Harness
        initial={{ equipmentId: 8, channel: { kind: 'do', index: 8 } }}
        kinds={['do']}
        onChange={onChange}
      />,
    );
    await choose('Equipment', 'Pump house (SN7)');
    expect(onChange).toHaveBeenLastCalledWith({ equipmentId: 7, channel: { kind: 'do', index: 1 } });
  });

  it('binds a whole equipment without a channel select', async () => {
    const onChange = vi.fn();
    render(<Harness initial={null} kinds="equipment" label="Status" onChange={onChange} />);
    expect(screen.queryByRole('combobox', { name: 'Status channel' })).toBeNull();
    await choose('Status equipment', 'Boiler (SN8)');
    expect(onChange).toHaveBeenLastCalledWith({ equipmentId: 8, channel: null });
  });

  it('shows a binding to unknown equipment or a missing channel as such, and clears to null', async () => {
    const onChange = vi.fn();
    render(
      <Harness
        initial={{ equipmentId: 9, channel: { kind: 'di', index: 12 } }}
        kinds={['di']}
        label="Lamp"
        onChange={onChange}
      />,
    );
    expect(chosen('Lamp equipment')).toBe('Unknown equipment #9');
    expect(chosen('Lamp channel')).toBe('DI12 (not on this equipment)');
    const clear = document.querySelector<HTMLElement>('.ant-select-clear');
    expect(clear).not.toBeNull();
    await act(async () => {
      clear!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      clear!.click();
    });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('names its selects in the user language and can be disabled', async () => {
    await act(() => setLanguage('zh'));
    render(<Harness initial={null} kinds={['ai']} label="数值" disabled onChange={() => undefined} />);
    for (const name of ['数值设备', '数值通道']) {
      const box = screen.getByRole('combobox', { name });
      expect(box.closest('.ant-select')!.className).toContain('disabled');
    }
  });
});
