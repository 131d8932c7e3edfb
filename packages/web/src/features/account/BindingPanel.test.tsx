// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMe } from '../../session/me';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest, Reply, Routes } from '../../session/test-support';
import { clearNotices } from '../../shell/notices';
import BindingPanel from './BindingPanel';
import { button, expectMessage, fill, PATIENT, renderAccount, signIn, signOut, SLOW } from './test-support';

const BIND = /^绑\s*定$/;
const CODE_SENT: Reply = { body: { sent: true, expiresAt: '2026-11-23T10:05:00Z' } };

/** The server's POST /me/bind: the record with the new phone or address (kept in lower case). */
function bound(request: RecordedRequest): Reply {
  const me = useMe.getState().me ?? sampleMe();
  const body = request.body as { phone?: string; email?: string };
  return {
    body: body.phone ? { ...me, phone: body.phone } : { ...me, email: body.email?.toLowerCase() ?? null },
  };
}

/** The social links card asks for its lists; none here. */
const SOCIAL: Routes = {
  'GET /me/social': { body: { items: [] } },
  'GET /auth/social-providers': { body: { items: [] } },
};

function openBinding(routes: Routes = {}) {
  const mock = mockFetch({ ...SOCIAL, ...routes });
  renderAccount((me) => <BindingPanel me={me} />);
  return mock;
}

/** One of the panel's cards, by its title. */
function card(title: '绑定手机' | '绑定邮箱') {
  const element = screen.getByText(title).closest('.ant-card');
  if (!(element instanceof HTMLElement)) throw new Error(`no card ${title}`);
  return within(element);
}

const phoneCard = () => card('绑定手机');
const emailCard = () => card('绑定邮箱');
const calls = (all: readonly RecordedRequest[], path: string) => all.filter((c) => c.path === path);
const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;

