// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import en from '../../locales/en/sharing';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { clickButton } from '../auth/test-render';
import { CODE, createdCode, granteePermission, OWNER, renderTab, SLOW } from './test-support';
import type { Permission } from '../../api/equipment';
import { browserTimeZone, formatInstant } from '../../time/format';

const TIER_NAMES = en.tiers;

const hooks = setUpDeviceTests();

function serve(post: Reply | ((request: RecordedRequest) => Reply) = { status: 201, body: createdCode() }) {
  return hooks.serve({
    'POST /equipment/4/share-codes': post,
    'GET /equipment/4/share-codes': { body: { items: [], total: 0 } },
    'GET /equipment/4/grants': { body: { items: [], total: 0 } },
  });
}

const posts = (mock: { calls: RecordedRequest[] }) => mock.calls.filter((c) => c.method === 'POST');

function openDialog(permission: Permission, options: Parameters<typeof renderTab>[1] = {}) {
  renderTab(permission, options);
  clickButton(en.tab.share);
}

/** The tiers the dialog offers, by their names. */
const offeredTiers = () =>
  Object.entries(TIER_NAMES)
    .filter(([, name]) => screen.queryByText(name, { selector: '.ant-radio-wrapper *' }) !== null)
    .map(([tier]) => tier);

function choose(text: string) {
  const label = screen.getByText(text, { selector: 'label *' }).closest('label');
  fireEvent.click(label!.querySelector('input')!);
}

const setUses = (value: string) =>
  fireEvent.change(screen.getByLabelText(en.dialog.maxCount), { target: { value } });

const submit = () => clickButton(en.dialog.submit);

describe('the share dialog offers what the user holds', { timeout: 30_000 }, () => {
  it('offers the owner every tier, each with what it allows, and the camera', () => {
    serve();
    openDialog(OWNER);
    expect(offeredTiers()).toEqual(['read', 'readwrite', 'operate', 'edit', 'delete']);
    expect(screen.getByText(/switches and changes nothing/)).toBeTruthy();
    expect(screen.getByText(en.dialog.camera)).toBeTruthy();
    // Not a host: no sub-devices to include.
    expect(screen.queryByText(en.dialog.slaves)).toBeNull();
  });

  it('offers a grantee with read-write only read-only and read-write, without the camera', () => {
    serve();
    openDialog(granteePermission({ edit: true }));
    expect(offeredTiers()).toEqual(['read', 'readwrite']);
    expect(screen.queryByText(en.dialog.camera)).toBeNull();
  });

  it('offers a grantee with edit and camera everything but delete, and says their code ends with them', () => {
    serve();
    openDialog(granteePermission({ operate: true, edit: true, camera: true }));
    expect(offeredTiers()).toEqual(['read', 'readwrite', 'operate', 'edit']);
    expect(screen.getByText(en.dialog.camera)).toBeTruthy();
    expect(screen.getByText(/Your own access ends .*cannot be permanent/)).toBeTruthy();
  });

  it('offers the sub-devices on a host and sends them', async () => {
    const mock = serve();
    openDialog(OWNER, { host: true });
    fireEvent.click(screen.getByText(en.dialog.slaves));
    submit();
    await waitFor(() => expect(posts(mock)).toHaveLength(1), SLOW);
    expect(posts(mock)[0]?.body).toMatchObject({ slaves: true });
  });
});

describe('the share dialog checks the uses and the validity', { timeout: 30_000 }, () => {
  it.each([['0'], ['1001'], ['1.5']])('refuses %s uses and sends nothing', async (uses) => {
    const mock = serve();
    openDialog(OWNER);
    setUses(uses);
    submit();
    expect(await screen.findByText('A whole number from 1 to 1000', {}, SLOW)).toBeTruthy();
    expect(posts(mock)).toEqual([]);
  });

  it('asks for the uses when the field is empty', async () => {
    const mock = serve();
    openDialog(OWNER);
    setUses('');
    submit();
    expect(await screen.findByText(en.validation.maxCountRequired, {}, SLOW)).toBeTruthy();
    expect(posts(mock)).toEqual([]);
  });

  it.each([[1], [1000]])('issues a code of %s uses', async (uses) => {
    const mock = serve();
    openDialog(OWNER);
    choose(TIER_NAMES.operate);
    setUses(String(uses));
    submit();
    await waitFor(() => expect(posts(mock)).toHaveLength(1), SLOW);
    expect(posts(mock)[0]?.body).toEqual({
      level: 'operate',
      validity: '1d',
      maxCount: uses,
      camera: false,
      slaves: false,
    });
  });

  it('says the form allows permanent only for read-only, and refuses it for another tier', async () => {
    const mock = serve();
    openDialog(OWNER);
    expect(screen.getByText(/Permanent is for read-only codes only/)).toBeTruthy();
    choose(TIER_NAMES.operate);
    choose(en.validity.permanent);
    submit();
    expect(await screen.findByText(en.validation.permanentReadOnly, {}, SLOW)).toBeTruthy();
    expect(posts(mock)).toEqual([]);
    // Back to read-only: the same choice is good, nothing was lost.
    choose(TIER_NAMES.read);
    submit();
    await waitFor(() => expect(posts(mock)).toHaveLength(1), SLOW);
    expect(posts(mock)[0]?.body).toMatchObject({ level: 'read', validity: 'permanent', maxCount: 1 });
  });
});

describe('the new code', { timeout: 30_000 }, () => {
  it('shows the code in groups, the link, the copy buttons, the QR code and the end, once', async () => {
    serve();
    openDialog(OWNER);
    submit();
    const result = await screen.findByTestId('share-result', {}, SLOW);
    expect(screen.getByTestId('share-code').textContent).toBe('7K2M 9XQ4 T0BH N3RV C8WZ 5EJD PA');
    expect(screen.getByTestId('share-url').textContent).toBe(`http://localhost/#/share?code=${CODE}`);
    expect(screen.getByLabelText(en.result.copyCode)).toBeTruthy();
    expect(screen.getByLabelText(en.result.copyLink)).toBeTruthy();
    // The QR code is drawn as SVG (no script, nothing inline but styles).
    const qr = screen.getByTestId('share-qr');
    expect(qr.querySelector('svg path')).toBeTruthy();
    expect(result.textContent).toContain(en.result.once);
    expect(result.textContent).toContain(formatInstant('2026-01-12T08:00:00.000Z', browserTimeZone(), 'en'));
  });

  it("shows the server's refusal to share more than the user holds, in the user's words", async () => {
    const mock = serve(errorReply(403, 'forbidden', 'you cannot share more than you hold'));
    openDialog(granteePermission({ operate: true, edit: true }));
    submit();
    expect((await screen.findByTestId('share-error', {}, SLOW)).textContent).toContain(
      'No code was created: You cannot share more than you hold',
    );
    expect(posts(mock)).toHaveLength(1);
    // The form stays as it was, to try again.
    expect(screen.getByTestId('share-form')).toBeTruthy();
  });

  it("shows the server's refusal of a grantee's permanent code", async () => {
    serve(errorReply(400, 'bad_request', 'your own access ends, so you cannot issue a permanent code'));
    openDialog(granteePermission({ operate: true, edit: true }));
    choose(en.validity.permanent);
    submit();
    expect((await screen.findByTestId('share-error', {}, SLOW)).textContent).toContain(
      en.serverErrors.granteePermanent,
    );
  });
});
