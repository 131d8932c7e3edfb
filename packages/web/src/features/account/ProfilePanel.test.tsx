// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMe } from '../../session/me';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import ProfilePanel, { CITY_MAX } from './ProfilePanel';
import {
  button,
  expectMessage,
  PATIENT,
  fill,
  patchedMe,
  renderAccount,
  SAVE,
  signIn,
  signOut,
  SLOW,
} from './test-support';
import { browserTimeZone, formatInstant } from '../../time/format';

/** The value shown beside a label of the profile's table. */
function shown(label: string): string | null | undefined {
  const th = screen.getByText(label, { selector: 'th, th *' }).closest('th');
  return th?.nextElementSibling?.textContent;
}

/** The calls of the panel itself; the weather the area field asks after (GET /weather) aside. */
const asked = (mock: ReturnType<typeof mockFetch>) => mock.calls.filter((c) => c.path !== '/weather');

function openProfile() {
  renderAccount((me) => <ProfilePanel me={me} />);
}

describe('personal center: profile', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it("shows the user's name, id, level with its group, registration, phone and e-mail", () => {
    const me = sampleMe({ id: 42, userName: 'bob', authority: 6, email: 'bob@example.com', city: '杭州' });
    signIn(me);
    openProfile();
    expect(shown('用户名')).toBe('bob');
    expect(shown('用户编号')).toBe('42');
    expect(shown('权限等级')).toBe('黄金用户 (6)');
    expect(shown('注册时间')).toBe(formatInstant(me.registeredAt, browserTimeZone(), 'zh'));
    expect(shown('手机号')).toBe('13800000000');
    expect(shown('邮箱')).toBe('bob@example.com');
    expect((screen.getByLabelText('所在城市') as HTMLInputElement).value).toBe('杭州');
  });

  it('says what is not bound, and names the highest group of the level', () => {
    signIn(sampleMe({ authority: 1000, phone: null, email: null }));
    openProfile();
    expect(shown('手机号')).toBe('未绑定');
    expect(shown('邮箱')).toBe('未绑定');
    expect(shown('权限等级')).toBe('超级管理员 (1000)');
    expect((screen.getByLabelText('所在城市') as HTMLInputElement).value).toBe('');
  });

  it('limits the city to 64 characters', () => {
    signIn();
    openProfile();
    expect(CITY_MAX).toBe(64);
    expect(screen.getByLabelText('所在城市').getAttribute('maxlength')).toBe('64');
  });

  it('saves the edited city, trimmed, through PATCH /me and shows the reply', async () => {
    signIn();
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    openProfile();
    fill('所在城市', '  深圳 ');
    fireEvent.click(button(SAVE));
    await expectMessage('保存成功');
    expect(asked(mock)).toEqual([
      { method: 'PATCH', path: '/me', body: { city: '深圳' }, authorization: 'Bearer tok' },
    ]);
    expect(useMe.getState().me?.city).toBe('深圳');
    expect((screen.getByLabelText('所在城市') as HTMLInputElement).value).toBe('深圳');
  });

  it('clears the city with an empty field (null, not an empty text)', async () => {
    signIn(sampleMe({ city: '北京' }));
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    openProfile();
    fill('所在城市', '   ');
    fireEvent.click(button(SAVE));
    await waitFor(() => expect(asked(mock)).toHaveLength(1), SLOW);
    expect(asked(mock)[0]?.body).toEqual({ city: null });
    await waitFor(() => expect(useMe.getState().me?.city).toBeNull(), SLOW);
  });

  it("says why a save failed and keeps the user's record", async () => {
    signIn(sampleMe({ city: '北京' }));
    const mock = mockFetch({
      'PATCH /me': errorReply(400, 'bad_request', 'city: at most 64 characters'),
    });
    restore = mock.restore;
    openProfile();
    fill('所在城市', '上海');
    fireEvent.click(button(SAVE));
    await expectMessage('保存失败：city: at most 64 characters');
    expect(asked(mock)).toHaveLength(1);
    expect(useMe.getState().me?.city).toBe('北京');
    expect(screen.queryByText('保存成功')).toBeNull();
  });
});