describe('personal center: binding', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
    clearNotices();
  });

  it('shows the current phone and e-mail, and removing the e-mail only when there is one', async () => {
    signIn(sampleMe({ phone: '13800000000', email: null }));
    restore = openBinding().restore;
    expect(phoneCard().getByText('当前：13800000000')).toBeTruthy();
    expect(emailCard().getByText('当前：未绑定')).toBeTruthy();
    expect(screen.queryByText('解除邮箱绑定')).toBeNull();
    expect(await screen.findByText('尚未绑定第三方账号', {}, SLOW)).toBeTruthy();
  });

  it('each form labels its own fields', () => {
    signIn();
    restore = openBinding().restore;
    const phone = phoneCard();
    const email = emailCard();
    expect(phone.getByLabelText('新手机号').getAttribute('inputmode')).toBe('numeric');
    expect(email.getByLabelText('新邮箱').getAttribute('inputmode')).toBe('email');
    expect(phone.getByLabelText('短信验证码').getAttribute('maxlength')).toBe('6');
    // An e-mail address is sent its code by e-mail, not by SMS.
    expect(email.queryByLabelText('短信验证码')).toBeNull();
    expect(email.getByLabelText('邮箱验证码').getAttribute('maxlength')).toBe('6');
    for (const form of [phone, email]) {
      expect(form.getByLabelText('账号密码').getAttribute('type')).toBe('password');
    }
    const ids = [...document.querySelectorAll('input[id]')].map((input) => input.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for no code for a missing or wrong phone number (§5 messages)', async () => {
    signIn();
    const mock = openBinding({ 'POST /auth/verification-codes': CODE_SENT });
    restore = mock.restore;
    fireEvent.click(button('获取验证码', phoneCard()));
    expect(await phoneCard().findByText('手机号和短信验证码不能为空', {}, SLOW)).toBeTruthy();
    fill('新手机号', '23800000000', phoneCard());
    fireEvent.click(button('获取验证码', phoneCard()));
    expect(await phoneCard().findByText('请输入正确的手机号', {}, SLOW)).toBeTruthy();
    fill('新手机号', '1380000000', phoneCard());
    fireEvent.click(button('获取验证码', phoneCard()));
    // The field checks again on the click (asynchronously: under load it takes a while).
    expect(await phoneCard().findByText('请输入正确的手机号', {}, SLOW)).toBeTruthy();
    expect(calls(mock.calls, '/auth/verification-codes')).toEqual([]);
  });

  it('binds a phone: a bind code sent to it, then the code with the password', async () => {
    signIn(sampleMe({ phone: '13800000000' }));
    const mock = openBinding({ 'POST /auth/verification-codes': CODE_SENT, 'POST /me/bind': bound });
    restore = mock.restore;
    fill('新手机号', ' 13900000001 ', phoneCard());
    fireEvent.click(button('获取验证码', phoneCard()));
    await expectMessage('验证码获取成功');
    expect(calls(mock.calls, '/auth/verification-codes')).toEqual([
      {
        method: 'POST',
        path: '/auth/verification-codes',
        body: { phone: '13900000001', purpose: 'bind' },
        authorization: null,
      },
    ]);
    // Counting down from 60 s (already a second or two less on a busy machine).
    await phoneCard().findByText(/^\d+ 秒后重新获取$/, {}, SLOW);
    expect(button(/^\d+ 秒后重新获取$/, phoneCard()).disabled).toBe(true);
    expect(button('获取验证码', emailCard()).disabled).toBe(false);

    fill('短信验证码', '123456', phoneCard());
    fill('账号密码', 'my-secret', phoneCard());
    fireEvent.click(button(BIND, phoneCard()));
    await expectMessage('绑定成功');
    expect(calls(mock.calls, '/me/bind')).toEqual([
      {
        method: 'POST',
        path: '/me/bind',
        body: { phone: '13900000001', code: '123456', password: 'my-secret' },
        authorization: 'Bearer tok',
      },
    ]);
    expect(useMe.getState().me?.phone).toBe('13900000001');
    expect(phoneCard().getByText('当前：13900000001')).toBeTruthy();
    await waitFor(() => expect(inputValue(phoneCard().getByLabelText('新手机号'))).toBe(''), SLOW);
    expect(inputValue(phoneCard().getByLabelText('账号密码'))).toBe('');
  });

  it('wants the 6-digit code and the password before binding', async () => {
    signIn();
    const mock = openBinding({ 'POST /me/bind': bound });
    restore = mock.restore;
    fill('新手机号', '13900000001', phoneCard());
    fill('短信验证码', '12345', phoneCard());
    fireEvent.click(button(BIND, phoneCard()));
    expect(await phoneCard().findByText('验证码为 6 位数字', {}, SLOW)).toBeTruthy();
    expect(await phoneCard().findByText('请输入密码', {}, SLOW)).toBeTruthy();
    expect(calls(mock.calls, '/me/bind')).toEqual([]);
  });

  it('says why a bind failed and keeps the old phone', async () => {
    signIn(sampleMe({ phone: '13800000000' }));
    const mock = openBinding({
      'POST /me/bind': errorReply(409, 'conflict', 'this phone is already bound to another account'),
    });
    restore = mock.restore;
    fill('新手机号', '13900000001', phoneCard());
    fill('短信验证码', '123456', phoneCard());
    fill('账号密码', 'my-secret', phoneCard());
    fireEvent.click(button(BIND, phoneCard()));
    await expectMessage('保存失败：该手机号已绑定其他账号');
    expect(useMe.getState().me?.phone).toBe('13800000000');
    expect(inputValue(phoneCard().getByLabelText('新手机号'))).toBe('13900000001');
  });

  it('asks for no code for a wrong e-mail address (§5 message)', async () => {
    signIn();
    const mock = openBinding({ 'POST /auth/verification-codes': CODE_SENT });
    restore = mock.restore;
    fireEvent.click(button('获取验证码', emailCard()));
    expect(await emailCard().findByText('请输入邮箱', {}, SLOW)).toBeTruthy();
    fill('新邮箱', 'ops@example', emailCard());
    fireEvent.click(button('获取验证码', emailCard()));
    expect(await emailCard().findByText('请输入正确的邮箱', {}, SLOW)).toBeTruthy();
    expect(calls(mock.calls, '/auth/verification-codes')).toEqual([]);
  });

  it('asks for the e-mail code in words about e-mail, not about a phone', async () => {
    signIn(sampleMe({ email: null }));
    const mock = openBinding({ 'POST /me/bind': bound });
    restore = mock.restore;
    fill('新邮箱', 'ops@example.com', emailCard());
    fill('账号密码', 'my-secret', emailCard());
    fireEvent.click(button(BIND, emailCard()));
    expect(await emailCard().findByText('请输入发送到邮箱的验证码', {}, SLOW)).toBeTruthy();
    expect(emailCard().queryByText('手机号和短信验证码不能为空')).toBeNull();
    expect(calls(mock.calls, '/me/bind')).toHaveLength(0);
  });

  it('binds an e-mail address the same way', async () => {
    signIn(sampleMe({ email: null }));
    const mock = openBinding({ 'POST /auth/verification-codes': CODE_SENT, 'POST /me/bind': bound });
    restore = mock.restore;
    fill('新邮箱', 'Ops@Example.com', emailCard());
    fireEvent.click(button('获取验证码', emailCard()));
    await expectMessage('验证码获取成功');
    expect(calls(mock.calls, '/auth/verification-codes')[0]?.body).toEqual({
      email: 'Ops@Example.com',
      purpose: 'bind',
    });
    fill('邮箱验证码', '654321', emailCard());
    fill('账号密码', 'my-secret', emailCard());
    fireEvent.click(button(BIND, emailCard()));
    await expectMessage('绑定成功');
    expect(calls(mock.calls, '/me/bind')[0]?.body).toEqual({
      email: 'Ops@Example.com',
      code: '654321',
      password: 'my-secret',
    });
    expect(emailCard().getByText('当前：ops@example.com')).toBeTruthy();
    // The phone form was not touched.
    expect(inputValue(phoneCard().getByLabelText('新手机号'))).toBe('');
  });

  it('removes the e-mail address after asking', async () => {
    signIn(sampleMe({ email: 'ops@example.com' }));
    const mock = openBinding({
      'DELETE /me/email': () => ({ body: { ...sampleMe(), email: null } }),
    });
    restore = mock.restore;
    expect(emailCard().getByText('当前：ops@example.com')).toBeTruthy();
    fireEvent.click(button('解除邮箱绑定'));
    expect(await screen.findByText('确定解除邮箱 ops@example.com 的绑定吗？', {}, SLOW)).toBeTruthy();
    expect(calls(mock.calls, '/me/email')).toEqual([]);
    fireEvent.click(button(/^(确\s*定|OK)$/));
    await expectMessage('邮箱已解除绑定');
    expect(calls(mock.calls, '/me/email')).toHaveLength(1);
    expect(useMe.getState().me?.email).toBeNull();
    expect(emailCard().getByText('当前：未绑定')).toBeTruthy();
  });
});
