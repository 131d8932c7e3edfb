// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import en from '../../locales/en/cameras';
import { errorReply } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { renderPage } from '../auth/test-render';
import DeviceView from '../monitoring/DeviceView';
import {
  cameraList,
  cloudCamera,
  equipmentCamera,
  renderCameraTab,
  SLOW,
  ticket,
  urlCamera,
} from './test-support';

const hooks = setUpDeviceTests();
const OWNER: Permission = sampleRecord().permission;
const WATCHER: Permission = { ...permissionFromLevel(1), camera: 1 };
const CAMERA = 'GET /equipment/4/camera';
const LINK = 'PUT /equipment/4/camera';

const YARD = urlCamera({ id: 9, name: 'Yard' });
const OWN = cameraList({ own: [cloudCamera({ equipment: [{ id: 4, name: 'Pump house' }] }), YARD] });

const puts = (calls: RecordedRequest[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

/** The device view's tab keys, in order. */
function deviceTabs(permission: Permission): string[] {
  const record = sampleRecord({ id: 5, permission });
  seedEquipment({ types: { [record.type]: sampleType(record.type) }, records: [record] });
  renderPage(<DeviceView id={5} />, { path: '/Equips', route: '/Equips' });
  return [...document.querySelectorAll('[data-node-key]')].map((n) => n.getAttribute('data-node-key') ?? '');
}

describe('the Camera tab of the device view', () => {
  it('is there with the camera right, after the live values', () => {
    hooks.serve({ 'GET /equipment/5': { status: 500 } });
    expect(deviceTabs(OWNER).slice(0, 2)).toEqual(['live', 'camera']);
  });

  it('is absent without the camera right, even for an editor', () => {
    hooks.serve({ 'GET /equipment/5': { status: 500 } });
    expect(deviceTabs({ ...OWNER, camera: 0 })).not.toContain('camera');
  });
});

describe('the Camera tab', () => {
  it('gives a watcher the picture and the PTZ pad, and no link choice', async () => {
    const mock = hooks.serve({ [CAMERA]: { body: equipmentCamera() } });
    renderCameraTab(WATCHER);
    expect(await screen.findByTestId('camera-mjpeg', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('ptz-pad')).toBeTruthy();
    expect(screen.queryByTestId('camera-link')).toBeNull();
    expect(mock.calls.some((c) => c.path === '/cameras')).toBe(false);
  });

  it('has no PTZ pad for a camera without PTZ', async () => {
    hooks.serve({ [CAMERA]: { body: equipmentCamera({ ptz: false }) } });
    renderCameraTab(WATCHER);
    expect(await screen.findByTestId('camera-mjpeg', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('ptz-pad')).toBeNull();
  });

  it('says why the camera could not be read', async () => {
    hooks.serve({ [CAMERA]: errorReply(403, 'forbidden', 'no camera right') });
    renderCameraTab(WATCHER);
    expect(await screen.findByText('The camera could not be read: no camera right', {}, SLOW)).toBeTruthy();
  });

  it('lets the owner link another of their cameras, with the note on sharing', async () => {
    const mock = hooks.serve({
      [CAMERA]: { body: equipmentCamera() },
      'GET /cameras': { body: OWN },
      [LINK]: {
        body: equipmentCamera({
          link: { cameraId: 9 },
          camera: YARD,
          stream: ticket('/api/v1/camera-streams/yard'),
          ptz: false,
        }),
      },
    });
    renderCameraTab(OWNER);
    expect((await screen.findByTestId('camera-sharing-note', {}, SLOW)).textContent).toBe(
      en.link.sharingNote,
    );
    // The linked camera shows as chosen once the user's cameras are read.
    expect(await screen.findByText('Gate (C1234 · channel 1)', {}, SLOW)).toBeTruthy();
    const save = screen.getByTestId('camera-link-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await act(async () => {
      fireEvent.mouseDown(screen.getByLabelText(en.link.camera));
    });
    const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option[title^="Yard"]')].at(
      -1,
    );
    fireEvent.click(option!);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(puts(mock.calls)).toEqual([{ link: { cameraId: 9 } }]));
    // The reply's camera plays, without PTZ.
    await waitFor(() =>
      expect(screen.getByTestId('camera-mjpeg').getAttribute('src')).toBe('/api/v1/camera-streams/yard'),
    );
    expect(screen.queryByTestId('ptz-pad')).toBeNull();
    expect(await screen.findByText(en.link.linked, {}, SLOW)).toBeTruthy();
  });

  it('lets the owner unlink the camera', async () => {
    const mock = hooks.serve({
      [CAMERA]: { body: equipmentCamera() },
      'GET /cameras': { body: OWN },
      [LINK]: { body: equipmentCamera({ link: null, camera: null, stream: null, ptz: false }) },
    });
    renderCameraTab(OWNER);
    fireEvent.click(await screen.findByTestId('camera-unlink', {}, SLOW));
    await waitFor(() => expect(puts(mock.calls)).toEqual([{ link: null }]));
    expect(await screen.findByText(en.device.noCamera, {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('camera-unlink')).toBeNull();
  });

  it('tells an owner without cameras where to add one', async () => {
    hooks.serve({
      [CAMERA]: { body: equipmentCamera({ link: null, camera: null, stream: null, ptz: false }) },
      'GET /cameras': { body: cameraList() },
    });
    renderCameraTab(OWNER);
    expect(await screen.findByTestId('no-own-cameras', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(en.device.noCamera)).toBeTruthy();
  });
});
