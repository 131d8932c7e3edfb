// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMe } from '../../session/me';
import { mockFetch } from '../../session/test-support';
import AlarmSoundForm from './AlarmSoundForm';
import {
  button,
  control,
  expectMessage,
  PATIENT,
  patchedMe,
  renderAccount,
  SAVE,
  signIn,
  signOut,
  SLOW,
} from './test-support';

/** The form as the personal center shows it: fed from the session's user record. */
async function openAlarmTab() {
  renderAccount((me) => <AlarmSoundForm alarm={me.param.alarm} />);
  await screen.findByLabelText('静音', {}, SLOW);
}

describe('personal center: alarm sound', PATIENT, () => {
  let restore = (): void => undefined;
  beforeEach(() => signIn());
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('shows the six choices with the current one selected', async () => {
    await openAlarmTab();
    const labels = ['静音', '响一声', '10 秒', '1 分钟', '10 分钟', '持续'];
    for (const label of labels) expect(control(label).type).toBe('radio');
    expect(labels.filter((label) => control(label).checked)).toEqual(['响一声']);
  });

  it('saves the chosen type with the sound through PATCH /me and updates the user record', async () => {
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    await openAlarmTab();
    fireEvent.click(control('1 分钟'));
    fireEvent.click(button(SAVE));
    await waitFor(() => expect(useMe.getState().me?.param.alarm).toEqual({ repeat: 3, sound: 0 }), SLOW);
    expect(mock.calls).toEqual([
      {
        method: 'PATCH',
        path: '/me',
        body: { param: { alarm: { repeat: 3, sound: 0 } } },
        authorization: 'Bearer tok',
      },
    ]);
    await expectMessage('保存成功');
  });

  it('saves the chosen tone as its number (tone 4 is sound 3)', async () => {
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    await openAlarmTab();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '报警铃声' }));
    fireEvent.click(await screen.findByTitle('铃声 4', {}, SLOW));
    fireEvent.click(control('持续'));
    fireEvent.click(button(SAVE));
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ param: { alarm: { repeat: 5, sound: 3 } } });
  });

  it('has no tone to choose when muted', async () => {
    await openAlarmTab();
    fireEvent.click(control('静音'));
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: '报警铃声' }).hasAttribute('disabled')).toBe(true),
      SLOW,
    );
  });
});
