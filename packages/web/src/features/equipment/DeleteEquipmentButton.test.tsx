// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Equipment } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { deviceEntry, sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import en from '../../locales/en/equipment';
import { useMe } from '../../session/me';
import { errorReply, SAMPLE_ACCESS, sampleMe } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { buttonNamed } from '../auth/test-render';
import { REFRESH_AFTER_MS } from '../../equipment/refresh';
import { renderWithApp } from '../monitoring/test-render';
import DeleteEquipmentButton from './DeleteEquipmentButton';

const SLOW = { timeout: 8000 };
const HOST = sampleRecord({ id: 10, unid: 'SN10', sn: 'SN10', type: 'FL-JYTeam001', name: 'Team host' });
const PUMP = sampleRecord({ id: 1, unid: 'SN1', sn: 'SN1', name: 'Pump' });

const hooks = setUpDeviceTests({
  after: () => {
    vi.useRealTimers();
    useMe.getState().setMe(null);
  },
});
let calls: RecordedRequest[] = [];

const PLANT = [
  deviceEntry(1, 'Pump'),
  { ...deviceEntry(10, 'Team host'), type: 'FL-JYTeam001' },
  { ...deviceEntry(11, 'Slave one', '', 10), unid: 'SN10_1' },
  { ...deviceEntry(12, 'Slave two', '', 10), unid: 'SN10_2' },
];

/** `record` held and selected in a tree of `entries` (the pump, the team host and its two slaves). */
function show(record: Equipment, reply: Reply = { status: 204 }, entries = PLANT) {
  if (!useMe.getState().me) useMe.getState().setMe(sampleMe());
  seedEquipment({
    types: { 'FL-R8': sampleType(), 'FL-JYTeam001': { ...sampleType('FL-JYTeam001'), hostRole: 'team' } },
    entries,
    records: [record],
    selectedId: record.id,
  });
  calls = hooks.serve({ [`DELETE /equipment/${record.id}`]: reply }).calls;
  renderWithApp(<DeleteEquipmentButton record={record} />);
}

const open = async () => {
  fireEvent.click(buttonNamed(en.delete.button));
  return screen.findByTestId('delete-equipment', {}, SLOW);
};
const typeName = (value: string) =>
  fireEvent.change(screen.getByLabelText(en.delete.typeNameLabel), { target: { value } });
/** The dialog's own Delete (the button that opened it says Delete too). */
const okButton = () =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')].find(
    (b) => b.textContent?.trim() === en.delete.confirm,
  )!;
const deletes = () => calls.filter((c) => c.method === 'DELETE');

describe('deleting a device', { timeout: 30_000 }, () => {
  it('is offered only with the delete right', () => {
    show({ ...PUMP, permission: permissionFromLevel(3) });
    expect(screen.queryByText(en.delete.button)).toBeNull();
    cleanup();
    show(PUMP);
    expect(screen.getByText(en.delete.button)).toBeTruthy();
  });

  it("is not offered without the account's DELETE ability (§6), unless admin", () => {
    useMe.getState().setMe(sampleMe({ access: { ...SAMPLE_ACCESS, abilities: ['READ', 'WRITE', 'OPR'] } }));
    show(PUMP);
    expect(screen.queryByText(en.delete.button)).toBeNull();
    cleanup();
    useMe.getState().setMe(sampleMe({ authority: 1000, access: { admin: true, roles: [], abilities: [] } }));
    show(PUMP);
    expect(screen.getByText(en.delete.button)).toBeTruthy();
  });

  it('names the device and its sub-devices, and says what ends with it', async () => {
    show(HOST);
    const dialog = await open();
    expect(screen.getByText('Delete Team host?')).toBeTruthy();
    expect(dialog.textContent).toContain('This removes Team host (SN10) for good.');
    expect(dialog.textContent).toContain('Its 2 sub-devices are deleted with it:');
    const listed = [...screen.getByTestId('delete-sub-devices').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(listed).toEqual(['Slave one (SN10_1)', 'Slave two (SN10_2)']);
    expect(dialog.textContent).toContain(en.delete.history);
    expect(dialog.textContent).toContain(en.delete.shares);
  });

  it('says a host without sub-devices has none, and a plain device nothing of them', async () => {
    show(HOST, undefined, PLANT.slice(0, 2));
    const dialog = await open();
    expect(dialog.textContent).toContain(en.delete.noSubDevices);
    cleanup();
    show(PUMP);
    expect((await open()).textContent).not.toContain(en.delete.noSubDevices);
    expect(screen.queryByTestId('delete-sub-devices')).toBeNull();
  });

  it('sends nothing until the name is typed as shown', async () => {
    show(PUMP);
    await open();
    expect(okButton().disabled).toBe(true);
    typeName('Pum');
    expect(okButton().disabled).toBe(true);
    expect(screen.getByText(en.delete.mismatch)).toBeTruthy();
    fireEvent.keyDown(screen.getByLabelText(en.delete.typeNameLabel), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    fireEvent.click(okButton());
    expect(deletes()).toEqual([]);
    typeName(' Pump ');
    expect(okButton().disabled).toBe(false);
  });

  it("deletes it: DELETE, 'equipment information deleted', the selection dropped, the tree read 1 s later", async () => {
    show(PUMP);
    await open();
    typeName('Pump');
    fireEvent.click(okButton());
    await waitFor(() => expect(deletes().map((c) => c.path)).toEqual(['/equipment/1']), SLOW);
    expect(await screen.findByText('Equipment information deleted', {}, SLOW)).toBeTruthy();
    expect(useEquipmentStore.getState().selectedId).toBeNull();
    expect(calls.some((c) => c.path === '/equipment/tree')).toBe(false);
    await waitFor(() => expect(calls.some((c) => c.path === '/equipment/tree')).toBe(true), {
      timeout: REFRESH_AFTER_MS + 3000,
    });
  });

  it("says 'equipment deletion failed' with the server's reply, and keeps the dialog", async () => {
    show(PUMP, errorReply(403, 'forbidden', 'you may not delete this equipment'));
    await open();
    typeName('Pump');
    fireEvent.click(okButton());
    const text = 'Equipment deletion failed: you may not delete this equipment';
    await waitFor(() => expect(screen.getAllByText(text).length).toBe(2), SLOW);
    expect(screen.getByTestId('delete-failure').textContent).toContain(text);
    expect(screen.getByTestId('delete-equipment')).toBeTruthy();
    expect(useEquipmentStore.getState().selectedId).toBe(1);
  });
});
