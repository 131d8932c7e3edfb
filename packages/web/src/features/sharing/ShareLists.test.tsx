// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import en from '../../locales/en/sharing';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Routes } from '../../session/test-support';
import { codeEntry, confirmWith, findMessage, grantEntry, OWNER, renderTab, SLOW } from './test-support';

const CODES = [
  codeEntry({ id: 12 }),
  codeEntry({
    id: 13,
    level: 'read',
    validity: 'permanent',
    expiresAt: null,
    revokedAt: '2026-01-06T08:00:00.000Z',
  }),
  codeEntry({ id: 14, expiresAt: '2026-01-06T08:00:00.000Z', createdBy: 9 }),
  codeEntry({ id: 15, usedCount: 3, maxCount: 3, camera: true, createdBy: 55 }),
];
const GRANTS = [
  grantEntry({ id: 31 }),
  grantEntry({ id: 32, userName: 'carol', userId: 10, level: 'read', expiresAt: null, shareCodeId: null }),
  grantEntry({ id: 33, userName: 'dave', userId: 11, expired: true, expiresAt: '2026-01-06T08:00:00.000Z' }),
];

const hooks = setUpDeviceTests();

function serve(more: Routes = {}) {
  return hooks.serve({
    'GET /equipment/4/share-codes': { body: { items: CODES, total: CODES.length } },
    'GET /equipment/4/grants': { body: { items: GRANTS, total: GRANTS.length } },
    ...more,
  });
}

const calls = (mock: { calls: RecordedRequest[] }, method: string) =>
  mock.calls.filter((c) => c.method === method).map((c) => c.path);
const listReads = (mock: { calls: RecordedRequest[] }) => calls(mock, 'GET').length;

/** The table row (by its text) in the list with this test id. */
async function rowOf(list: string, text: string | RegExp): Promise<HTMLElement> {
  const cell = await within(await screen.findByTestId(list, {}, SLOW)).findByText(text, {}, SLOW);
  return cell.closest('tr')!;
}

