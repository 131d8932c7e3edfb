// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { R8_COUNTS, sampleRecord, sampleSettings, sampleType } from '../../equipment/test-support';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import InfoTab from './InfoTab';
import { renderDeviceTab } from './test-support';
import { hasUnsavedChanges } from './unsaved';

/** antd validates asynchronously; a busy machine needs more than the default second. */
const SLOW = { timeout: 8000 };
const NO_CONFIG = 'No configuration permission currently';
const PARAM = { basicParam: { NetType: 0, isGateWay: 0, gps: '116.39, 39.9', extra: 'kept' }, other: 1 };

function record(overrides: Partial<Equipment> = {}): Equipment {
  return sampleRecord({
    id: 5,
    name: 'Pump',
    description: 'North well',
    group: 'Field A',
    cameraPassword: 'cam-1',
    settings: { ...sampleSettings(R8_COUNTS), image: 'relay8.png', param: PARAM },
    ...overrides,
  });
}

function show(r: Equipment = record(), rights: Permission = r.permission) {
  const type = {
    ...sampleType('FL-R8'),
    names: { en: '8-channel relay board', zh: '8路继电器板', tc: '8路繼電器板' },
  };
  renderDeviceTab(InfoTab, r, { type, rights });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const item = (label: string) => input(label).closest('.ant-form-item') as HTMLElement;
const errorsOf = (label: string) =>
  [...item(label).querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

/** Fills `label` with `value` and waits until the field shows exactly `errors`. */
async function expectErrors(label: string, value: string, errors: string[]) {
  fill(label, value);
  await waitFor(() => expect(errorsOf(label)).toEqual(errors), SLOW);
}

const saveButton = () => within(screen.getByTestId('info-form')).getByText('Save').closest('button')!;

const { serve } = setUpDeviceTests();

describe('info tab without the edit right', { timeout: 30_000 }, () => {
  it('shows the info read only, with the no-configuration notice, and no form', () => {
    show(record(), { ...permissionFromLevel(2), camera: 0 });
    expect(screen.getByTestId('info-no-config').textContent).toBe(NO_CONFIG);
    expect(screen.queryByTestId('info-form')).toBeNull();
    const page = screen.getByTestId('info-read-only');
    expect(page.textContent).toContain('Pump');
    expect(page.textContent).toContain('North well');
    expect(page.textContent).toContain('116.39, 39.9');
    expect(screen.getByTestId('info-model').textContent).toBe('8-channel relay board (FL-R8)');
    // Without the camera right the camera password is not there at all.
    expect(page.textContent).not.toContain('Camera password');
  });

  it('shows the camera password (hidden until asked) to a reader with the camera right', () => {
    show(record(), { ...permissionFromLevel(1), camera: 1 });
    const password = screen.getByLabelText('Camera password') as HTMLInputElement;
    expect(password.readOnly).toBe(true);
    expect(password.type).toBe('password');
    expect(password.value).toBe('cam-1');
  });
});

describe('info tab with the edit right', { timeout: 60_000 }, () => {
  it('starts from the record, serial, unit id and model read only', () => {
    show();
    expect(input('Name').value).toBe('Pump');
    expect(input('Description').value).toBe('North well');
    expect(input('Group').value).toBe('Field A');
    expect(input('Equipment image').value).toBe('relay8.png');
    expect(input('Latitude').value).toBe('39.9');
    expect(input('Longitude').value).toBe('116.39');
    expect(input('Camera password').value).toBe('cam-1');
    expect(screen.getByTestId('info-model').textContent).toBe('8-channel relay board (FL-R8)');
    expect(screen.queryByLabelText('Serial number')).toBeNull();
    expect(screen.getByTestId('tab-info').textContent).toContain('DEMO0001');
    expect(saveButton().disabled).toBe(true);
  });

  it('checks each text at its bound and one past it', async () => {
    show();
    await expectErrors('Name', '', ['Enter a name']);
    await expectErrors('Name', '   ', ['Enter a name']);
    await expectErrors('Name', 'n'.repeat(65), ['At most 64 characters']);
    await expectErrors('Name', 'n'.repeat(64), []);
    await expectErrors('Name', 'n', []);
    await expectErrors('Description', 'd'.repeat(513), ['At most 512 characters']);
    await expectErrors('Description', 'd'.repeat(512), []);
    await expectErrors('Group', 'g'.repeat(65), ['At most 64 characters']);
    await expectErrors('Group', 'g'.repeat(64), []);
    await expectErrors('Equipment image', 'i'.repeat(513), ['At most 512 characters']);
    await expectErrors('Equipment image', 'i'.repeat(512), []);
    await expectErrors('Web background', 'w'.repeat(513), ['At most 512 characters']);
    await expectErrors('Web background', 'w'.repeat(512), []);
    await expectErrors('Camera password', 'p'.repeat(129), ['At most 128 characters']);
    await expectErrors('Camera password', 'p'.repeat(128), []);
  });

  it('checks the position: latitude within ±90, longitude within ±180, both or neither', async () => {
    show();
    await expectErrors('Latitude', '90.000001', ['Latitude is between -90 and 90']);
    await expectErrors('Latitude', '90', []);
    await expectErrors('Latitude', '-90.000001', ['Latitude is between -90 and 90']);
    await expectErrors('Latitude', '-90', []);
    await expectErrors('Longitude', '180.000001', ['Longitude is between -180 and 180']);
    await expectErrors('Longitude', '180', []);
    await expectErrors('Longitude', '-180.000001', ['Longitude is between -180 and 180']);
    await expectErrors('Longitude', '-180', []);
    await expectErrors('Longitude', '', ['Enter both latitude and longitude']);
  });

  it('sends only what changed, keeps the other keys of the param, and says it saved', async () => {
    const patched = (request: RecordedRequest): Reply => {
      const body = request.body as {
        name: string;
        group: string;
        settings: { param: Equipment['settings']['param'] };
      };
      const r = record({ name: body.name, group: body.group });
      return { body: { ...r, settings: { ...r.settings, param: body.settings.param } } };
    };
    const mock = serve({ 'PATCH /equipment/5': patched });
    show();
    fill('Name', 'Pump 2');
    fill('Group', 'Field B');
    fill('Latitude', '-33.8688');
    fill('Longitude', '151.2093');
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);
    fireEvent.click(saveButton());
    await screen.findByText('Device info saved', {}, SLOW);
    expect(mock.calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({
        path: '/equipment/5',
        body: {
          name: 'Pump 2',
          group: 'Field B',
          settings: {
            param: {
              basicParam: { NetType: 0, isGateWay: 0, gps: '151.2093, -33.8688', extra: 'kept' },
              other: 1,
            },
          },
        },
      }),
    ]);
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false), SLOW);
    expect(input('Name').value).toBe('Pump 2');
    expect(saveButton().disabled).toBe(true);
  });

  it('clears the camera password with null', async () => {
    const mock = serve({ 'PATCH /equipment/5': { body: record({ cameraPassword: null }) } });
    show();
    fill('Camera password', '');
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    fireEvent.click(saveButton());
    await screen.findByText('Device info saved', {}, SLOW);
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ cameraPassword: null });
  });

  it('hides the camera password from an editor without the camera right, and never sends it', () => {
    show(record(), { ...record().permission, camera: 0 });
    expect(screen.queryByLabelText('Camera password')).toBeNull();
  });

  it('sends nothing while a field is wrong', async () => {
    const mock = serve({});
    show();
    fill('Name', 'n'.repeat(65));
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    fireEvent.click(saveButton());
    await waitFor(() => expect(errorsOf('Name')).toEqual(['At most 64 characters']), SLOW);
    expect(mock.calls).toEqual([]);
    expect(input('Name').value).toBe('n'.repeat(65));
  });

  it('puts a server refusal on its field, and anything else above the form', async () => {
    serve({
      'PATCH /equipment/5': errorReply(
        400,
        'bad_request',
        'body.name: must not contain NUL characters; body.settings: something else',
      ),
    });
    show();
    fill('Name', 'Pump 3');
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    fireEvent.click(saveButton());
    await waitFor(() => expect(errorsOf('Name')).toEqual(['must not contain NUL characters']), SLOW);
    expect(screen.getByTestId('info-failure').textContent).toBe('Not saved: body.settings: something else');
    // Nothing typed is lost.
    expect(input('Name').value).toBe('Pump 3');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('undoes the changes on request', async () => {
    show();
    fill('Description', 'changed');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);
    fireEvent.click(screen.getByText('Undo changes').closest('button')!);
    await waitFor(() => expect(input('Description').value).toBe('North well'), SLOW);
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false), SLOW);
  });

  it('sends a picked colour as hex and a cleared one as empty, colour by colour', async () => {
    const colors = { ...sampleSettings(R8_COUNTS).colors, alarm: 'red' };
    const r = record({ settings: { ...record().settings, colors } });
    const mock = serve({ 'PATCH /equipment/5': { body: r } });
    show(r);
    fireEvent.click(screen.getByTestId('color-title'));
    const hex = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('.ant-color-picker-hex-input input');
      expect(found).not.toBeNull();
      return found!;
    }, SLOW);
    fireEvent.change(hex, { target: { value: '00ff00' } });
    await waitFor(() => expect(item('Description').closest('form')!.textContent).toContain('#00ff00'), SLOW);
    fireEvent.click(screen.getByTestId('color-alarm'));
    const clear = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-color-picker-clear')].at(-1);
      expect(found).toBeDefined();
      return found!;
    }, SLOW);
    fireEvent.click(clear);
    await waitFor(() => expect(saveButton().disabled).toBe(false), SLOW);
    fireEvent.click(saveButton());
    await screen.findByText('Device info saved', {}, SLOW);
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      settings: { colors: { title: '#00ff00', alarm: '' } },
    });
  });

  it('has no location section for a record without a position in its param', () => {
    show(record({ settings: { ...sampleSettings(R8_COUNTS), param: {} } }));
    expect(screen.queryByLabelText('Latitude')).toBeNull();
  });
});
