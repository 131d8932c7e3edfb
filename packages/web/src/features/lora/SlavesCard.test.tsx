// @vitest-environment jsdom
/**
 * The slave table of the radio screen: read as registers over the live channel again every 5 s
 * while shown (not while the page or the view is hidden, not once the tab is gone), never with an
 * operation, each id with its sub-device, edited within 0-249 and written, cleared after a
 * confirmation; a failed read said in the user's words.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord } from '../../equipment/test-support';
import en from '../../locales/en/rules/lora';
import { buttonNamed } from '../auth/test-render';
import { RegisterReadError } from '../../rules/register-reads';
import type { ReadFailure } from '../../rules/register-reads';
import { LORA_SLAVES_REFRESH_MS } from './lora-reads';
import {
  SLOW,
  TEAM_HOST,
  gatewayRoutes,
  newGateway,
  sentOf,
  sentOperations,
  showRadioTab,
} from './test-support';

const hooks = setUpDeviceTests();

const SUBS = [
  sampleRecord({
    id: 41,
    unid: 'DEMO0004_1',
    sn: null,
    type: 'FL-LR4',
    parentId: 4,
    address: '1',
    name: 'Valve north',
  }),
  sampleRecord({
    id: 45,
    unid: 'DEMO0004_5',
    sn: null,
    type: 'FL-LR4',
    parentId: 4,
    address: '5',
    name: 'Valve south',
  }),
];

/** The ids the table shows, in order. */
const shownIds = () =>
  [...screen.getByTestId('lora-slaves').querySelectorAll('tbody tr.ant-table-row')].map(
    (row) => row.querySelector('td')?.textContent,
  );

describe('the slave table read every 5 s', { timeout: 30_000 }, () => {
  let hidden = false;
  afterEach(() => {
    vi.useRealTimers();
    if (hidden) {
      hidden = false;
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    }
  });

  /**
   * Moves the query's interval on by `ms`. Only the intervals are faked, so the page still draws;
   * the waits below are testing-library's, which watch the page and leave the fake clock alone
   * (vi.waitFor would move it).
   */
  const after = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('follows the gateway while shown and stops when the tab goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const gateway = newGateway();
    const mock = hooks.serve(gatewayRoutes(gateway, undefined, SUBS));
    const { unmount } = showRadioTab();
    const reads = () => gateway.slaveReads;
    await waitFor(() => expect(shownIds()).toEqual(['1', '2']), SLOW);
    expect(reads()).toBe(1);
    gateway.slaves = [1, 2, 7];
    await after(LORA_SLAVES_REFRESH_MS - 1);
    expect(reads()).toBe(1);
    await after(1);
    await waitFor(() => expect(shownIds()).toEqual(['1', '2', '7']), SLOW);
    expect(reads()).toBe(2);
    expect(screen.getByText('3 slaves')).toBeTruthy();
    await after(LORA_SLAVES_REFRESH_MS);
    expect(reads()).toBe(3);
    unmount();
    await after(LORA_SLAVES_REFRESH_MS * 4);
    expect(reads()).toBe(3);
    expect(sentOf(mock.calls, 'lorarconfig')).toEqual([]);
  });

  it('makes no operation call: the server records operations as events, not register reads', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const gateway = newGateway();
    const mock = hooks.serve(gatewayRoutes(gateway, undefined, SUBS));
    showRadioTab();
    expect(await screen.findByText('2 slaves', {}, SLOW)).toBeTruthy();
    // The radio parameters and the report interval are read once when the tab opens.
    await waitFor(() => expect(sentOperations(mock.calls)).toHaveLength(2), SLOW);
    const opened = sentOperations(mock.calls);
    expect(opened.map((op) => op.opr).sort()).toEqual(['LoRaRTiming', 'LoraRParam']);
    for (let i = 1; i <= 3; i++) {
      await after(LORA_SLAVES_REFRESH_MS);
      await waitFor(() => expect(gateway.slaveReads).toBe(1 + i), SLOW);
    }
    gateway.slaves = [3];
    await after(LORA_SLAVES_REFRESH_MS);
    expect(await screen.findByText('1 slave', {}, SLOW)).toBeTruthy();
    expect(sentOperations(mock.calls)).toEqual(opened);
  });

  it('pauses while the browser page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const gateway = newGateway();
    hooks.serve(gatewayRoutes(gateway));
    showRadioTab();
    const reads = () => gateway.slaveReads;
    expect(await screen.findByText('2 slaves', {}, SLOW)).toBeTruthy();
    expect(reads()).toBe(1);
    hidden = true;
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await after(LORA_SLAVES_REFRESH_MS * 3);
    expect(reads()).toBe(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await after(LORA_SLAVES_REFRESH_MS);
    expect(reads()).toBe(2);
  });

  it('is read once, not every 5 s, while its view is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const gateway = newGateway();
    hooks.serve(gatewayRoutes(gateway));
    showRadioTab({ shown: false });
    const reads = () => gateway.slaveReads;
    expect(await screen.findByText('2 slaves', {}, SLOW)).toBeTruthy();
    expect(reads()).toBe(1);
    await after(LORA_SLAVES_REFRESH_MS * 3);
    expect(reads()).toBe(1);
  });
});

