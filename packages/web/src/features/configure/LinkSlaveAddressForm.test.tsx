// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import { putRecord } from '../../equipment/loading';
import { permissionFromLevel } from '../../equipment/rights';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleType } from '../../equipment/test-support';
import { useMe } from '../../session/me';
import { errorReply, sampleMe } from '../../session/test-support';
import type { RecordedRequest, Reply, Routes } from '../../session/test-support';
import LinkSlaveAddressForm from './LinkSlaveAddressForm';
import LinkTab from './LinkTab';
import { renderDeviceTab } from './test-support';
import { hasUnsavedChanges } from './unsaved';

const SLOW = { timeout: 8000 };
const LABEL = 'Slave address';
const SAVE = 'Save slave address';
const USE_DEFAULT = 'Use the model’s default';
const RANGE = 'A whole number from 1 to 255';
const REQUIRED = 'Enter an address from 1 to 255, or use the model’s default';

const record = (overrides: Partial<Equipment> = {}) =>
  sampleRecord({ id: 5, unid: 'AB12CD34', sn: 'AB12CD34', ...overrides });

function show(r: Equipment = record(), rights: Permission = r.permission) {
  renderDeviceTab(LinkTab, r, { type: { ...sampleType(), slaveAddress: 254 }, rights });
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

const button = (text: string) => {
  const found = screen
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .filter((b) => b !== null);
  if (found.length !== 1) throw new Error(`${found.length} buttons show ${text}`);
  return found[0]!;
};
const input = () => screen.getByLabelText(LABEL) as HTMLInputElement;
const fill = (value: string) => fireEvent.change(input(), { target: { value } });
const errors = () =>
  [...input().closest('.ant-form-item')!.querySelectorAll('.ant-form-item-explain-error')].map(
    (e) => e.textContent,
  );
const current = () => screen.getByTestId('slave-address-current').textContent;
const patches = (calls: readonly RecordedRequest[]) =>
  calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

beforeEach(() => useMe.getState().setMe(sampleMe({ authority: 4 })));

describe('link tab: the slave address', { timeout: 60_000 }, () => {
  it('shows the model’s default while none is set: an empty field, nothing to save or clear', () => {
    serve();
    show();
    expect(current()).toBe('Now: 254 (the model’s default)');
    expect(input().value).toBe('');
    expect(input().placeholder).toBe('254');
    expect(button(SAVE).disabled).toBe(true);
    expect(button(USE_DEFAULT).disabled).toBe(true);
    expect(screen.getByText(/Most third-party RTU boards answer at 1/).textContent).toContain(
      'many Modbus TCP modules only at 1 or 255',
    );
  });

  it('shows the address set for this device', () => {
    serve();
    show(record({ slaveAddress: 1 }));
    expect(current()).toBe('Now: 1 (set for this device)');
    expect(input().value).toBe('1');
    expect(button(USE_DEFAULT).disabled).toBe(false);
  });

  it('checks the address with the contract’s rule: 1-255, whole, not blank', async () => {
    serve();
    show(record({ slaveAddress: 7 }));
    const expectErrors = async (value: string, want: string[]) => {
      fill(value);
      await waitFor(() => expect(errors()).toEqual(want), SLOW);
    };
    await expectErrors('0', [RANGE]);
    await expectErrors('1', []);
    await expectErrors('256', [RANGE]);
    await expectErrors('255', []);
    await expectErrors('2.5', [RANGE]);
    await expectErrors('', [REQUIRED]);
  });

  it('sends nothing for a blank address', async () => {
    const mock = serve();
    show(record({ slaveAddress: 7 }));
    fill('');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);
    fireEvent.click(button(SAVE));
    await waitFor(() => expect(errors()).toEqual([REQUIRED]), SLOW);
    expect(patches(mock.calls)).toEqual([]);
  });

  it('saves an address, and the card says it is set for this device', async () => {
    const mock = serve({
      'PATCH /equipment/5': (request: RecordedRequest): Reply => {
        const { slaveAddress } = request.body as { slaveAddress: number };
        return { body: record({ slaveAddress }) };
      },
    });
    show();
    fill('1');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);
    fireEvent.click(button(SAVE));
    await screen.findByText('Slave address saved', {}, SLOW);
    expect(patches(mock.calls)).toEqual([{ slaveAddress: 1 }]);
    expect(current()).toBe('Now: 1 (set for this device)');
    expect(input().value).toBe('1');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false), SLOW);
    expect(button(SAVE).disabled).toBe(true);
  });

  it('goes back to the model’s default with null', async () => {
    const mock = serve({ 'PATCH /equipment/5': { body: record({ slaveAddress: null }) } });
    show(record({ slaveAddress: 7 }));
    fireEvent.click(button(USE_DEFAULT));
    await screen.findByText('The model’s default slave address is used again', {}, SLOW);
    expect(patches(mock.calls)).toEqual([{ slaveAddress: null }]);
    await waitFor(() => expect(input().value).toBe(''), SLOW);
    expect(current()).toBe('Now: 254 (the model’s default)');
    expect(button(USE_DEFAULT).disabled).toBe(true);
  });

  it('puts the server’s refusal of the address on the field, and any other failure above', async () => {
    let reply: Reply = errorReply(
      400,
      'bad_request',
      'body.slaveAddress: Too big: expected number to be <=255',
    );
    const mock = serve({ 'PATCH /equipment/5': () => reply });
    show();
    fill('12');
    await waitFor(() => expect(button(SAVE).disabled).toBe(false), SLOW);
    fireEvent.click(button(SAVE));
    await waitFor(() => expect(errors()).toEqual(['Too big: expected number to be <=255']), SLOW);
    expect(input().value).toBe('12');
    expect(screen.queryByTestId('slave-address-failure')).toBeNull();

    reply = errorReply(403, 'forbidden', 'only its owner and administrators change its link');
    fill('13');
    fireEvent.click(button(SAVE));
    const failure = await screen.findByTestId('slave-address-failure', {}, SLOW);
    expect(failure.textContent).toBe('Not saved: only its owner and administrators change its link');
    expect(patches(mock.calls)).toEqual([{ slaveAddress: 12 }, { slaveAddress: 13 }]);
    expect(current()).toBe('Now: 254 (the model’s default)');
  });

  it('follows a record changed elsewhere while the field holds no edits', async () => {
    serve();
    show();
    putRecord(record({ slaveAddress: 3 }));
    await waitFor(() => expect(input().value).toBe('3'), SLOW);
    expect(current()).toBe('Now: 3 (set for this device)');
  });
});

describe('link tab: who sees the slave address', { timeout: 30_000 }, () => {
  it('is not there for a grantee, whatever their level', () => {
    serve();
    show(record(), { ...permissionFromLevel(4), owner: false });
    expect(screen.queryByTestId('slave-address-form')).toBeNull();
  });

  it('is not there for a sub-device, even drawn on its own', () => {
    serve();
    show(record({ parentId: 1, sn: null, unid: 'AB12CD34_3' }));
    expect(screen.queryByTestId('slave-address-form')).toBeNull();
    const { container } = render(
      <LinkSlaveAddressForm record={record({ parentId: 1, sn: null, unid: 'AB12CD34_3' })} />,
    );
    expect(container.childNodes).toHaveLength(0);
  });

  it('is there for an administrator who does not own the device', () => {
    serve();
    useMe.getState().setMe(sampleMe({ authority: 1000 }));
    show(record(), { ...permissionFromLevel(4), owner: false });
    expect(screen.getByTestId('slave-address-form')).toBeTruthy();
    expect(current()).toBe('Now: 254 (the model’s default)');
  });
});
