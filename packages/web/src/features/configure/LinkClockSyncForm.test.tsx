// @vitest-environment jsdom
/**
 * The clock sync card of the Link tab: what is in force and why (the model's setting or the
 * device's own), the choice of on, off or the model's, saved with PATCH clockSync, the server's
 * refusal shown, and who sees it (owner and administrators, never for a sub-device).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment } from '../../api/equipment';
import { putRecord } from '../../equipment/loading';
import { permissionFromLevel } from '../../equipment/rights';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleType } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { errorReply, sampleMe } from '../../session/test-support';
import type { RecordedRequest, Reply, Routes } from '../../session/test-support';
import LinkClockSyncForm, { choiceOf } from './LinkClockSyncForm';
import LinkTab from './LinkTab';
import { renderDeviceTab } from './test-support';
import { hasUnsavedChanges } from './unsaved';

const SLOW = { timeout: 8000 };
const SAVE = 'Save clock setting';

const record = (overrides: Partial<Equipment> = {}) =>
  sampleRecord({ id: 5, unid: 'AB12CD34', sn: 'AB12CD34', ...overrides });

/** The Link tab of `r`; `clock`: the model's setting (the sample FL-R8 has the maker's clock). */
function show(r: Equipment = record(), { clock = true, rights = r.permission } = {}) {
  renderDeviceTab(LinkTab, r, { type: { ...sampleType(), clock }, rights });
}

const hooks = setUpDeviceTests({ after: () => useMe.getState().setMe(null) });
function serve(routes: Routes = {}) {
  return hooks.serve({
    'GET /equipment/5/link-secret': {
      body: { linkSecret: 'k3Q9xTzV0aLm2Bf7HcR1', hasLinkSecret: true, openLink: false },
    },
    ...routes,
  });
}

const form = () => screen.getByTestId('clock-sync-form');
const card = () => form().closest('.ant-card') as HTMLElement;
const current = () => screen.getByTestId('clock-sync-current').textContent;
// Found in the card by their text (getByRole over the whole tab is slow in jsdom).
const options = () => [...form().querySelectorAll<HTMLLabelElement>('label.ant-radio-button-wrapper')];
const radio = (name: string) => {
  const label = options().find((l) => l.textContent === name);
  if (!label) throw new Error(`no choice ${name}`);
  return label.querySelector('input') as HTMLInputElement;
};
const checked = () =>
  options()
    .filter((l) => l.querySelector('input')?.checked)
    .map((l) => l.textContent);
const saveButton = () =>
  [...form().querySelectorAll('button')].find((b) => b.textContent === SAVE) as HTMLButtonElement;
