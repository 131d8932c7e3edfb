// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorReply, mockFetch } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import PasswordForm from './PasswordForm';
import {
  button,
  expectMessage,
  PATIENT,
  fill,
  renderAccount,
  SAVE,
  signIn,
  signOut,
  SLOW,
} from './test-support';

const CURRENT = '当前密码';
const NEXT = '新密码';
const CONFIRM = '确认密码';

function openPassword() {
  renderAccount(<PasswordForm />);
}

const submit = () => fireEvent.click(button(SAVE));
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const passwordCalls = (calls: readonly RecordedRequest[]) => calls.filter((c) => c.path === '/me/password');

describe('personal center: password', PATIENT, () => {
  let restore = (): void => undefined;
  beforeEach(() => signIn());
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('asks for the current and the new password and sends nothing', async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    openPassword();
    submit();
    // The current and the new password are both required (§5).
    await waitFor(() => expect(screen.getAllByText('请输入密码')).toHaveLength(2), SLOW);
    expect(mock.calls).toEqual([]);
  });

  it('wants at least 6 and at most 128 characters for the new password (§5)', async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    openPassword();
    fill(CURRENT, 'old-secret');
    fill(NEXT, '12345');
    fill(CONFIRM, '12345');
    submit();
    expect(await screen.findByText('密码不能少于 6 位', {}, SLOW)).toBeTruthy();
    fill(NEXT, 'x'.repeat(129));
    expect(await screen.findByText('密码不能多于 128 位', {}, SLOW)).toBeTruthy();
    fill(NEXT, '123456');
    await waitFor(() => {
      expect(screen.queryByText('密码不能少于 6 位')).toBeNull();
      expect(screen.queryByText('密码不能多于 128 位')).toBeNull();
    }, SLOW);
    expect(passwordCalls(mock.calls)).toEqual([]);
  });

  it('wants the repeat to match, and checks it again when the new password changes', async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    openPassword();
    fill(CURRENT, 'old-secret');
    fill(NEXT, 'new-secret');
    fill(CONFIRM, 'new-secreT');
    submit();
    expect(await screen.findByText('两次输入的密码不一致', {}, SLOW)).toBeTruthy();
    fill(CONFIRM, 'new-secret');
    await waitFor(() => expect(screen.queryByText('两次输入的密码不一致')).toBeNull(), SLOW);
    fill(NEXT, 'new-secret2');
    expect(await screen.findByText('两次输入的密码不一致', {}, SLOW)).toBeTruthy();
    expect(passwordCalls(mock.calls)).toEqual([]);
  });

  it('sends the current and the new password, says so, and empties the form', async () => {
    const mock = mockFetch({ 'PATCH /me/password': { status: 204 } });
    restore = mock.restore;
    openPassword();
    fill(CURRENT, 'old-secret');
    fill(NEXT, 'new-secret');
    fill(CONFIRM, 'new-secret');
    submit();
    await expectMessage('密码已修改，其他设备上的登录已退出');
    expect(mock.calls).toEqual([
      {
        method: 'PATCH',
        path: '/me/password',
        body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
        authorization: 'Bearer tok',
      },
    ]);
    expect([value(CURRENT), value(NEXT), value(CONFIRM)]).toEqual(['', '', '']);
  });

  it('says the current password is wrong and keeps what was typed', async () => {
    const mock = mockFetch({
      'PATCH /me/password': errorReply(403, 'forbidden', 'current password wrong'),
    });
    restore = mock.restore;
    openPassword();
    fill(CURRENT, 'not-it');
    fill(NEXT, 'new-secret');
    fill(CONFIRM, 'new-secret');
    submit();
    await expectMessage('保存失败：当前密码错误');
    expect(passwordCalls(mock.calls)).toHaveLength(1);
    expect(value(CURRENT)).toBe('not-it');
    expect(screen.queryByText('密码已修改，其他设备上的登录已退出')).toBeNull();
  });

  it("gives the server's words for another failure", async () => {
    restore = mockFetch({
      'PATCH /me/password': errorReply(500, 'internal', 'database unavailable'),
    }).restore;
    openPassword();
    fill(CURRENT, 'old-secret');
    fill(NEXT, 'new-secret');
    fill(CONFIRM, 'new-secret');
    submit();
    await expectMessage('保存失败：database unavailable');
  });
});
