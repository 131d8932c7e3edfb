// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Equipment, EquipmentType, Permission } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import en from '../../locales/en/equipment';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { buttonNamed } from '../auth/test-render';
import { renderWithApp } from '../monitoring/test-render';
import SubDevicesTab from './SubDevicesTab';

const SLOW = { timeout: 8000 };
const v = en.subDevices.validation;
const fields = en.subDevices.add.fields;

const type = (name: string, more: Partial<EquipmentType> = {}, counts = { do: 4, di: 4, ai: 0, ao: 0 }) => ({
  ...sampleType(name, counts),
  names: { en: `${name} model`, zh: name, tc: name },
  ...more,
});

const TYPES: Record<string, EquipmentType> = {
  'FL-R8': type('FL-R8'),
  'FL-JYTeam001': type('FL-JYTeam001', { hostRole: 'team', isTeam: true }),
  'FL-DLGW': type('FL-DLGW', { hostRole: 'dl645' }),
  'FL-LR4': type('FL-LR4', { attachesTo: 'team' }),
  'FL-LAI4': type('FL-LAI4', { attachesTo: 'team' }, { do: 0, di: 0, ai: 4, ao: 0 }),
  'FL-MBMETER': type('FL-MBMETER', { attachesTo: 'modbus' }),
  'FL-DL645METER': type('FL-DL645METER', { attachesTo: 'dl645' }),
};

const TEAM_HOST = sampleRecord({
  id: 10,
  unid: 'TEAM1',
  sn: 'TEAM1',
  type: 'FL-JYTeam001',
  name: 'Team host',
});
const METER_GW = sampleRecord({ id: 20, unid: 'DLGW1', sn: 'DLGW1', type: 'FL-DLGW', name: 'Meter gateway' });

const sub = (id: number, host: Equipment, address: string, name: string, more: Partial<Equipment> = {}) =>
  sampleRecord({
    id,
    unid: `${host.unid}_${address}`,
    sn: null,
    type: host.type === 'FL-DLGW' ? 'FL-DL645METER' : 'FL-LR4',
    parentId: host.id,
    address,
    name,
    counts: { do: 4, di: 4, ai: 0, ao: 0 },
    ...more,
  });

const SLAVES = [sub(11, TEAM_HOST, '1', 'Slave one'), sub(12, TEAM_HOST, '2', 'Slave two')];
const METERS = [sub(21, METER_GW, '000000000001', 'Meter one')];

const hooks = setUpDeviceTests();
let calls: RecordedRequest[] = [];

function show(
  host: Equipment,
  items: Equipment[],
  post: Reply | ((r: RecordedRequest) => Reply),
  permission?: Permission,
) {
  // The user's rights are the record's.
  const held = { ...host, permission: permission ?? host.permission };
  seedEquipment({ types: TYPES, records: [held] });
  const mock = hooks.serve({
    [`GET /equipment/${host.id}/sub-devices`]: { body: { items, total: items.length } },
    [`POST /equipment/${host.id}/sub-devices`]: post,
    'DELETE /equipment/11': { status: 204 },
    'PATCH /equipment/12': (r) => ({ body: { ...SLAVES[1], ...(r.body as object) } }),
  });
  calls = mock.calls;
  renderWithApp(<SubDevicesTab record={held} />);
}

const posts = () => calls.filter((c) => c.method === 'POST');
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(buttonNamed(en.subDevices.add.submit));

/** Opens the model list; gives the titles of the options shown. */
async function openModels(): Promise<string[]> {
  const select = screen.getByLabelText(fields.type).closest('.ant-select');
  fireEvent.mouseDown(select!.querySelector('.ant-select-selector') ?? select!);
  await screen.findAllByRole('option', {}, SLOW);
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? '');
}

async function chooseModel(text: RegExp) {
  await openModels();
  const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
    text.test(o.getAttribute('title') ?? ''),
  );
  fireEvent.click(option!);
}

