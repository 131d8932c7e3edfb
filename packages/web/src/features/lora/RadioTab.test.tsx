// @vitest-environment jsdom
/**
 * The radio screen of a team host: the radio parameters and the report interval read and shown,
 * written within the protocol's bounds and read back, a read-only user's view, another model, and
 * the screen in zh and tc with the protocol's labels.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { permissionFromLevel } from '../../equipment/rights';
import { sampleType } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import en from '../../locales/en/rules/lora';
import tc from '../../locales/tc/rules/lora';
import zh from '../../locales/zh/rules/lora';
import { useMe } from '../../session/me';
import { errorReply, sampleMe } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { buttonNamed } from '../auth/test-render';
import { SLOW, gatewayRoutes, newGateway, sentOf, sentOperations, showRadioTab } from './test-support';

const hooks = setUpDeviceTests({ after: () => useMe.getState().setMe(null) });

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const fields = en.radio.fields;

/** Draws the tab against a gateway; gives the requests made (the slave table reads: `slaveReads`). */
function open(...args: Parameters<typeof gatewayRoutes>): RecordedRequest[] {
  const mock = hooks.serve(gatewayRoutes(...args));
  showRadioTab();
  return mock.calls;
}

async function radioRead(): Promise<void> {
  await waitFor(() => expect(input(fields.netId).value).toBe('7'), SLOW);
}

describe('the radio parameters', { timeout: 30_000 }, () => {
  it('are read when the tab opens and shown, with the report interval and the slave table', async () => {
    const gateway = newGateway();
    const calls = open(gateway);
    await radioRead();
    expect(input(fields.channel).value).toBe('23');
    expect(input(fields.airRate).value).toBe('2');
    expect(input(fields.power).value).toBe('3');
    // Each field says its bounds, the protocol's.
    for (const range of ['0-65535', '0-255', '0-7', '0-3']) expect(screen.getByText(range)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('lora-timing-select').textContent).toContain('5 min'));
    expect(await screen.findByText('2 slaves', {}, SLOW)).toBeTruthy();
    expect(
      sentOperations(calls)
        .map((op) => op.opr)
        .sort(),
    ).toEqual(['LoRaRTiming', 'LoraRParam']);
    // The slave table is read as registers over the live channel, not with an operation.
    expect(gateway.slaveReads).toBe(1);
  });

  it('are read again at will', async () => {
    const gateway = newGateway();
    const calls = open(gateway);
    await radioRead();
    gateway.radio = { ...gateway.radio, channel: 40 };
    fireEvent.click(screen.getByTestId('lora-radio-read'));
    await waitFor(() => expect(input(fields.channel).value).toBe('40'), SLOW);
    expect(sentOf(calls, 'LoraRParam')).toHaveLength(2);
  });

  it.each([
    [fields.netId, '65536', 'Network id: a whole number from 0 to 65535'],
    [fields.netId, '-1', 'Network id: a whole number from 0 to 65535'],
    [fields.channel, '256', 'Channel: a whole number from 0 to 255'],
    [fields.airRate, '8', 'Air data rate: a whole number from 0 to 7'],
    [fields.power, '4', 'Transmit power: a whole number from 0 to 3'],
    [fields.power, '1.5', 'Transmit power: a whole number from 0 to 3'],
  ])('refuse %s %s and send nothing', async (field, value, said) => {
    const calls = open(newGateway());
    await radioRead();
    fill(field, value);
    fireEvent.click(screen.getByTestId('lora-radio-write'));
    expect(await screen.findByText(said, {}, SLOW)).toBeTruthy();
    await act(async () => undefined);
    expect(sentOf(calls, 'LoraWParam')).toEqual([]);
  });

  it('are written at their bounds, read back and said to be written', async () => {
    const gateway = newGateway();
    const calls = open(gateway);
    await radioRead();
    fill(fields.netId, '65535');
    fill(fields.channel, '0');
    fill(fields.airRate, '7');
    fill(fields.power, '0');
    fireEvent.click(screen.getByTestId('lora-radio-write'));
    expect(await screen.findByText(en.radio.written, {}, SLOW)).toBeTruthy();
    expect(sentOf(calls, 'LoraWParam')).toEqual([
      { opr: 'LoraWParam', netId: 65535, channel: 0, airRate: 7, power: 0 },
    ]);
    // Read back after the write.
    const oprs = sentOperations(calls).map((op) => op.opr);
    expect(oprs.lastIndexOf('LoraRParam')).toBeGreaterThan(oprs.indexOf('LoraWParam'));
    expect(gateway.radio).toEqual({ netId: 65535, channel: 0, airRate: 7, power: 0 });
  });

  it('say which parameters the gateway read back otherwise', async () => {
    let written = false;
    const calls = open(newGateway(), (op) => {
      if (op.opr === 'LoraWParam') written = true;
      if (op.opr === 'LoraRParam' && written) {
        const info = { SN: 'DEMO0004', netId: 7, channel: 23, airRate: 2, power: 3 };
        return { body: { status: 'done', response: null, result: { infotype: 'CRFLoraParam', info } } };
      }
      return undefined;
    });
    await radioRead();
    fill(fields.channel, '24');
    fireEvent.click(screen.getByTestId('lora-radio-write'));
    expect(
      await screen.findByText('The gateway read back other radio parameters than written: Channel', {}, SLOW),
    ).toBeTruthy();
    expect(sentOf(calls, 'LoraWParam')).toHaveLength(1);
    // The editor shows what the gateway holds.
    await waitFor(() => expect(input(fields.channel).value).toBe('23'), SLOW);
  });

  it('say why they could not be read, and cannot be written unread', async () => {
    open(newGateway(), (op) =>
      op.opr === 'LoraRParam' ? errorReply(409, 'offline', 'the equipment is offline') : undefined,
    );
    expect(
      await screen.findByText(
        'Could not read the radio parameters: the device is offline or did not answer',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('lora-radio-write').closest('button')?.disabled).toBe(true);
  });

  it('go with the password of a user who confirms operations with it', async () => {
    const me = sampleMe();
    useMe
      .getState()
      .setMe({ ...me, param: { ...me.param, confirmOperations: true, operationPassword: true } });
    const calls = open(newGateway());
    await radioRead();
    fill(fields.power, '1');
    fireEvent.click(screen.getByTestId('lora-radio-write'));
    fireEvent.change(await screen.findByLabelText('Your password', {}, SLOW), {
      target: { value: 'secret123' },
    });
    fireEvent.click(buttonNamed('Confirm'));
    expect(await screen.findByText(en.radio.written, {}, SLOW)).toBeTruthy();
    const write = calls.find((c) => (c.body as { opr?: string } | undefined)?.opr === 'LoraWParam');
    expect(write?.body).toEqual({
      opr: 'LoraWParam',
      netId: 7,
      channel: 23,
      airRate: 2,
      power: 1,
      password: 'secret123',
    });
  });
});