describe('the slave table', { timeout: 30_000 }, () => {
  it('names the sub-device at each id and warns of sub-devices the gateway does not hold', async () => {
    hooks.serve(gatewayRoutes(newGateway(), undefined, SUBS));
    showRadioTab();
    const cell = await screen.findByText('Valve north', {}, SLOW);
    expect(cell.closest('tr')?.querySelector('td')?.textContent).toBe('1');
    const row2 = screen.getAllByText(en.slaves.noRecord)[0]!.closest('tr') as HTMLElement;
    expect(within(row2).getByText('2')).toBeTruthy();
    expect((await screen.findByTestId('lora-slaves-missing', {}, SLOW)).textContent).toBe(
      "Slave id 5 is a sub-device here but not in the gateway's table: it does not answer",
    );
  });

  it('is edited within 0-249, each id once, then written and read back', async () => {
    const gateway = newGateway();
    const mock = hooks.serve(gatewayRoutes(gateway));
    showRadioTab();
    await waitFor(() => expect(shownIds()).toEqual(['1', '2']), SLOW);
    fireEvent.click(screen.getByTestId('lora-slaves-edit'));
    const field = screen.getByLabelText(en.slaves.newAddress) as HTMLInputElement;
    // The first free id is suggested.
    expect(field.value).toBe('0');
    const add = (value: string) => {
      fireEvent.change(field, { target: { value } });
      fireEvent.click(buttonNamed(en.slaves.add));
    };
    add('250');
    expect(await screen.findByText('A slave id is a whole number from 0 to 249', {}, SLOW)).toBeTruthy();
    add('-1');
    expect(screen.getByText('A slave id is a whole number from 0 to 249')).toBeTruthy();
    add('2');
    expect(await screen.findByText('Slave id 2 is already in the table', {}, SLOW)).toBeTruthy();
    add('249');
    add('0');
    await waitFor(() => expect(shownIds()).toEqual(['0', '1', '2', '249']));
    fireEvent.click(screen.getByLabelText('Remove slave 1'));
    await waitFor(() => expect(shownIds()).toEqual(['0', '2', '249']));
    expect(sentOf(mock.calls, 'lorawconfig')).toEqual([]);
    fireEvent.click(screen.getByTestId('lora-slaves-write'));
    expect(await screen.findByText(en.slaves.written, {}, SLOW)).toBeTruthy();
    expect(sentOf(mock.calls, 'lorawconfig')).toEqual([{ opr: 'lorawconfig', slaves: [0, 2, 249] }]);
    expect(gateway.slaves).toEqual([0, 2, 249]);
    // Read back as registers, like every read of the table.
    expect(gateway.slaveReads).toBe(2);
    expect(sentOf(mock.calls, 'lorarconfig')).toEqual([]);
    await waitFor(() => expect(shownIds()).toEqual(['0', '2', '249']));
    expect(screen.queryByTestId('lora-slaves-write')).toBeNull();
  });

  it('says when the gateway read back another table', async () => {
    hooks.serve(
      gatewayRoutes(newGateway(), (op) =>
        op.opr === 'lorawconfig'
          ? {
              body: {
                status: 'done',
                response: null,
                result: { infotype: 'CRFConfigWrite', info: { SN: TEAM_HOST.sn, ok: false } },
              },
            }
          : undefined,
      ),
    );
    showRadioTab();
    await waitFor(() => expect(shownIds()).toEqual(['1', '2']), SLOW);
    fireEvent.click(screen.getByTestId('lora-slaves-edit'));
    fireEvent.click(screen.getByLabelText('Remove slave 2'));
    fireEvent.click(screen.getByTestId('lora-slaves-write'));
    expect(await screen.findByText(en.slaves.differs, {}, SLOW)).toBeTruthy();
  });

  it('is cleared after a confirmation, and kept when the user cancels', async () => {
    const gateway = newGateway();
    const mock = hooks.serve(gatewayRoutes(gateway));
    showRadioTab();
    await waitFor(() => expect(shownIds()).toEqual(['1', '2']), SLOW);
    fireEvent.click(buttonNamed(en.slaves.clear));
    const question = en.slaves.clearQuestion.replace('{{name}}', TEAM_HOST.name);
    expect(await screen.findByText(question, {}, SLOW)).toBeTruthy();
    fireEvent.click(buttonNamed('Cancel'));
    await waitFor(() => expect(screen.queryByText(question)).toBeNull(), SLOW);
    expect(sentOf(mock.calls, 'LoraClearSlave')).toEqual([]);

    fireEvent.click(buttonNamed(en.slaves.clear));
    await screen.findByText(question, {}, SLOW);
    fireEvent.click(buttonNamed('Confirm'));
    expect(await screen.findByText(en.slaves.cleared, {}, SLOW)).toBeTruthy();
    expect(sentOf(mock.calls, 'LoraClearSlave')).toEqual([{ opr: 'LoraClearSlave' }]);
    await waitFor(() => expect(shownIds()).toEqual([]));
    expect(screen.getByTestId('lora-slaves').textContent).toContain(en.slaves.empty);
  });

  const failed = (reason: ReadFailure, message: string, exception?: number) =>
    new RegisterReadError(reason, message, exception);
  it.each([
    {
      failure: failed('offline', 'the equipment is offline'),
      said: 'the device is offline or did not answer',
    },
    { failure: failed('timeout', 'no answer'), said: 'the device is offline or did not answer' },
    {
      failure: failed('refused', 'illegal data address', 2),
      said: 'the device refused the read (exception 2)',
    },
    { failure: failed('refused', 'refused'), said: 'the device refused the read' },
    { failure: failed('not_connected', 'not connected'), said: 'the live connection is down' },
    { failure: failed('forbidden', 'no read right'), said: 'you do not have the right to do this' },
    { failure: failed('bad_reply', 'short reply'), said: 'the gateway gave no readable answer' },
    { failure: failed('rate_limited', 'too many requests'), said: 'too many requests' },
  ])('says why it could not be read ($failure.reason: $said)', async ({ failure, said }) => {
    const gateway = newGateway();
    gateway.slaveReadFailure = failure;
    hooks.serve(gatewayRoutes(gateway));
    showRadioTab();
    expect(await screen.findByText(`Could not read the slave table: ${said}`, {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('lora-slaves-count')).toBeNull();
  });
});
