// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import en from '../../locales/en/cameras';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest, Routes } from '../../session/test-support';
import { patchedMe, renderAccount, signIn, signOut } from '../account/test-support';
import CameraAccountForm from './CameraAccountForm';
import CamerasPanel from './CamerasPanel';
import UrlCameraDialog from './UrlCameraDialog';
import { cameraList, cloudCamera, urlCamera } from './fixtures';
import { noMotion } from './no-motion';

const SLOW = { timeout: 4000 };

const GATE = cloudCamera({ name: 'Gate', equipment: [{ id: 4, name: 'Pump house' }] });
const YARD = urlCamera({ id: 9, name: 'Yard' });
const BARN = cloudCamera({ key: 'cloud:S9_2', name: 'Barn', serial: 'S9', channel: 2, online: false });

let restore = (): void => undefined;
beforeEach(() => {
  signIn(sampleMe({ cameraParam: { appKey: 'k1', appSecret: 's1', accessToken: 'tok', appType: 'hk' } }));
  setLanguage('en');
});
afterEach(() => {
  restore();
  signOut();
});

function serve(routes: Routes) {
  const mock = mockFetch({
    'GET /cameras': { body: cameraList({ own: [GATE, YARD], shared: [BARN] }) },
    ...routes,
  });
  restore = mock.restore;
  return mock;
}

const sentTo = (calls: RecordedRequest[], method: string) => calls.filter((c) => c.method === method);

describe('the Cameras tab of the personal center', () => {
  it('lists own and shared cameras apart, shows the account error, and removes a camera', async () => {
    const mock = serve({
      'GET /cameras': {
        body: cameraList({
          own: [GATE, YARD],
          shared: [BARN],
          account: { configured: true, appType: 'hk', error: 'camera info read abnormal' },
        }),
      },
      'DELETE /cameras/9': { status: 204 },
    });
    renderAccount((me) => noMotion(<CamerasPanel me={me} />));
    const own = screen.getByTestId('own-cameras');
    await waitFor(() => expect(within(own).getByText('Gate')).toBeTruthy(), SLOW);
    const shared = screen.getByTestId('shared-cameras');
    expect(within(own).queryByText('Barn')).toBeNull();
    expect(within(shared).getByText('Barn')).toBeTruthy();
    expect(within(shared).queryByText('Gate')).toBeNull();
    expect(within(own).getByText('C1234 · channel 1')).toBeTruthy();
    expect(within(own).getByText('http://192.168.1.20/video.mjpg')).toBeTruthy();
    expect(within(shared).getByText('S9 · channel 2')).toBeTruthy();
    expect(within(shared).getByText('offline')).toBeTruthy();
    expect(within(own).getByText('Pump house').closest('a')?.getAttribute('href')).toBe('/Equips?id=4');
    // Only the user's own stream-address cameras can be changed: one row of actions.
    expect(within(own).getAllByText(en.lists.edit)).toHaveLength(1);
    expect(within(shared).queryByText(en.lists.edit)).toBeNull();
    expect(screen.getByTestId('camera-account-error').textContent).toBe(
      'The video-cloud account could not be read: Camera info read abnormal',
    );

    fireEvent.click(within(own).getByText(en.lists.delete));
    const confirm = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)');
      expect(open).toBeTruthy();
      return open!;
    }, SLOW);
    await act(async () => {
      fireEvent.click([...confirm.querySelectorAll('button')].at(-1)!);
    });
    await waitFor(
      () => expect(sentTo(mock.calls, 'DELETE').map((c) => c.path)).toEqual(['/cameras/9']),
      SLOW,
    );
  });

  it('saves the account through PATCH /me, dropping the old token with a new appKey', async () => {
    const mock = serve({ 'PATCH /me': patchedMe });
    renderAccount((me) => noMotion(<CameraAccountForm stored={me.cameraParam} status={undefined} />));
    expect(screen.getByText(en.account.skipped)).toBeTruthy();
    const save = screen.getByTestId('camera-account-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(en.account.appKey), { target: { value: 'k2' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(sentTo(mock.calls, 'PATCH')).toHaveLength(1), SLOW);
    expect(sentTo(mock.calls, 'PATCH')[0]!.body).toEqual({
      cameraParam: { appKey: 'k2', appSecret: 's1', appType: 'hk' },
    });
  });
});

describe('the stream-address camera dialog', () => {
  it('sends a new camera only with a valid address', async () => {
    const mock = serve({ 'POST /cameras': { status: 201, body: urlCamera({ id: 10, name: 'Dock' }) } });
    const onClose = vi.fn();
    renderAccount(noMotion(<UrlCameraDialog open camera={null} onClose={onClose} />));
    const form = screen.getByTestId('url-camera-form');
    fireEvent.change(within(form).getByLabelText(en.form.name), { target: { value: 'Dock' } });
    fireEvent.change(within(form).getByLabelText(en.form.url), {
      target: { value: 'http://admin:secret@10.0.0.5/live.m3u8' },
    });
    fireEvent.click(within(form).getByText(en.form.kinds.hls));
    fireEvent.click(screen.getByTestId('url-camera-save'));
    expect(await within(form).findByText(en.form.urlInvalid, {}, SLOW)).toBeTruthy();
    expect(sentTo(mock.calls, 'POST')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(en.form.url), {
      target: { value: 'https://10.0.0.5/live.m3u8' },
    });
    fireEvent.click(screen.getByTestId('url-camera-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(sentTo(mock.calls, 'POST').map((c) => c.body)).toEqual([
      { name: 'Dock', url: 'https://10.0.0.5/live.m3u8', kind: 'hls' },
    ]);
  });

  it('refuses an empty name, and sends only what changed of a camera', async () => {
    const mock = serve({ 'PATCH /cameras/9': { body: { ...YARD, name: 'Back yard' } } });
    const onClose = vi.fn();
    renderAccount(noMotion(<UrlCameraDialog open camera={YARD} onClose={onClose} />));
    const form = screen.getByTestId('url-camera-form');
    fireEvent.change(within(form).getByLabelText(en.form.name), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('url-camera-save'));
    expect(await within(form).findByText(en.form.nameRequired, {}, SLOW)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(en.form.name), { target: { value: 'Back yard' } });
    fireEvent.click(screen.getByTestId('url-camera-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(sentTo(mock.calls, 'PATCH').map((c) => c.body)).toEqual([{ name: 'Back yard' }]);
  });
});
