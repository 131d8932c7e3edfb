// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleType } from '../../equipment/test-support';
import { useMe } from '../../session/me';
import { errorReply, sampleMe } from '../../session/test-support';
import type { RecordedRequest, Reply, Routes } from '../../session/test-support';
import { MASK } from './LinkSecretCard';
import LinkTab from './LinkTab';
import { renderDeviceTab } from './test-support';
import { hasUnsavedChanges } from './unsaved';

const SLOW = { timeout: 8000 };
const NO_CONFIG = 'No configuration permission currently';
const SECRET = 'k3Q9xTzV0aLm2Bf7HcR1';
const NEW_SECRET = 'Zz9yXw8vUt7sRq6pOn5m';

const record = (overrides: Partial<Equipment> = {}) =>
  sampleRecord({ id: 5, unid: 'AB12CD34', sn: 'AB12CD34', ...overrides });

function show(r: Equipment = record(), rights: Permission = r.permission) {
  renderDeviceTab(LinkTab, r, { type: sampleType(), rights });
}

const hooks = setUpDeviceTests({ after: () => useMe.getState().setMe(null) });
function serve(routes: Routes) {
  return hooks.serve({
    'GET /equipment/5/link-secret': { body: { linkSecret: SECRET, hasLinkSecret: true, openLink: false } },
    ...routes,
  });
}

const button = (text: string | RegExp) => {
  const found = screen
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .filter((b) => b !== null);
  if (found.length !== 1) throw new Error(`${found.length} buttons show ${String(text)}`);
  return found[0]!;
};
/** The OK button of the confirmation dialog showing `title`. */
async function confirmDialog(title: string, ok: string) {
  const [heading] = await screen.findAllByText(title, {}, SLOW);
  const dialog = heading!.closest('.ant-modal') as HTMLElement;
  fireEvent.click([...dialog.querySelectorAll('button')].find((b) => b.textContent === ok)!);
  return dialog;
}

beforeEach(() => useMe.getState().setMe(sampleMe({ authority: 4 })));

describe('link tab: who sees it', { timeout: 30_000 }, () => {
  it('tells a grantee, even with the delete right, that there is no configuration permission', () => {
    const mock = serve({});
    show(record(), { ...permissionFromLevel(4), owner: false });
    expect(screen.getByTestId('tab-link').textContent).toBe(NO_CONFIG);
    expect(mock.calls).toEqual([]);
  });

  it('is open to an administrator who does not own the device', async () => {
    serve({});
    useMe.getState().setMe(sampleMe({ authority: 1000 }));
    show(record(), { ...permissionFromLevel(4), owner: false });
    expect(await screen.findByTestId('link-secret', {}, SLOW)).toBeTruthy();
  });

  it('is not there for a sub-device (no link of its own)', () => {
    serve({});
    show(record({ parentId: 1, sn: null, unid: 'AB12CD34_3' }));
    expect(screen.getByTestId('tab-link').textContent).toBe(NO_CONFIG);
  });
});

describe('link tab: the secret and the registration packet', { timeout: 30_000 }, () => {
  it('shows the secret and the packet masked until asked, and copies the real packet', async () => {
    serve({});
    show();
    const secret = await screen.findByTestId('link-secret', {}, SLOW);
    expect(secret.textContent).toBe(MASK);
    expect(screen.getByTestId('dtu-packet').textContent).toBe(`AB12CD34:${MASK}`);
    fireEvent.click(button('Show secret'));
    expect(screen.getByTestId('link-secret').textContent).toBe(SECRET);
    expect(screen.getByTestId('dtu-packet').textContent).toBe(`AB12CD34:${SECRET}`);
    fireEvent.click(button('Hide secret'));
    expect(screen.getByTestId('link-secret').textContent).toBe(MASK);
  });

  it('regenerates after saying the old secret stops working, and shows the new packet', async () => {
    const mock = serve({
      'POST /equipment/5/link-secret': {
        body: { linkSecret: NEW_SECRET, hasLinkSecret: true, openLink: false },
      },
    });
    show();
    await screen.findByTestId('link-secret', {}, SLOW);
    fireEvent.click(button('Show secret'));
    fireEvent.click(button('Regenerate secret'));
    const dialog = await confirmDialog('Regenerate the link secret?', 'Regenerate');
    expect(dialog.textContent).toContain('The old secret stops working at once');
    await waitFor(
      () => expect(screen.getByTestId('dtu-packet').textContent).toBe(`AB12CD34:${NEW_SECRET}`),
      SLOW,
    );
    expect(await screen.findByText('A new link secret was generated', {}, SLOW)).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/equipment/5/link-secret',
    ]);
  });

  it('sends nothing when the regeneration is cancelled', async () => {
    const mock = serve({});
    show();
    await screen.findByTestId('link-secret', {}, SLOW);
    fireEvent.click(button('Regenerate secret'));
    await confirmDialog('Regenerate the link secret?', 'Cancel');
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull(), SLOW);
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says when a secret is set but cannot be read, and offers no packet', async () => {
    serve({
      'GET /equipment/5/link-secret': { body: { linkSecret: null, hasLinkSecret: true, openLink: false } },
    });
    show();
    const missing = await screen.findByTestId('link-secret-missing', {}, SLOW);
    expect(missing.textContent).toMatch(/^A secret is set but cannot be shown/);
    expect(screen.queryByTestId('dtu-packet')).toBeNull();
  });

  it('shows a failure to load the secret', async () => {
    serve({ 'GET /equipment/5/link-secret': errorReply(403, 'forbidden', 'for its owner only') });
    show();
    expect(
      await screen.findByText('The link secret could not be loaded: for its owner only', {}, SLOW),
    ).toBeTruthy();
  });
});

