// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleRecordOf, sampleType } from '../../equipment/test-support';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { clickButton } from '../auth/test-render';
import DisplayTab from './DisplayTab';
import { renderDeviceTab } from './test-support';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsaved';

const SLOW = { timeout: 8000 };
const COUNTS = { do: 2, di: 1, ai: 1, ao: 0 };
const DO_DI = {
  DOIndexArr: [],
  DIIndexArr: [],
  AOIndexArr: [],
  AIIndexArr: [],
  DOScene: [],
  svgEquipsDate: [{ ID: 4 }],
};

function board(permission: Permission = sampleRecord().permission, doUi = '0;1&;50'): Equipment {
  return sampleRecordOf(
    COUNTS,
    (s) => ({
      modes: { ...s.modes, doUi, doDi: DO_DI },
      do: {
        names: ['Pump', 'Fan'],
        onImages: ['kg03.png', 'kg03.png'],
        offImages: ['kg03_0.png', 'kg03_0.png'],
      },
      di: { ...s.di, names: ['Door'], onImages: ['kg11.png'], offImages: ['kg11_0.png'] },
      ai: { ...s.ai, names: ['Level'], images: ['com_default.png'], alarmImages: ['com_alarm.gif'] },
    }),
    { id: 3, permission },
  );
}

function show(record: Equipment, relayModes = [0, 1, 2, 3]) {
  return renderDeviceTab(DisplayTab, record, { type: { ...sampleType(record.type, COUNTS), relayModes } });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const errorOf = (id: string) => screen.queryByTestId(`error-${id}`)?.textContent ?? null;

/** Opens the select labelled `label` and picks the option titled `title`. */
async function choose(label: string, title: string) {
  const select = field(label).closest('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  fireEvent.click(await screen.findByTitle(title, {}, SLOW));
}

const hooks = setUpDeviceTests({ domStubs: false, after: discardUnsavedChanges });
let calls: RecordedRequest[] = [];
function serve(reply: (request: RecordedRequest) => Reply) {
  calls = hooks.serve({ 'PATCH /equipment/3': reply }).calls;
}

beforeEach(() => serve(() => ({ status: 500 })));

describe('the UI tab', { timeout: 30_000 }, () => {
  it('without the edit right shows the settings as text and says so', () => {
    const { container } = show(board(permissionFromLevel(1)));
    expect(screen.getByTestId('display-no-config').textContent).toBe('No configuration permission currently');
    expect(container.querySelectorAll('input')).toHaveLength(0);
    expect(screen.getByText('Open, then close after a time')).toBeTruthy();
    expect(screen.getAllByText('All channels')).toHaveLength(3);
    expect(screen.queryByText('Save')).toBeNull();
  });

  it('checks a pulse hold at its bounds (0, 2-65535 × 0.1 s) and says so on the field', () => {
    show(board());
    const hold = 'DO2 Time (0.1 s)';
    const error = () => errorOf('err-modes-hold-1');
    for (const [value, ok] of [
      ['0', true],
      ['1', false],
      ['2', true],
      ['65535', true],
      ['65536', false],
    ] as const) {
      type(hold, value);
      expect(error(), value).toBe(
        ok ? null : '0, or a whole number from 2 to 65535 (× 0.1 s); 0 holds forever',
      );
    }
    type(hold, '25');
    expect(screen.getByText('× 0.1 s = 2.5 s')).toBeTruthy();
  });

  it('checks a cycle’s count and times', async () => {
    show(board(undefined, '3;0&2,10,10;'));
    type('DO1 Cycles', '0');
    expect(errorOf('err-modes-count-0')).toBe('A whole number from 1 to 65535');
    type('DO1 Cycles', '1');
    expect(errorOf('err-modes-count-0')).toBeNull();
    type('DO1 off', '1');
    expect(errorOf('err-modes-off-0')).toBe('A whole number from 2 to 65535 (× 0.1 s)');
    clickButton('Save');
    await screen.findByText('Correct the fields marked in red first.', {}, SLOW);
    expect(calls).toEqual([]);
  });

  it('refuses a mode the model does not accept', () => {
    show(board(undefined, '3;0&2,10,10;'), [0, 1, 2]);
    expect(errorOf('err-mode-0')).toBe(
      'This model does not accept this mode; the button works as a normal switch',
    );
  });

  it('saves modes, channels shown, buttons and pictures in one PATCH of what changed', async () => {
    const record = board();
    serve(() => ({ body: record }));
    show(record);
    type('DO2 Time (0.1 s)', '20');
    fireEvent.click(screen.getByLabelText('DO1 Pump'));
    fireEvent.click(screen.getByLabelText('Show "Close all"'));
    await choose('DI1 When on', 'Pump');
    expect(hasUnsavedChanges()).toBe(true);
    clickButton('Save');
    await screen.findByText('Channel settings saved', {}, SLOW);
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      [
        'PATCH',
        {
          settings: {
            modes: {
              doUi: '0;1&;20',
              doDi: { ...DO_DI, DOIndexArr: [1] },
            },
            showCloseAll: false,
            di: { onImages: ['pump.png'] },
          },
        },
      ],
    ]);
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it('will not hide every channel of a kind', () => {
    show(board());
    fireEvent.click(screen.getByLabelText('DI1 Door'));
    expect(errorOf('err-shown-di')).toBe('Show at least one channel');
  });

  it('shows the server’s refusal', async () => {
    serve(() => errorReply(400, 'bad_request', 'settings.modes.doUi: too long'));
    show(board());
    type('DO2 Time (0.1 s)', '20');
    clickButton('Save');
    await screen.findByText('Not saved: settings.modes.doUi: too long', {}, SLOW);
    expect(field('DO2 Time (0.1 s)').value).toBe('20');
  });
});
