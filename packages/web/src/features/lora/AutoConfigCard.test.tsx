// @vitest-environment jsdom
/**
 * The auto-configuration commands of the radio screen: the gateway's search (LoraAutoCfg 2, 33, 34,
 * 49) and the team control (loraautocfg 17, 18, 19 with its delay, 20), each with the protocol's
 * label and its outcome said.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import en from '../../locales/en/rules/lora';
import { errorReply } from '../../session/test-support';
import { buttonNamed } from '../auth/test-render';
import { SLOW, TEAM_HOST, gatewayRoutes, newGateway, sentOf, showRadioTab } from './test-support';

const hooks = setUpDeviceTests();

const outcome = (name: keyof typeof en.auto.outcome, command: string, seconds = 0) =>
  en.auto.outcome[name].replace('{{command}}', command).replace('{{seconds}}', String(seconds));

function open(...args: Parameters<typeof gatewayRoutes>) {
  const mock = hooks.serve(gatewayRoutes(...args));
  showRadioTab();
  return mock.calls;
}

const delayField = () => screen.getByLabelText(en.auto.delay) as HTMLInputElement;

describe('auto-configuration', { timeout: 30_000 }, () => {
  it.each([
    [2, 'Start auto-configuration', 'start'],
    [33, 'Stop auto-configuration', 'stop'],
  ] as const)('sends LoraAutoCfg code %i (%s) and says so', async (code, label, name) => {
    const calls = open(newGateway());
    fireEvent.click(buttonNamed(label));
    expect(await screen.findByText(outcome(name, label), {}, SLOW)).toBeTruthy();
    expect(sentOf(calls, 'LoraAutoCfg')).toEqual([{ opr: 'LoraAutoCfg', code }]);
  });

  it('saves the slaves found (34) and reads the slave table again', async () => {
    const gateway = newGateway();
    const calls = open(gateway);
    expect(await screen.findByText('2 slaves', {}, SLOW)).toBeTruthy();
    fireEvent.click(buttonNamed('Save the slaves found'));
    expect(await screen.findByText(outcome('save', 'Save the slaves found'), {}, SLOW)).toBeTruthy();
    expect(sentOf(calls, 'LoraAutoCfg')).toEqual([{ opr: 'LoraAutoCfg', code: 34 }]);
    expect(await screen.findByText('3 slaves', {}, SLOW)).toBeTruthy();
    expect(gateway.slaveReads).toBeGreaterThanOrEqual(2);
  });

  it('restores the radio defaults (49) after a confirmation and reads the radio again', async () => {
    const calls = open(newGateway());
    const netId = () => (screen.getByLabelText(en.radio.fields.netId) as HTMLInputElement).value;
    await waitFor(() => expect(netId()).toBe('7'), SLOW);
    fireEvent.click(buttonNamed('Restore radio defaults'));
    const question = en.auto.resetQuestion
      .replace('{{command}}', 'Restore radio defaults')
      .replace('{{name}}', TEAM_HOST.name);
    expect(await screen.findByText(question, {}, SLOW)).toBeTruthy();
    fireEvent.click(buttonNamed('Confirm'));
    expect(await screen.findByText(outcome('resetRadio', 'Restore radio defaults'), {}, SLOW)).toBeTruthy();
    expect(sentOf(calls, 'LoraAutoCfg')).toEqual([{ opr: 'LoraAutoCfg', code: 49 }]);
    await waitFor(() => expect(netId()).toBe('1'), SLOW);
    expect(sentOf(calls, 'LoraRParam')).toHaveLength(2);
  });

  it.each([
    [17, 'Auto-configure', 'autoConfig'],
    [18, 'Cancel auto-configuration', 'cancel'],
    [20, 'Allow slaves to sleep', 'sleepEnable'],
  ] as const)('sends loraautocfg %i (%s) without a delay', async (loracode, label, name) => {
    const calls = open(newGateway());
    fireEvent.click(buttonNamed(label));
    expect(await screen.findByText(outcome(name, label), {}, SLOW)).toBeTruthy();
    expect(sentOf(calls, 'loraautocfg')).toEqual([{ opr: 'loraautocfg', loracode }]);
  });

  it('keeps the slaves awake for 12000 ms unless told otherwise', async () => {
    const calls = open(newGateway());
    expect(delayField().value).toBe('12000');
    fireEvent.click(buttonNamed('Keep slaves awake'));
    expect(await screen.findByText(outcome('keepAwake', 'Keep slaves awake', 12), {}, SLOW)).toBeTruthy();
    expect(sentOf(calls, 'loraautocfg')).toEqual([{ opr: 'loraautocfg', loracode: 19, delay: 12000 }]);
  });

  it('keeps the delay within 1000-600000 ms', async () => {
    const calls = open(newGateway());
    const keepAwake = () => buttonNamed('Keep slaves awake');
    const range = 'The keep-awake time is a whole number of milliseconds from 1000 to 600000';
    for (const value of ['999', '600001', '1500.5']) {
      fireEvent.change(delayField(), { target: { value } });
      expect(await screen.findByText(range, {}, SLOW)).toBeTruthy();
      expect(keepAwake().disabled).toBe(true);
    }
    fireEvent.change(delayField(), { target: { value: '600000' } });
    await waitFor(() => expect(screen.queryByText(range)).toBeNull());
    fireEvent.click(keepAwake());
    expect(await screen.findByText(outcome('keepAwake', 'Keep slaves awake', 600), {}, SLOW)).toBeTruthy();
    fireEvent.change(delayField(), { target: { value: '1000' } });
    await act(async () => undefined);
    fireEvent.click(keepAwake());
    await waitFor(() => expect(sentOf(calls, 'loraautocfg')).toHaveLength(2), SLOW);
    expect(sentOf(calls, 'loraautocfg')).toEqual([
      { opr: 'loraautocfg', loracode: 19, delay: 600000 },
      { opr: 'loraautocfg', loracode: 19, delay: 1000 },
    ]);
  });

  it('says when the gateway is offline, naming the command', async () => {
    open(newGateway(), (op) =>
      op.opr === 'loraautocfg' ? errorReply(409, 'offline', 'the equipment is offline') : undefined,
    );
    fireEvent.click(buttonNamed('Auto-configure'));
    expect(
      await screen.findByText('Auto-configure: the device is offline or did not answer', {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByText(outcome('autoConfig', 'Auto-configure'))).toBeNull();
  });
});
