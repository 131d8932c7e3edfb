// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionFromLevel } from '../../equipment/rights';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleType, treeReply } from '../../equipment/test-support';
import en from '../../locales/en/sharing';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Routes } from '../../session/test-support';
import { clickButton } from '../auth/test-render';
import { confirmWith, findMessage, granteePermission, OWNER, renderTab, SLOW } from './test-support';
import { browserTimeZone, formatInstant } from '../../time/format';

const EMPTY = { body: { items: [], total: 0 } };

const hooks = setUpDeviceTests();

function serve(more: Routes = {}) {
  return hooks.serve({
    'GET /equipment/4/share-codes': EMPTY,
    'GET /equipment/4/grants': EMPTY,
    'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
    'GET /equipment/tree': { body: treeReply([], []) },
    'GET /equipment': { body: { items: [], total: 0 } },
    ...more,
  });
}

const listCalls = (mock: { calls: RecordedRequest[] }) =>
  mock.calls.filter((c) => /share-codes|grants/.test(c.path)).map((c) => c.path.split('?')[0]);

describe('the Sharing tab by rights', { timeout: 30_000 }, () => {
  it('gives the owner the share button and both lists', async () => {
    const mock = serve();
    renderTab(OWNER);
    expect(screen.getByTestId('open-share')).toBeTruthy();
    expect(await screen.findByText(en.codes.empty, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(en.grants.empty, {}, SLOW)).toBeTruthy();
    expect(listCalls(mock).sort()).toEqual(['/equipment/4/grants', '/equipment/4/share-codes']);
    expect(screen.queryByTestId('my-access')).toBeNull();
  });

  it('gives an administrator the lists, not a grantee’s give-up', async () => {
    const mock = serve();
    renderTab({ ...OWNER, owner: false }, { authority: 1000 });
    expect(await screen.findByText(en.grants.empty, {}, SLOW)).toBeTruthy();
    expect(listCalls(mock)).toHaveLength(2);
    expect(screen.queryByTestId('my-access')).toBeNull();
  });

  it('gives a grantee with the edit right the share button and their access, and never asks for the lists', async () => {
    const mock = serve();
    renderTab(granteePermission({ operate: true, edit: true }));
    expect(screen.getByTestId('open-share')).toBeTruthy();
    expect(screen.getByTestId('owner-only').textContent).toBe(en.tab.ownerManages);
    expect(screen.getByTestId('my-access').textContent).toContain(en.tiers.edit);
    // Give the queries a moment: none may start.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listCalls(mock)).toEqual([]);
    expect(screen.queryByTestId('share-codes')).toBeNull();
  });

  it('shows a read-only grantee their tier and end, and no share button', () => {
    serve();
    renderTab(granteePermission({}, '2099-02-01T00:00:00.000Z'));
    const mine = screen.getByTestId('my-access');
    expect(mine.textContent).toContain(en.tiers.read);
    expect(mine.textContent).toContain(formatInstant('2099-02-01T00:00:00.000Z', browserTimeZone(), 'en'));
    expect(screen.queryByTestId('open-share')).toBeNull();
    expect(screen.getByText(en.tab.noShare)).toBeTruthy();
  });

  it('says so, and nothing more, without the read right', () => {
    const mock = serve();
    renderTab(permissionFromLevel(0));
    expect(screen.getByTestId('sharing-none').textContent).toBe('No configuration permission currently');
    expect(screen.queryByTestId('open-share')).toBeNull();
    expect(listCalls(mock)).toEqual([]);
  });
});

describe('giving up access', { timeout: 30_000 }, () => {
  it('asks naming the device, gives it up, selects nothing and reads the tree anew', async () => {
    const mock = serve({ 'DELETE /equipment/4/access': { status: 204 } });
    renderTab(granteePermission({}));
    useEquipmentStore.setState({ selectedId: 4 });
    clickButton(en.mine.giveUp);
    expect(await screen.findByText('Give up your access to Pump house?', {}, SLOW)).toBeTruthy();
    await confirmWith(en.mine.giveUp);
    expect(await findMessage('You gave up your access to Pump house')).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/equipment/4/access',
    ]);
    expect(useEquipmentStore.getState().selectedId).toBeNull();
    await waitFor(
      () => expect(mock.calls.some((c) => c.path.startsWith('/equipment/tree'))).toBe(true),
      SLOW,
    );
  });

  it("shows the server's refusal and keeps the device", async () => {
    serve({
      'DELETE /equipment/4/access': errorReply(
        409,
        'conflict',
        'your access comes from a grant on the host; give that up instead',
      ),
    });
    renderTab(granteePermission({}), { record: { parentId: 1 } });
    useEquipmentStore.setState({ selectedId: 4 });
    clickButton(en.mine.giveUp);
    await confirmWith(en.mine.giveUp);
    expect(await findMessage(`Permission modification failed: ${en.serverErrors.hostGrant}`)).toBeTruthy();
    expect(useEquipmentStore.getState().selectedId).toBe(4);
  });
});