describe('the sub-devices tab', { timeout: 30_000 }, () => {
  it("lists the host's sub-devices with address, model and state", async () => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    const table = await screen.findByText('Slave one', {}, SLOW);
    const row = table.closest('tr') as HTMLElement;
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(row).getByText('FL-LR4 model (FL-LR4)')).toBeTruthy();
    expect(within(row).getByText('Online')).toBeTruthy();
    expect(screen.getByText('2 sub-devices')).toBeTruthy();
  });

  it('offers only the models that hang under this kind of host, with their channel counts', async () => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    await screen.findByText('Slave one', {}, SLOW);
    expect(await openModels()).toEqual([
      'FL-LR4 model (FL-LR4) · DO 4 · DI 4 · AI 0 · AO 0',
      'FL-LAI4 model (FL-LAI4) · DO 0 · DI 0 · AI 4 · AO 0',
    ]);
  });

  it('suggests the first free slave id', async () => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    await screen.findByText('Slave one', {}, SLOW);
    await waitFor(() => expect((screen.getByLabelText(fields.slaveId) as HTMLInputElement).value).toBe('3'));
  });

  it.each([
    ['-1', v.slaveRange],
    ['250', v.slaveRange],
    ['2', 'Slave id 2 is already used under this host'],
  ])('refuses slave id %s and sends nothing', async (address, message) => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    await screen.findByText('Slave one', {}, SLOW);
    await chooseModel(/FL-LR4\)/);
    fill(fields.name, 'New slave');
    fill(fields.slaveId, address);
    submit();
    expect(await screen.findByText(message, {}, SLOW)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it.each([
    ['0', 0],
    ['249', 249],
  ])('adds a slave at id %s and the tree is read again', async (address, sent) => {
    show(TEAM_HOST, SLAVES, (r) => ({
      status: 201,
      body: sub(13, TEAM_HOST, address, (r.body as { name: string }).name),
    }));
    await screen.findByText('Slave one', {}, SLOW);
    await chooseModel(/FL-LR4\)/);
    fill(fields.name, 'New slave');
    fill(fields.slaveId, address);
    submit();
    await waitFor(() => expect(posts().length).toBe(1), SLOW);
    expect(posts()[0]?.body).toEqual({ address: sent, type: 'FL-LR4', name: 'New slave' });
    expect(await screen.findByText('Sub-device New slave added', {}, SLOW)).toBeTruthy();
    // The list and the tree are read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/equipment/10/sub-devices').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/equipment/tree')).toBe(true));
  });

  it('asks for a name of at most 64 characters', async () => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    await screen.findByText('Slave one', {}, SLOW);
    await chooseModel(/FL-LR4\)/);
    fill(fields.name, 'n'.repeat(65));
    submit();
    expect(await screen.findByText(v.nameTooLong, {}, SLOW)).toBeTruthy();
    fill(fields.name, '');
    submit();
    expect(await screen.findByText(v.nameRequired, {}, SLOW)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it.each([
    ['11 digits', '12345678901', v.meterFormat],
    ['13 digits', '1234567890123', v.meterFormat],
    ['an address in use', '000000000001', 'Address 000000000001 is already used under this host'],
  ])('refuses a DL645 meter address of %s', async (_, address, message) => {
    show(METER_GW, METERS, { status: 500 });
    await screen.findByText('Meter one', {}, SLOW);
    fill(fields.name, 'Meter two');
    fill(fields.meterAddress, address);
    submit();
    expect(await screen.findByText(message, {}, SLOW)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('adds a DL645 meter at a 12-digit address, its only model chosen', async () => {
    show(METER_GW, METERS, (r) => ({
      status: 201,
      body: sub(22, METER_GW, '123456789012', (r.body as { name: string }).name),
    }));
    await screen.findByText('Meter one', {}, SLOW);
    fill(fields.name, 'Meter two');
    fill(fields.meterAddress, '123456789012');
    submit();
    await waitFor(() => expect(posts().length).toBe(1), SLOW);
    expect(posts()[0]?.body).toEqual({ address: '123456789012', type: 'FL-DL645METER', name: 'Meter two' });
  });

  it.each([
    [
      409,
      'conflict',
      'slave id 3 is already used under this host',
      fields.slaveId,
      en.subDevices.errors.addressUsed,
    ],
    [
      400,
      'bad_request',
      'product model error: a FL-LR4 cannot be added under a FL-X',
      fields.type,
      en.subDevices.errors.productModel,
    ],
    [400, 'bad_request', 'a slave id is a whole number from 0 to 249', fields.slaveId, v.slaveRange],
  ])('shows the server refusing with %i (%s) on its field', async (status, code, message, field, shown) => {
    show(TEAM_HOST, SLAVES, errorReply(status, code, message));
    await screen.findByText('Slave one', {}, SLOW);
    await chooseModel(/FL-LR4\)/);
    fill(fields.name, 'New slave');
    submit();
    const error = await screen.findByText(shown, {}, SLOW);
    const item = error.closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText(field)).toBeTruthy();
  });

  it('says when a share of the host does not reach its sub-devices (403)', async () => {
    show(
      TEAM_HOST,
      SLAVES,
      errorReply(403, 'forbidden', 'your share of this host does not include its sub-devices'),
      permissionFromLevel(3),
    );
    await screen.findByText('Slave one', {}, SLOW);
    await chooseModel(/FL-LR4\)/);
    fill(fields.name, 'New slave');
    submit();
    expect(await screen.findByText(en.subDevices.errors.forbidden, {}, SLOW)).toBeTruthy();
  });

  it('without the edit right on the host: the list, no form, no edit or remove', async () => {
    const reader = permissionFromLevel(1);
    const readOnly = SLAVES.map((s) => ({ ...s, permission: reader }));
    show(TEAM_HOST, readOnly, { status: 500 }, reader);
    await screen.findByText('Slave one', {}, SLOW);
    expect(screen.getByText('No configuration permission currently')).toBeTruthy();
    expect(screen.queryByLabelText(fields.name)).toBeNull();
    expect(screen.queryByText(en.subDevices.edit)).toBeNull();
    expect(screen.queryByText(en.subDevices.remove)).toBeNull();
    expect(screen.getAllByText(en.subDevices.configure).length).toBe(2);
  });

  it('opens a sub-device with all its tabs (selected in the tree)', async () => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    const name = await screen.findByText('Slave two', {}, SLOW);
    fireEvent.click(within(name.closest('tr') as HTMLElement).getByText(en.subDevices.configure));
    expect(useEquipmentStore.getState().selectedId).toBe(12);
  });

  it('renames a sub-device', async () => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    const name = await screen.findByText('Slave two', {}, SLOW);
    fireEvent.click(within(name.closest('tr') as HTMLElement).getByText(en.subDevices.edit));
    const input = await screen.findByDisplayValue('Slave two', {}, SLOW);
    fireEvent.change(input, { target: { value: 'Valve slave' } });
    fireEvent.click(buttonNamed(en.subDevices.editor.save));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), SLOW);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Valve slave', description: '' });
    expect(await screen.findByText('Valve slave saved', {}, SLOW)).toBeTruthy();
  });

  it('removes a sub-device after the same confirmation as a device', async () => {
    show(TEAM_HOST, SLAVES, { status: 500 });
    const name = await screen.findByText('Slave one', {}, SLOW);
    fireEvent.click(within(name.closest('tr') as HTMLElement).getByText(en.subDevices.remove));
    expect(await screen.findByText('Delete Slave one?', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.delete.typeNameLabel), { target: { value: 'Slave one' } });
    fireEvent.click(buttonNamed(en.delete.confirm));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true), SLOW);
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/equipment/11');
    expect(await screen.findByText(en.delete.done, {}, SLOW)).toBeTruthy();
  });
});