describe("the owner's lists", { timeout: 30_000 }, () => {
  it('shows every code, newest first, with what it gives, its use and its state', async () => {
    serve();
    renderTab(OWNER);
    const active = await rowOf('share-codes', '#12');
    expect(active.textContent).toContain('operate');
    expect(active.textContent).toContain('1 week');
    expect(active.textContent).toContain('1 / 3');
    expect(active.textContent).toContain(en.codes.you);
    expect(within(active).getByText(en.codes.revoke)).toBeTruthy();
    expect(screen.getByTestId('code-state-12').textContent).toBe(en.codes.state.active);
    expect(screen.getByTestId('code-state-13').textContent).toBe(en.codes.state.revoked);
    expect(screen.getByTestId('code-state-14').textContent).toBe(en.codes.state.expired);
    expect(screen.getByTestId('code-state-15').textContent).toBe(en.codes.state.usedUp);
    // Only an active code may be revoked.
    expect(screen.queryByTestId('revoke-13')).toBeNull();
    expect(screen.queryByTestId('revoke-15')).toBeNull();
    // A code issued by a grantee names them; an issuer not in the list by id.
    expect((await rowOf('share-codes', '#14')).textContent).toContain('bob');
    expect((await rowOf('share-codes', '#15')).textContent).toContain('user #55');
    expect((await rowOf('share-codes', '#13')).textContent).toContain(en.validity.permanent);
    const ids = [...screen.getByTestId('share-codes').querySelectorAll('tr.ant-table-row')].map(
      (tr) => tr.textContent?.match(/#(\d+)/)?.[1],
    );
    expect(ids).toEqual(['15', '14', '13', '12']);
  });

  it('shows who has access: user, tier, end, code, expired flagged', async () => {
    serve();
    renderTab(OWNER);
    const bob = await rowOf('grants', 'bob');
    expect(bob.textContent).toContain('operate');
    expect(bob.textContent).toContain('#12');
    expect(screen.getByTestId('grant-state-31').textContent).toBe(en.grants.running);
    const carol = await rowOf('grants', 'carol');
    expect(carol.textContent).toContain(en.grants.noEnd);
    expect(carol.textContent).toContain(en.grants.codeGone);
    expect(screen.getByTestId('grant-state-33').textContent).toBe(en.grants.expired);
  });

  it('revokes a code after confirming (grants stay), says so and reads the lists anew', async () => {
    const mock = serve({ 'DELETE /equipment/4/share-codes/12': { status: 204 } });
    renderTab(OWNER);
    fireEvent.click(await screen.findByTestId('revoke-12', {}, SLOW));
    expect(await screen.findByText(/Access already given through it stays/, {}, SLOW)).toBeTruthy();
    const before = listReads(mock);
    await confirmWith(en.codes.revoke);
    await waitFor(() => expect(calls(mock, 'DELETE')).toHaveLength(1), SLOW);
    expect(await findMessage(en.messages.modified)).toBeTruthy();
    expect(calls(mock, 'DELETE')).toEqual(['/equipment/4/share-codes/12']);
    await waitFor(() => expect(listReads(mock)).toBeGreaterThanOrEqual(before + 2), SLOW);
  });

  it("removes a grant after confirming; a refusal says 'permission modification failed' with the reply", async () => {
    const mock = serve({ 'DELETE /equipment/4/grants/31': errorReply(404, 'not_found', 'no such grant') });
    renderTab(OWNER);
    fireEvent.click(await screen.findByTestId('remove-31', {}, SLOW));
    expect(await screen.findByText("Remove bob's access to Pump house?", {}, SLOW)).toBeTruthy();
    await confirmWith(en.grants.remove);
    expect(await findMessage(`Permission modification failed: ${en.serverErrors.noGrantFound}`)).toBeTruthy();
    expect(calls(mock, 'DELETE')).toEqual(['/equipment/4/grants/31']);
  });

  it('shows when the list could not be read', async () => {
    serve({ 'GET /equipment/4/grants': errorReply(500, 'internal', 'internal error') });
    renderTab(OWNER);
    expect(
      await within(await screen.findByTestId('grants', {}, SLOW)).findByText(
        'The list could not be read: internal error',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});

describe("changing a user's access", { timeout: 30_000 }, () => {
  /** Opens the change dialog of grant `id`; returns the dialog. */
  async function openChange(id: number): Promise<HTMLElement> {
    fireEvent.click(await screen.findByTestId(`change-${id}`, {}, SLOW));
    return screen.findByTestId('grant-form', {}, SLOW);
  }

  function choose(dialog: HTMLElement, text: string) {
    const label = within(dialog).getByText(text).closest('label');
    fireEvent.click(label!.querySelector('input')!);
  }

  const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByText('Save').closest('button')!);

  it('makes an access read-only without an end, sending only what changed', async () => {
    const changed = grantEntry({ level: 'read', read: true, operate: false, expiresAt: null });
    const mock = serve({ 'PATCH /equipment/4/grants/31': { body: changed } });
    renderTab(OWNER);
    const dialog = await openChange(31);
    expect(screen.getByText("Change bob's access")).toBeTruthy();
    choose(dialog, en.tiers.read);
    choose(dialog, en.grantEdit.noEnd);
    save(dialog);
    expect(await findMessage(en.messages.modified)).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'PATCH')).toMatchObject([
      { path: '/equipment/4/grants/31', body: { level: 'read', expiresAt: null } },
    ]);
  });

  it('refuses no end for another tier than read-only, and sends nothing', async () => {
    const mock = serve({ 'PATCH /equipment/4/grants/31': { status: 500 } });
    renderTab(OWNER);
    const dialog = await openChange(31);
    choose(dialog, en.grantEdit.noEnd);
    save(dialog);
    expect(await within(dialog).findByText(en.validation.noEndReadOnly, {}, SLOW)).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it("changes an expired grant's camera without sending its past end back", async () => {
    const mock = serve({ 'PATCH /equipment/4/grants/33': { body: grantEntry({ id: 33, camera: true }) } });
    renderTab(OWNER);
    const dialog = await openChange(33);
    expect(within(dialog).getByText(en.grantEdit.expired)).toBeTruthy();
    fireEvent.click(within(dialog).getByText(en.dialog.camera));
    save(dialog);
    await waitFor(() => expect(mock.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1), SLOW);
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ camera: true });
  });

  it("shows the server's refusal of a change with 'permission modification failed'", async () => {
    serve({
      'PATCH /equipment/4/grants/31': errorReply(400, 'bad_request', 'only a host has sub-devices to share'),
    });
    renderTab(OWNER);
    const dialog = await openChange(31);
    choose(dialog, en.tiers.edit);
    save(dialog);
    expect(await findMessage(`Permission modification failed: ${en.serverErrors.notHost}`)).toBeTruthy();
    // The dialog stays open with what was chosen.
    expect(screen.getByTestId('grant-form')).toBeTruthy();
  });
});
