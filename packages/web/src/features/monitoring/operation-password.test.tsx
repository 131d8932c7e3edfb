// @vitest-environment jsdom
/**
 * Secured operation with the password (confirmOperations with operationPassword): the relay and
 * analog-output panels ask for the password in the confirmation of every write, send it with the operation,
 * and show the server's refusal on the field for another try.
 */
import type { Operation } from '@fieldlink/protocol';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelViews } from '../../equipment/channels';
import { applyUpdate } from '../../equipment/live-state';
import { R8_COUNTS, sampleRecord, sampleSettings, sampleType } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import type { BasicParam } from '../../session/me';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import type { Reply } from '../../session/test-support';
import AoPanel from './AoPanel';
import DoPanel from './DoPanel';
import { DEFAULT_PANEL_PARAM } from './format';
import type { PanelParam } from './format';
import { renderWithApp } from './test-render';
import { useOperation } from './use-operation';

const SLOW = { timeout: 8000 };
const done: Reply = { status: 200, body: { status: 'done', response: null, result: null } };
const PATH = '/equipment/12/operations';

function signedIn(param: Partial<BasicParam>): void {
  const me = sampleMe();
  useMe.getState().setMe({ ...me, param: { ...me.param, ...param } });
}

const SECURED = { confirmOperations: true, operationPassword: true };

/** Answers the operations call with `replies` in turn, the last one from then on. */
function serve(...replies: Reply[]) {
  let n = 0;
  return mockFetch({ [`POST ${PATH}`]: () => replies[Math.min(n++, replies.length - 1)]! });
}

function renderDo(param: Partial<PanelParam> = {}): void {
  const record = sampleRecord({ id: 12, name: 'Pump house' });
  const settings = sampleSettings(R8_COUNTS);
  const named = { ...record, settings: { ...settings, do: { ...settings.do, names: ['Pump 1'] } } };
  const live = applyUpdate(undefined, { SN: record.unid, regdo: [0] }, R8_COUNTS, 1);
  renderWithApp(
    <DoPanel
      record={named}
      type={sampleType()}
      views={channelViews(named, live).do}
      canOperate
      param={{ ...DEFAULT_PANEL_PARAM, ...param }}
    />,
  );
}

const passwordField = () => screen.getByLabelText('Your password') as HTMLInputElement;
const findPasswordField = async () =>
  (await screen.findByLabelText('Your password', {}, SLOW)) as HTMLInputElement;

function typePassword(text: string): void {
  fireEvent.change(passwordField(), { target: { value: text } });
}

const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

let restore = (): void => undefined;
beforeAll(() => {
  // jsdom has no pseudo-element styles and says so on every call (antd's modal asks for scrollbars').
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
});
beforeEach(() => setLanguage('en'));
afterEach(() => {
  restore();
  cleanup();
  useMe.getState().setMe(null);
});