describe('the sub-devices tab of a host that does not answer at its address', { timeout: 30_000 }, () => {
  const silent = (r: Equipment, address: number | null): Equipment => ({
    ...r,
    status: { ...r.status, unansweredAddress: address },
  });

  it('says so in the state column of each sub-device, from the list read', async () => {
    show(
      TEAM_HOST,
      SLAVES.map((s) => silent(s, 254)),
      { status: 500 },
    );
    const name = await screen.findByText('Slave one', {}, SLOW);
    const row = name.closest('tr') as HTMLElement;
    expect(within(row).getByTestId('sub-device-unanswered').textContent).toBe(
      'Its host does not answer at address 254',
    );
    // Still online: the link is up.
    expect(within(row).getByText('Online')).toBeTruthy();
  });

  it('follows the live pushes of the host once the tree has the sub-devices', async () => {
    const ONLINE = { isOnline: true, isAlarm: false, soc: 30 };
    seedEquipment({
      types: TYPES,
      records: [TEAM_HOST, ...SLAVES],
      flags: { 10: { ...ONLINE, unansweredAddress: 7 }, 11: { ...ONLINE, unansweredAddress: 7 }, 12: ONLINE },
    });
    hooks.serve({ 'GET /equipment/10/sub-devices': { body: { items: SLAVES, total: SLAVES.length } } });
    renderWithApp(<SubDevicesTab record={TEAM_HOST} />);
    const row = (await screen.findByText('Slave one', {}, SLOW)).closest('tr') as HTMLElement;
    const said = () => within(row).queryByTestId('sub-device-unanswered')?.textContent ?? null;
    expect(said()).toBe('Its host does not answer at address 7');

    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'TEAM1', IsOnline: true, Unanswered: null }]));
    expect(said()).toBeNull();
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'TEAM1', IsOnline: true, Unanswered: 3 }]));
    expect(said()).toBe('Its host does not answer at address 3');
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'TEAM1', IsOnline: false }]));
    expect(said()).toBeNull();
    expect(within(row).getByText('Offline')).toBeTruthy();
  });
});
