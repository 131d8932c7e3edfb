// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMe } from '../../session/me';
import type { BasicParam } from '../../session/me';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import QuietHoursForm from './QuietHoursForm';
import {
  button,
  control,
  expectMessage,
  fill,
  PATIENT,
  patchedMe,
  renderAccount,
  SAVE,
  signIn,
  signOut,
  SLOW,
} from './test-support';

const OVERNIGHT = '结束时间早于开始时间时，时段跨过午夜';

function openQuietHours() {
  renderAccount((me) => <QuietHoursForm param={me.param} />);
}

const enabled = () => control('开启免打扰');
const time = (label: '开始时间' | '结束时间') => (screen.getByLabelText(label) as HTMLInputElement).value;
const save = () => fireEvent.click(button(SAVE));

describe('personal center: quiet hours', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('shows the stored window as times of day, and says when it runs over midnight', async () => {
    signIn(
      sampleMe({ param: { ...sampleMe().param, quietHours: { enabled: true, start: 1350, end: 375 } } }),
    );
    openQuietHours();
    expect(enabled().getAttribute('aria-checked')).toBe('true');
    expect(time('开始时间')).toBe('22:30');
    expect(time('结束时间')).toBe('06:15');
    expect(await screen.findByText(OVERNIGHT, {}, SLOW)).toBeTruthy();
  });

  it('shows the defaults 19:00 to 08:01, switched off, for a record without quiet hours', async () => {
    // A record as a server or cache without the fields might hand it over: no quietHours at all.
    const { quietHours: _none, ...stored } = sampleMe().param;
    signIn(sampleMe({ param: stored as unknown as BasicParam }));
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    openQuietHours();
    expect(enabled().getAttribute('aria-checked')).toBe('false');
    expect(time('开始时间')).toBe('19:00');
    expect(time('结束时间')).toBe('08:01');
    save();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({
      param: { quietHours: { enabled: false, start: 1140, end: 481 } },
    });
  });

  it('saves the switch and the window as quietHours, keeping the rest of param', async () => {
    const before = sampleMe({
      param: {
        ...sampleMe().param,
        openAllButton: false,
        confirmOperations: true,
        alarm: { repeat: 4, sound: 6 },
        consoleSettings: { theme: 'ocean' },
      },
    });
    signIn(before);
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    openQuietHours();
    fireEvent.click(enabled());
    fill('开始时间', '22:30');
    fill('结束时间', '06:15');
    save();
    await expectMessage('保存成功');
    expect(mock.calls).toEqual([
      {
        method: 'PATCH',
        path: '/me',
        body: { param: { quietHours: { enabled: true, start: 1350, end: 375 } } },
        authorization: 'Bearer tok',
      },
    ]);
    expect(useMe.getState().me?.param).toEqual({
      ...before.param,
      quietHours: { enabled: true, start: 1350, end: 375 },
    });
  });

  it('switches quiet hours off without touching the window', async () => {
    signIn(sampleMe({ param: { ...sampleMe().param, quietHours: { enabled: true, start: 0, end: 1439 } } }));
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    openQuietHours();
    fireEvent.click(enabled());
    save();
    await waitFor(() => expect(useMe.getState().me?.param.quietHours.enabled).toBe(false), SLOW);
    expect(mock.calls[0]?.body).toEqual({ param: { quietHours: { enabled: false, start: 0, end: 1439 } } });
  });

  it('a window within the day is no overnight one', async () => {
    signIn();
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    openQuietHours();
    expect(await screen.findByText(OVERNIGHT, {}, SLOW)).toBeTruthy();
    fill('开始时间', '12:00');
    fill('结束时间', '13:00');
    await waitFor(() => expect(screen.queryByText(OVERNIGHT)).toBeNull(), SLOW);
    save();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ param: { quietHours: { enabled: false, start: 720, end: 780 } } });
  });

  it('wants both times and sends nothing without them', async () => {
    signIn();
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    openQuietHours();
    fill('开始时间', '');
    save();
    expect(await screen.findByText('请输入正确的时间', {}, SLOW)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(mock.calls).toEqual([]);
  });

  it('says why a save failed and keeps the stored window', async () => {
    signIn();
    restore = mockFetch({
      'PATCH /me': errorReply(400, 'bad_request', 'body.param.quietHours.start: out of range'),
    }).restore;
    openQuietHours();
    fill('开始时间', '21:00');
    save();
    await expectMessage('保存失败：body.param.quietHours.start: out of range');
    expect(useMe.getState().me?.param.quietHours.start).toBe(1140);
  });
});
