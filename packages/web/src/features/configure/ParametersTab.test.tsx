// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import { records } from '../../equipment/directory';
import { applyUpdate } from '../../equipment/live-state';
import type { LiveState } from '../../equipment/live-state';
import { permissionFromLevel } from '../../equipment/rights';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleRecordOf, sampleSettings } from '../../equipment/test-support';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { clickButton } from '../auth/test-render';
import ParametersTab from './ParametersTab';
import { renderDeviceTab } from './test-support';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsaved';

const SLOW = { timeout: 8000 };
const COUNTS = { do: 2, di: 1, ai: 1, ao: 1 };

function board(permission: Permission = sampleRecord().permission): Equipment {
  return sampleRecordOf(
    COUNTS,
    (s) => ({
      do: { ...s.do, names: ['Pump', ''] },
      di: { ...s.di, names: ['Door'], alarm: [true] },
      // Raw 0-4095 shows as 0-5 m; alarms outside 0.5-4.5 m.
      ai: {
        ...s.ai,
        names: ['Level'],
        units: ['m'],
        x1: [0],
        x2: [4095],
        y1: [0],
        y2: [5],
        alarmLow: [0.5],
        alarmHigh: [4.5],
      },
      ao: {
        ...s.ao,
        names: ['Speed'],
        units: ['%'],
        min: [400],
        max: [2000],
        x1: [400],
        x2: [2000],
        y1: [0],
        y2: [100],
      },
    }),
    { id: 3, name: 'Board', permission },
  );
}

function show(record: Equipment, raw: { ai?: number[]; ao?: number[] } = {}) {
  const live: Record<number, LiveState> =
    raw.ai || raw.ao
      ? { 3: applyUpdate(undefined, { SN: record.unid, regai: raw.ai, regao: raw.ao }, COUNTS, 0) }
      : {};
  return renderDeviceTab(ParametersTab, record, { more: { live } });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const errorText = (fieldId: string) =>
  screen.queryByTestId(`error-err-${fieldId.replaceAll('.', '-')}`)?.textContent ?? null;

const hooks = setUpDeviceTests({ domStubs: false, after: discardUnsavedChanges });
let calls: RecordedRequest[] = [];
function serve(reply: (request: RecordedRequest) => Reply) {
  calls = hooks.serve({ 'PATCH /equipment/3': reply }).calls;
}

beforeEach(() => serve(() => ({ status: 500 })));

describe('the parameters tab', { timeout: 30_000 }, () => {
  it('without the edit right shows the values as text and says so', () => {
    const { container } = show(board(permissionFromLevel(2)));
    expect(screen.getByTestId('parameters-no-config').textContent).toBe(
      'No configuration permission currently',
    );
    expect(container.querySelectorAll('input')).toHaveLength(0);
    expect(screen.getByText('Pump')).toBeTruthy();
    expect(screen.getByText('4095')).toBeTruthy();
    expect(screen.queryByText('Save')).toBeNull();
  });

  it('shows a section per channel kind the device has, and only those', () => {
    const s = sampleSettings({ do: 0, di: 0, ai: 2, ao: 0 });
    show(sampleRecord({ id: 3, counts: { do: 0, di: 0, ai: 2, ao: 0 }, settings: s }));
    expect(screen.getByTestId('parameters-ai')).toBeTruthy();
    for (const kind of ['do', 'di', 'ao']) expect(screen.queryByTestId(`parameters-${kind}`)).toBeNull();
  });

  it('saves only the lists that changed, keeps the reply and is clean again', async () => {
    const record = board();
    serve((request) => {
      const body = request.body as { settings: { do: { names: string[] }; ai: { y2: number[] } } };
      const s = record.settings;
      return {
        body: {
          ...record,
          settings: {
            ...s,
            do: { ...s.do, names: body.settings.do.names },
            ai: { ...s.ai, y2: body.settings.ai.y2 },
          },
        },
      };
    });
    show(record);
    type('DO2 Name', ' Fan ');
    type('AI1 Y2', '10');
    expect(hasUnsavedChanges()).toBe(true);
    clickButton('Save');
    await screen.findByText('Channel settings saved', {}, SLOW);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { settings: { do: { names: ['Pump', 'Fan'] }, ai: { y2: [10] } } },
    ]);
    expect(records()[3]?.settings.do.names).toEqual(['Pump', 'Fan']);
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(field('DO2 Name').value).toBe('Fan');
  });

  it('refuses to save while a field is wrong and says where; sends nothing', async () => {
    show(board());
    type('DO1 Name', 'n'.repeat(65));
    expect(errorText('do.names.0')).toBe('At most 64 characters');
    type('DO1 Name', 'n'.repeat(64));
    expect(errorText('do.names.0')).toBeNull();
    type('AI1 X2', '0');
    expect(errorText('ai.x2.0')).toBe('X2 must differ from X1 (the line would divide by zero)');
    type('AI1 Upper limit', '0.5');
    expect(errorText('ai.alarmHigh.0')).toBe('The upper limit must be above the lower (both 0: no alarm)');
    type('AO1 Max (raw)', '65536');
    expect(errorText('ao.max.0')).toBe('A whole number from 0 to 65535');
    expect(screen.getByTestId('error-count').textContent).toBe('3 fields need correcting');
    clickButton('Save');
    await screen.findByText('Correct the fields marked in red first.', {}, SLOW);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(field('AI1 X2').getAttribute('aria-invalid')).toBe('true');
  });

  it('previews the live reading with the saved points and with the points being typed', () => {
    show(board(), { ai: [2047], ao: [1200] });
    const preview = (passage: string, part: string) =>
      screen.getByTestId(`preview-${passage}-${part}`).textContent;
    expect(preview('AI1', 'raw')).toBe('2047');
    expect(preview('AI1', 'saved')).toBe('2.499');
    expect(preview('AI1', 'typed')).toBe('2.499');
    type('AI1 Y2', '10');
    expect(preview('AI1', 'saved')).toBe('2.499');
    expect(preview('AI1', 'typed')).toBe('4.999');
    // Above the typed upper limit: coloured as the live tab colours a high alarm.
    type('AI1 Upper limit', '4');
    expect(screen.getByTestId('preview-AI1-typed').getAttribute('data-alarm')).toBe('1');
    type('AI1 X2', '0');
    expect(preview('AI1', 'typed')).toBe('—');
    // AO: raw 1200 on 400-2000 → 0-100 %.
    expect(preview('AO1', 'saved')).toBe('50');
    type('AO1 Y1', '-100');
    expect(preview('AO1', 'typed')).toBe('0');
  });

  it('follows a new reading while the form is open', () => {
    show(board(), { ai: [0] });
    expect(screen.getByTestId('preview-AI1-saved').textContent).toBe('0');
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'DEMO0001', regai: [4095] }], 1));
    expect(screen.getByTestId('preview-AI1-saved').textContent).toBe('5');
  });

  it('says a reading is awaited before one arrives', () => {
    show(board());
    expect(screen.getByTestId('preview-AI1').textContent).toBe('Waiting for a reading');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    serve(() => errorReply(403, 'forbidden', 'no edit right on this equipment'));
    show(board());
    type('DO1 Name', 'Main pump');
    clickButton('Save');
    await screen.findByText('Not saved: no edit right on this equipment', {}, SLOW);
    expect(field('DO1 Name').value).toBe('Main pump');
    expect(hasUnsavedChanges()).toBe(true);
  });
});
