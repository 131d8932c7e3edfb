// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { useSession } from '../../session/store';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { renderPage } from '../auth/test-render';
import AlarmSoundForm from './AlarmSoundForm';

const SLOW = { timeout: 8000 };

/** The server's merge of an alarm patch onto the stored record. */
function patched(request: RecordedRequest) {
  const me = useMe.getState().me ?? sampleMe();
  const body = request.body as { param?: { info?: { alarm?: Record<string, number> } } };
  const alarm = { ...me.param.info.alarm, ...body.param?.info?.alarm };
  return { body: { ...me, param: { ...me.param, info: { ...me.param.info, alarm } } } };
}

/** The form as the personal center shows it: fed from the session's user record. */
function AlarmOfMe() {
  const alarm = useMe((s) => s.me?.param.info.alarm) ?? sampleMe().param.info.alarm;
  return <AlarmSoundForm alarm={alarm} />;
}

async function openAlarmTab() {
  renderPage(<AlarmOfMe />, { path: '/setting/personalCenter', route: '/setting/personalCenter' });
  await screen.findByRole('radio', { name: '静音' }, SLOW);
}

describe('personal center: alarm sound', () => {
  let restore = (): void => undefined;
  beforeEach(() => {
    setLanguage('zh');
    useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
    useMe.getState().setMe(sampleMe());
  });
  afterEach(() => {
    restore();
    cleanup();
    useSession.getState().clear();
    useMe.getState().setMe(null);
  });

  it('shows the six choices with the current one selected', async () => {
    await openAlarmTab();
    const labels = ['静音', '响一声', '10 秒', '1 分钟', '10 分钟', '持续'];
    for (const label of labels) expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '响一声' }) as HTMLInputElement).checked).toBe(true);
  });

  it('saves the chosen type with the sound through PATCH /me and updates the user record', async () => {
    const mock = mockFetch({ 'PATCH /me': patched });
    restore = mock.restore;
    await openAlarmTab();
    fireEvent.click(screen.getByRole('radio', { name: '1 分钟' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(
      () => expect(useMe.getState().me?.param.info.alarm).toEqual({ alarmtype: 3, alarmsound: 0 }),
      SLOW,
    );
    expect(mock.calls).toEqual([
      {
        method: 'PATCH',
        path: '/me',
        body: { param: { info: { alarm: { alarmtype: 3, alarmsound: 0 } } } },
        authorization: 'Bearer tok',
      },
    ]);
    expect(await screen.findByText('保存成功', {}, SLOW)).toBeTruthy();
  });

  it('saves the chosen tone as its number (tone 4 is alarmsound 3)', async () => {
    const mock = mockFetch({ 'PATCH /me': patched });
    restore = mock.restore;
    await openAlarmTab();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '报警铃声' }));
    fireEvent.click(await screen.findByTitle('铃声 4', {}, SLOW));
    fireEvent.click(screen.getByRole('radio', { name: '持续' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ param: { info: { alarm: { alarmtype: 5, alarmsound: 3 } } } });
  });

  it('has no tone to choose when muted', async () => {
    await openAlarmTab();
    fireEvent.click(screen.getByRole('radio', { name: '静音' }));
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: '报警铃声' }).hasAttribute('disabled')).toBe(true),
      SLOW,
    );
  });
});