describe('the relay panel of a user who confirms operations with the password', () => {
  it('asks the password in the confirmation and sends it with the operation, keeping nothing', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    renderDo({ confirmOperations: true });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    expect(await screen.findByText('Open: Pump 1 of Pump house?', {}, SLOW)).toBeTruthy();
    typePassword('secret123');
    confirm();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]).toMatchObject({
      method: 'POST',
      path: PATH,
      body: { opr: 'openone', io: 1, dly: 0, password: 'secret123' },
    });
    expect(await screen.findByText('Pump 1: Open: done', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Your password')).toBeNull(), SLOW);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('secret123');
    // The next operation asks again, with an empty field.
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    expect((await findPasswordField()).value).toBe('');
  });

  it('requires the password and bounds it at 128 characters, sending nothing until it fits', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    renderDo({ confirmOperations: true });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await findPasswordField();
    confirm();
    expect(await screen.findByText('Enter your password', {}, SLOW)).toBeTruthy();
    typePassword('p'.repeat(129));
    confirm();
    expect(await screen.findByText('At most 128 characters', {}, SLOW)).toBeTruthy();
    await act(async () => undefined);
    expect(mock.calls).toHaveLength(0);
    typePassword('p'.repeat(128));
    confirm();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toMatchObject({ password: 'p'.repeat(128) });
  });

  it('takes a one-character password', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    renderDo({ confirmOperations: true });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await findPasswordField();
    typePassword('p');
    confirm();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toMatchObject({ password: 'p' });
  });

  it('says a wrong password on the field and lets the user try again', async () => {
    signedIn(SECURED);
    const mock = serve(errorReply(403, 'wrong_password', 'the password is wrong'), done);
    restore = mock.restore;
    renderDo({ confirmOperations: true });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await findPasswordField();
    typePassword('not-it');
    confirm();
    expect(await screen.findByText('Wrong password. Try again.', {}, SLOW)).toBeTruthy();
    expect(passwordField().value).toBe('');
    typePassword('secret123');
    confirm();
    await waitFor(() => expect(mock.calls).toHaveLength(2), SLOW);
    expect(mock.calls[1]?.body).toMatchObject({ password: 'secret123' });
    await waitFor(() => expect(screen.queryByLabelText('Your password')).toBeNull(), SLOW);
  });

  it('says how long to wait after too many wrong passwords', async () => {
    signedIn(SECURED);
    const limited = errorReply(429, 'rate_limited', 'too many failed sign-ins; try again in 10 minutes');
    const mock = serve({ ...limited, headers: { 'retry-after': '600' } }, limited);
    restore = mock.restore;
    renderDo({ confirmOperations: true });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await findPasswordField();
    typePassword('secret123');
    confirm();
    expect(
      await screen.findByText('Too many wrong passwords: try again in 10 minutes', {}, SLOW),
    ).toBeTruthy();
    typePassword('secret123');
    confirm();
    expect(
      await screen.findByText('Too many wrong passwords: try again in a few minutes', {}, SLOW),
    ).toBeTruthy();
  });

  it('closes the prompt on any other refusal and says it as usual', async () => {
    signedIn(SECURED);
    const mock = serve(errorReply(409, 'conflict', 'offline'));
    restore = mock.restore;
    renderDo({ confirmOperations: true });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await findPasswordField();
    typePassword('secret123');
    confirm();
    expect(
      await screen.findByText('Pump 1: Open: the device is offline or did not answer', {}, SLOW),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Your password')).toBeNull(), SLOW);
  });

  it('sends nothing when cancelled', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    renderDo({ confirmOperations: true });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await findPasswordField();
    typePassword('secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Your password')).toBeNull(), SLOW);
    expect(mock.calls).toHaveLength(0);
  });

  it('asks it for open all even without the open-all confirmation, and sends aopen', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    renderDo({ confirmOperations: true, confirmOpenCloseAll: false });
    fireEvent.click(screen.getByRole('button', { name: /open all/i }));
    expect(await screen.findByText('Open every output of Pump house?', {}, SLOW)).toBeTruthy();
    typePassword('secret123');
    confirm();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'aopen', password: 'secret123' });
  });

  it('asks no password with only half of the setting', async () => {
    signedIn({ confirmOperations: false, operationPassword: true });
    const mock = serve(done);
    restore = mock.restore;
    renderDo({ confirmOperations: false });
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'openone', io: 1, dly: 0 });
    expect(screen.queryByLabelText('Your password')).toBeNull();
  });

  it('opens the prompt when the server asks for the password the console did not expect', async () => {
    signedIn({ confirmOperations: false, operationPassword: false });
    const mock = serve(
      errorReply(403, 'password_required', 'this account confirms operations with its password'),
      done,
    );
    restore = mock.restore;
    renderDo();
    fireEvent.click(screen.getByRole('switch', { name: 'DO1 Pump 1' }));
    expect(
      await screen.findByText('Your account now confirms operations with its password.', {}, SLOW),
    ).toBeTruthy();
    expect(mock.calls[0]?.body).toEqual({ opr: 'openone', io: 1, dly: 0 });
    typePassword('secret123');
    confirm();
    await waitFor(() => expect(mock.calls).toHaveLength(2), SLOW);
    expect(mock.calls[1]?.body).toEqual({ opr: 'openone', io: 1, dly: 0, password: 'secret123' });
  });
});

describe('the analog-output panel of a user who confirms operations with the password', () => {
  it('asks the password before writing and sends it with the write', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    const counts = { do: 0, di: 0, ai: 0, ao: 1 };
    const base = sampleSettings(counts);
    const record = sampleRecord({
      id: 12,
      counts,
      aoRegister: 410,
      settings: {
        ...base,
        ao: { ...base.ao, names: ['Valve'], units: ['%'], x1: [400], x2: [2000], y1: [0], y2: [100] },
      },
    });
    const live = applyUpdate(undefined, { SN: record.unid, regao: [1200] }, counts, 1);
    renderWithApp(<AoPanel record={record} views={channelViews(record, live).ao} canOperate />);
    const input = screen.getByLabelText('New value of Valve') as HTMLInputElement;
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Set Valve to 25 %?', {}, SLOW)).toBeTruthy();
    expect(mock.calls).toHaveLength(0);
    typePassword('secret123');
    confirm();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'waohex', aoinfos: '410_0320', password: 'secret123' });
    await waitFor(() => expect(input.value).toBe(''), SLOW);
  });
});

/** A control that runs one operation through the hook. */
function Runner({ operation }: { readonly operation: Operation }) {
  const { run, prompt } = useOperation(12);
  return (
    <>
      <button type="button" onClick={() => void run(operation, 'k')}>
        go
      </button>
      {prompt}
    </>
  );
}

describe('useOperation', () => {
  it('never asks the password for a read', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    renderWithApp(<Runner operation={{ opr: 'rdo', regstart: 0, regnum: 8 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ opr: 'rdo', regstart: 0, regnum: 8 });
    expect(screen.queryByLabelText('Your password')).toBeNull();
  });

  it('asks it for any write, with the catalogue label in the question', async () => {
    signedIn(SECURED);
    const mock = serve(done);
    restore = mock.restore;
    renderWithApp(<Runner operation={{ opr: 'wdo', doinfo: [1] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('Carry out Write DO states?', {}, SLOW)).toBeTruthy();
    expect(mock.calls).toHaveLength(0);
  });
});