describe('the report interval', { timeout: 30_000 }, () => {
  it('is chosen among the rates of the protocol, written and read back', async () => {
    const gateway = newGateway();
    const calls = open(gateway);
    const select = screen.getByTestId('lora-timing-select');
    await waitFor(() => expect(select.textContent).toContain('5 min'), SLOW);
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    await screen.findAllByRole('option', {}, SLOW);
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    expect(titles).toEqual(['1 min', '5 min', '10 min', '30 min', '1 h', '3 h', '5 h']);
    fireEvent.click(
      [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === '3 h',
      )!,
    );
    fireEvent.click(screen.getByTestId('lora-timing-write'));
    expect(await screen.findByText('Report interval set to 3 h', {}, SLOW)).toBeTruthy();
    expect(sentOf(calls, 'LoRaWTiming')).toEqual([{ opr: 'LoRaWTiming', interval: 10800 }]);
    expect(sentOf(calls, 'LoRaRTiming')).toHaveLength(2);
    expect(gateway.interval).toBe(10800);
  });
});

describe('a user without the edit right', { timeout: 30_000 }, () => {
  it('reads and sees the radio settings and changes nothing', async () => {
    const gateway = newGateway();
    const mock = hooks.serve(gatewayRoutes(gateway));
    showRadioTab({ permission: permissionFromLevel(1) });
    const values = await screen.findByTestId('lora-radio-values', {}, SLOW);
    const item = (label: string) =>
      within(values).getByText(label).closest('.ant-descriptions-item')?.textContent;
    await waitFor(() => expect(item(fields.netId)).toBe(`${fields.netId}7`), SLOW);
    expect(item(fields.channel)).toBe(`${fields.channel}23`);
    expect(item(fields.power)).toBe(`${fields.power}3`);
    expect(screen.getByText(en.readOnly)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('lora-timing-value').textContent).toBe('5 min'), SLOW);
    expect(await screen.findByText('2 slaves', {}, SLOW)).toBeTruthy();
    // No field, no write, no edit of the table, no auto-configuration.
    expect(screen.queryByLabelText(fields.netId)).toBeNull();
    expect(screen.queryByTestId('lora-radio-write')).toBeNull();
    expect(screen.queryByTestId('lora-timing-write')).toBeNull();
    expect(screen.queryByTestId('lora-slaves-edit')).toBeNull();
    expect(screen.queryByText(en.slaves.clear)).toBeNull();
    expect(screen.queryByText(en.auto.title)).toBeNull();
    // It reads again at will.
    fireEvent.click(screen.getByTestId('lora-radio-read'));
    await waitFor(() => expect(sentOf(mock.calls, 'LoraRParam')).toHaveLength(2), SLOW);
    expect(sentOperations(mock.calls).every((op) => ['LoraRParam', 'LoRaRTiming'].includes(op.opr))).toBe(
      true,
    );
    expect(gateway.slaveReads).toBeGreaterThanOrEqual(1);
  });
});

describe('another model', { timeout: 30_000 }, () => {
  it('is said to have no radio, and nothing is sent', async () => {
    const gateway = newGateway();
    const mock = hooks.serve(gatewayRoutes(gateway));
    showRadioTab({ type: { ...sampleType('FL-JYTeam001'), hostRole: 'modbus' } });
    expect(await screen.findByText(en.notTeam, {}, SLOW)).toBeTruthy();
    await act(async () => undefined);
    expect(sentOperations(mock.calls)).toEqual([]);
    expect(gateway.slaveReads).toBe(0);
  });
});

describe.each([
  ['zh', zh, '5分钟', '开始自动配置', '保持从机唤醒'],
  ['tc', tc, '5分鐘', '開始自動配置', '保持從機喚醒'],
] as const)('in %s', (lang, words, rate, start, keepAwake) => {
  it("speaks the console's words and the protocol's labels", { timeout: 30_000 }, async () => {
    open(newGateway());
    act(() => setLanguage(lang));
    expect(await screen.findByText(words.radio.title, {}, SLOW)).toBeTruthy();
    await waitFor(
      () => expect((screen.getByLabelText(words.radio.fields.netId) as HTMLInputElement).value).toBe('7'),
      SLOW,
    );
    await waitFor(() => expect(screen.getByTestId('lora-timing-select').textContent).toContain(rate), SLOW);
    expect(screen.getByText(words.slaves.title)).toBeTruthy();
    expect(buttonNamed(start)).toBeTruthy();
    expect(buttonNamed(keepAwake)).toBeTruthy();
    expect(screen.getByText(words.auto.delay)).toBeTruthy();
  });
});