describe('link tab: the open link', { timeout: 30_000 }, () => {
  it('opens only after a warning, with PATCH openLink true', async () => {
    const mock = serve({ 'PATCH /equipment/5': { body: record({ openLink: true }) } });
    show();
    fireEvent.click(screen.getByTestId('open-link-switch'));
    const dialog = await confirmDialog('Open the link?', 'Open the link');
    expect(dialog.textContent).toContain('Anyone who knows the serial number');
    await screen.findByText('The link is open', {}, SLOW);
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ openLink: true });
    expect(screen.getByTestId('open-link-switch').getAttribute('aria-checked')).toBe('true');
  });

  it('shows the server’s refusal to close a link without a secret', async () => {
    const mock = serve({
      'GET /equipment/5/link-secret': { body: { linkSecret: null, hasLinkSecret: false, openLink: true } },
      'PATCH /equipment/5': errorReply(
        400,
        'bad_request',
        'the device has no link secret: generate one (POST /equipment/{id}/link-secret) before closing its link',
      ),
    });
    show(record({ openLink: true, hasLinkSecret: false }));
    fireEvent.click(screen.getByTestId('open-link-switch'));
    const failure = await screen.findByTestId('open-link-failure', {}, SLOW);
    expect(failure.textContent).toBe('The device has no link secret: generate one before closing its link.');
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ openLink: false });
    expect(screen.getByTestId('open-link-switch').getAttribute('aria-checked')).toBe('true');
  });
});

describe('link tab: the Modbus TCP address', { timeout: 60_000 }, () => {
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
  const errorsOf = (label: string) =>
    [...input(label).closest('.ant-form-item')!.querySelectorAll('.ant-form-item-explain-error')].map(
      (e) => e.textContent,
    );
  async function expectErrors(label: string, value: string, errors: string[]) {
    fill(label, value);
    await waitFor(() => expect(errorsOf(label)).toEqual(errors), SLOW);
  }
  const label63 = 'a'.repeat(63);
  const host253 = `${label63}.${label63}.${label63}.${'b'.repeat(61)}`;

  it('checks the host and the port at their bounds and one past', async () => {
    serve({});
    show();
    await expectErrors('Host', `${host253}c`, [
      'A host name or an IPv4/IPv6 address, at most 253 characters',
    ]);
    await expectErrors('Host', host253, []);
    await expectErrors('Host', 'bad host!', ['A host name or an IPv4/IPv6 address, at most 253 characters']);
    await expectErrors('Host', '10.0.0.5', []);
    await expectErrors('Host', 'fd00::5', []);
    await expectErrors('Host', ' ', ['Enter the host']);
    await expectErrors('Port', '0', ['A whole number from 1 to 65535']);
    await expectErrors('Port', '1', []);
    await expectErrors('Port', '65536', ['A whole number from 1 to 65535']);
    await expectErrors('Port', '65535', []);
    await expectErrors('Port', '502.5', ['A whole number from 1 to 65535']);
    await expectErrors('Port', '', ['Enter the port']);
  });

  it('saves the address, and puts the server’s refusal of a host on the host field', async () => {
    let refuse = true;
    const mock = serve({
      'PATCH /equipment/5': (request: RecordedRequest): Reply => {
        if (refuse) {
          refuse = false;
          return errorReply(
            400,
            'bad_request',
            'modbusTcp.host: the server does not dial 127.0.0.1: loopback (an operator may allow it with MODBUS_TCP_ALLOW)',
          );
        }
        const { modbusTcp } = request.body as { modbusTcp: { host: string; port: number } };
        return { body: record({ modbusTcp }) };
      },
    });
    show();
    fill('Host', '127.0.0.1');
    fill('Port', '502');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);
    fireEvent.click(button('Save address'));
    await waitFor(
      () =>
        expect(errorsOf('Host')).toEqual([
          'the server does not dial 127.0.0.1: loopback (an operator may allow it with MODBUS_TCP_ALLOW)',
        ]),
      SLOW,
    );
    expect(input('Host').value).toBe('127.0.0.1');
    fill('Host', ' 10.0.0.5 ');
    fireEvent.click(button('Save address'));
    await screen.findByText('Modbus TCP address saved', {}, SLOW);
    expect(mock.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { modbusTcp: { host: '127.0.0.1', port: 502 } },
      { modbusTcp: { host: '10.0.0.5', port: 502 } },
    ]);
    expect(screen.getByTestId('modbus-current').textContent).toBe('Now: 10.0.0.5:502');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false), SLOW);
  });

  it('clears the address with null', async () => {
    const mock = serve({ 'PATCH /equipment/5': { body: record({ modbusTcp: null }) } });
    show(record({ modbusTcp: { host: '10.0.0.5', port: 502 } }));
    expect(input('Host').value).toBe('10.0.0.5');
    fireEvent.click(button('Clear address'));
    await screen.findByText('Modbus TCP address cleared', {}, SLOW);
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ modbusTcp: null });
    await waitFor(() => expect(input('Host').value).toBe(''), SLOW);
  });
});