const errors = () => [...card().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const patches = (calls: readonly RecordedRequest[]) =>
  calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
/** A PATCH that replies with the record as changed. */
const echo = (request: RecordedRequest): Reply => {
  const { clockSync } = request.body as { clockSync: boolean | null };
  return { body: record({ clockSync }) };
};

/** Picks `choice`, waits for Save to be offered, saves and waits for `notice`. */
async function chooseAndSave(choice: string, notice: string) {
  fireEvent.click(radio(choice));
  await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
  fireEvent.click(saveButton());
  await screen.findByText(notice, {}, SLOW);
}

beforeEach(() => useMe.getState().setMe(sampleMe({ authority: 4 })));

describe('link tab: the device clock', { timeout: 60_000 }, () => {
  it('follows the model by default, and says what it does and why', () => {
    serve();
    show();
    expect(current()).toBe('Now: the server sets its clock (as the model says: on)');
    expect(checked()).toEqual(['As the model (on)']);
    expect(saveButton().disabled).toBe(true);
    const help = screen.getByText(/registers 1100-1106/).textContent;
    expect(help).toContain('On a third-party board those registers may hold its settings');
    expect(help).toContain('keep the clock write off there');
  });

  it('names the model’s setting when the model has no clock of the maker', () => {
    serve();
    show(record(), { clock: false });
    expect(current()).toBe('Now: the server does not write its clock (as the model says: off)');
    expect(checked()).toEqual(['As the model (off)']);
  });

  it('says when it is set for this device, on or off', () => {
    serve();
    show(record({ clockSync: false }));
    expect(current()).toBe('Now: the server does not write its clock (set for this device)');
    expect(checked()).toEqual(['Off']);
    putRecord(record({ clockSync: true }));
    return waitFor(() => {
      expect(current()).toBe('Now: the server sets its clock (set for this device)');
      expect(checked()).toEqual(['On']);
    }, SLOW);
  });

  it('switches it off for this device with PATCH clockSync false', async () => {
    const mock = serve({ 'PATCH /equipment/5': echo });
    show();
    expect(hasUnsavedChanges()).toBe(false);
    await chooseAndSave('Off', 'Clock setting saved');
    expect(patches(mock.calls)).toEqual([{ clockSync: false }]);
    expect(current()).toBe('Now: the server does not write its clock (set for this device)');
    expect(checked()).toEqual(['Off']);
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false), SLOW);
    expect(saveButton().disabled).toBe(true);
  });

  it('switches it on for a model without the clock, with PATCH clockSync true', async () => {
    const mock = serve({ 'PATCH /equipment/5': echo });
    show(record(), { clock: false });
    await chooseAndSave('On', 'Clock setting saved');
    expect(patches(mock.calls)).toEqual([{ clockSync: true }]);
    expect(current()).toBe('Now: the server sets its clock (set for this device)');
  });

  it('goes back to the model’s setting with null', async () => {
    const mock = serve({ 'PATCH /equipment/5': echo });
    show(record({ clockSync: false }));
    await chooseAndSave('As the model (on)', 'The clock follows the model’s setting again');
    expect(patches(mock.calls)).toEqual([{ clockSync: null }]);
    expect(current()).toBe('Now: the server sets its clock (as the model says: on)');
    expect(checked()).toEqual(['As the model (on)']);
  });

  it('is clean again when the choice goes back to what is saved', async () => {
    serve();
    show(record({ clockSync: true }));
    fireEvent.click(radio('Off'));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);
    fireEvent.click(radio('On'));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false), SLOW);
    expect(saveButton().disabled).toBe(true);
  });

  it('puts the server’s refusal on the choice, and any other failure above', async () => {
    let reply: Reply = errorReply(400, 'bad_request', 'body.clockSync: Invalid input: expected boolean');
    const mock = serve({ 'PATCH /equipment/5': () => reply });
    show();
    fireEvent.click(radio('Off'));
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    fireEvent.click(saveButton());
    await waitFor(() => expect(errors()).toEqual(['Invalid input: expected boolean']), SLOW);
    expect(checked()).toEqual(['Off']);
    expect(screen.queryByTestId('clock-sync-failure')).toBeNull();

    reply = errorReply(403, 'forbidden', 'only its owner and administrators change its link');
    fireEvent.click(saveButton());
    const failure = await screen.findByTestId('clock-sync-failure', {}, SLOW);
    expect(failure.textContent).toBe('Not saved: only its owner and administrators change its link');
    expect(patches(mock.calls)).toEqual([{ clockSync: false }, { clockSync: false }]);
    expect(current()).toBe('Now: the server sets its clock (as the model says: on)');
  });

  it('keeps an unsaved choice when the record changes elsewhere', async () => {
    serve();
    show();
    fireEvent.click(radio('Off'));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);
    putRecord(record({ clockSync: true }));
    await waitFor(() => expect(current()).toBe('Now: the server sets its clock (set for this device)'), SLOW);
    expect(checked()).toEqual(['Off']);
  });

  it('speaks the user’s language', () => {
    setLanguage('zh');
    serve();
    show(record({ clockSync: false }));
    expect(current()).toBe('当前：服务器不写其时钟（为此设备设置）');
    expect(radio('按型号（开）')).toBeTruthy();
    setLanguage('tc');
    return waitFor(() => expect(current()).toBe('目前：伺服器不寫其時鐘（為此設備設定）'), SLOW);
  });

  it('maps the record’s value to the choice', () => {
    expect([choiceOf(null), choiceOf(true), choiceOf(false)]).toEqual(['model', 'on', 'off']);
  });
});

describe('link tab: who sees the clock card', { timeout: 30_000 }, () => {
  it('is not there for a grantee, whatever their level', () => {
    serve();
    show(record(), { rights: { ...permissionFromLevel(4), owner: false } });
    expect(screen.queryByTestId('clock-sync-form')).toBeNull();
  });

  it('is not there for a sub-device, even drawn on its own', () => {
    serve();
    const sub = record({ parentId: 1, sn: null, unid: 'AB12CD34_3' });
    show(sub);
    expect(screen.queryByTestId('clock-sync-form')).toBeNull();
    const { container } = render(<LinkClockSyncForm record={sub} />);
    expect(container.childNodes).toHaveLength(0);
  });

  it('is there for an administrator who does not own the device', () => {
    serve();
    useMe.getState().setMe(sampleMe({ authority: 1000 }));
    show(record(), { rights: { ...permissionFromLevel(4), owner: false } });
    expect(screen.getByTestId('clock-sync-form')).toBeTruthy();
    expect(current()).toBe('Now: the server sets its clock (as the model says: on)');
  });
});
