// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import {
  deviceEntry,
  loadTreeStore,
  sampleRecord,
  sampleType,
  treeReply,
} from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import en from '../../locales/en/equipment';
import zh from '../../locales/zh/equipment';
import { errorReply, mockFetch } from '../../session/test-support';
import type { RecordedRequest, Reply, Routes } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import { clickButton, renderPage } from '../auth/test-render';
import AddEquipmentPage from './AddEquipmentPage';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
const SLOW = { timeout: 8000 };
const TYPES = { items: [sampleType('FL-R8'), sampleType('FL-A4', { do: 0, di: 0, ai: 4, ao: 0 })], total: 2 };
const CREATED = {
  ...sampleRecord({ id: 42, unid: 'E2E1234', sn: 'E2E1234', name: 'Well' }),
  hasLinkSecret: true,
  openLink: false,
  modbusTcp: null,
  linkSecret: 's3cret-Link',
};

function routes(post: Reply | ((request: RecordedRequest) => Reply)): Routes {
  return {
    'GET /equipment-types': { body: TYPES },
    'GET /equipment/tree': { body: treeReply([], []) },
    'POST /equipment': post,
  };
}

const show = () => renderPage(<AddEquipmentPage />, { path: '/addEquips', route: '/addEquips' });

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Opens the model list and picks the entry showing `text`. */
async function chooseModel(text: RegExp, label = zh.add.fields.type) {
  const select = screen.getByLabelText(label).closest('.ant-select');
  fireEvent.mouseDown(select!.querySelector('.ant-select-selector') ?? select!);
  const option = await screen.findByTitle(text, {}, SLOW);
  fireEvent.click(option);
}

async function fillGood(serial = 'e2e1234', lang = zh) {
  fill(lang.add.fields.serial, serial);
  await chooseModel(/FL-R8/);
  fill(lang.add.fields.name, 'Well');
}

const submit = (label = /^添\s*加$/) => clickButton(label);

describe('adding equipment (/addEquips)', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  beforeAll(installDomStubs);
  beforeEach(() => {
    setLanguage('zh');
    loadTreeStore([deviceEntry(1, 'Pump', 'Field A')], {});
  });
  afterEach(() => {
    restore();
    cleanup();
    resetEquipment();
  });

  it('asks for the serial, the model and the name (§5) and sends nothing', async () => {
    const mock = mockFetch(routes({ status: 500 }));
    restore = mock.restore;
    show();
    submit();
    expect(await screen.findByText(zh.add.validation.serialRequired, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.add.validation.typeRequired, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.add.validation.nameRequired, {}, SLOW)).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it.each([
    ['3 characters', 'ABC'],
    ['33 characters', 'A'.repeat(33)],
    ['a character outside letters, digits, - and .', 'AB_C'],
  ])('refuses a serial of %s', async (_, serial) => {
    const mock = mockFetch(routes({ status: 500 }));
    restore = mock.restore;
    show();
    await fillGood(serial);
    submit();
    expect(await screen.findByText(zh.add.validation.serialFormat, {}, SLOW)).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it.each([
    ['4 characters', 'ab-4', 'Well'],
    ['32 characters', 'A.'.repeat(16), 'Well'],
    ['4 characters and a name of 64 (the bound)', 'SN-4', 'n'.repeat(64)],
  ])('accepts a serial of %s', async (_, serial, name) => {
    const mock = mockFetch(routes({ status: 201, body: CREATED }));
    restore = mock.restore;
    show();
    await fillGood(serial);
    fill(zh.add.fields.name, name);
    fill(zh.add.fields.group, 'Field A');
    submit();
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST')).toBe(true), SLOW);
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({
      sn: serial,
      type: 'FL-R8',
      name,
      group: 'Field A',
    });
  });

  it('refuses a name one past the server bound of 64', async () => {
    const mock = mockFetch(routes({ status: 500 }));
    restore = mock.restore;
    show();
    await fillGood();
    fill(zh.add.fields.name, 'n'.repeat(65));
    submit();
    expect(await screen.findByText(zh.add.validation.nameTooLong, {}, SLOW)).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the chosen model's channel counts", async () => {
    restore = mockFetch(routes({ status: 500 })).restore;
    show();
    await chooseModel(/FL-A4/);
    expect(await screen.findByText('DO 0 · DI 0 · AI 4 · AO 0', {}, SLOW)).toBeTruthy();
  });

  it('shows a serial already registered (409) on the serial field', async () => {
    restore = mockFetch(
      routes(
        errorReply(
          409,
          'conflict',
          'equipment E2E1234 is already registered; ask its owner for a share code',
        ),
      ),
    ).restore;
    show();
    await fillGood();
    submit();
    expect(await screen.findByText(zh.add.errors.duplicate, {}, SLOW)).toBeTruthy();
    const item = screen.getByText(zh.add.errors.duplicate).closest('.ant-form-item');
    expect(item?.textContent).toContain(zh.add.fields.serial);
  });

  it("shows 'product model error' on the model field", async () => {
    restore = mockFetch(routes(errorReply(400, 'bad_request', 'product model error'))).restore;
    show();
    await fillGood();
    submit();
    expect(await screen.findByText(zh.add.errors.productModel, {}, SLOW)).toBeTruthy();
    const item = screen.getByText(zh.add.errors.productModel).closest('.ant-form-item');
    expect(item?.textContent).toContain(zh.add.fields.type);
  });

  it('shows any other failure as an alert with the server words', async () => {
    restore = mockFetch(routes(errorReply(500, 'internal', 'database down'))).restore;
    show();
    await fillGood();
    submit();
    expect(
      await screen.findByText(zh.add.errors.failed.replace('{{message}}', 'database down'), {}, SLOW),
    ).toBeTruthy();
  });

  it('after adding, shows the DTU settings with the registration packet SERIAL:secret (en)', async () => {
    setLanguage('en');
    const mock = mockFetch(routes({ status: 201, body: CREATED }));
    restore = mock.restore;
    show();
    fill(en.add.fields.serial, 'e2e1234');
    await chooseModel(/FL-R8/, en.add.fields.type);
    fill(en.add.fields.name, 'Well');
    clickButton(/^Add$/);
    expect(await screen.findByTestId('dtu-panel', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('dtu-packet').textContent).toBe('E2E1234:s3cret-Link');
    expect(screen.getByTestId('dtu-port').textContent).toBe('8899');
    expect(screen.getByTestId('dtu-host').textContent).toBe(location.hostname);
    expect(screen.getByText(en.add.done.secretNote)).toBeTruthy();
    // The tree is read anew, so the device is in it back in monitoring.
    await waitFor(() => expect(mock.calls.some((c) => c.path === '/equipment/tree')).toBe(true), SLOW);
    clickButton(en.add.done.show);
    expect((await screen.findByTestId('where')).textContent).toBe('/Equips?id=42');
  });

  it('after adding, shows the DTU settings in Chinese', async () => {
    restore = mockFetch(routes({ status: 201, body: CREATED })).restore;
    show();
    await fillGood();
    submit();
    expect(await screen.findByText(zh.add.done.title.replace('{{name}}', 'Well'), {}, SLOW)).toBeTruthy();
    expect(screen.getByText(zh.add.done.packet)).toBeTruthy();
    expect(screen.getByTestId('dtu-packet').textContent).toBe('E2E1234:s3cret-Link');
  });
});
