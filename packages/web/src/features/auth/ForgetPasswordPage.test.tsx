// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import en from '../../locales/en/auth';
import zh from '../../locales/zh/auth';
import { errorReply, mockFetch, unreachable } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import ForgetPasswordPage from './ForgetPasswordPage';
import { clickButton, renderPage } from './test-render';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
const SLOW = { timeout: 8000 };
const CODE_SENT = { status: 202, body: { sent: true, expiresAt: '2026-01-05T08:10:00.000Z' } };

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

function fillGood(texts: typeof zh = zh) {
  fill(texts.placeholders.phone, '13800000000');
  fill(texts.placeholders.code, '654321');
  fill(texts.placeholders.newPassword, 'new-secret');
  fill(texts.placeholders.confirmPassword, 'new-secret');
}

const show = () => renderPage(<ForgetPasswordPage />, { path: '/ForgetPasswd', route: '/ForgetPasswd' });

describe('account recovery (/ForgetPasswd)', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  beforeAll(installDomStubs);
  beforeEach(() => setLanguage('zh'));
  afterEach(() => {
    restore();
    cleanup();
  });

  it('checks the form (§5) and sends nothing while it is wrong', async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    show();
    clickButton(zh.actions.resetPassword);
    await waitFor(() => expect(screen.getAllByText(zh.validation.phoneRequired)).toHaveLength(2), SLOW);
    expect(await screen.findByText(zh.validation.passwordRequired, {}, SLOW)).toBeTruthy();
    fill(zh.placeholders.phone, '1380000000');
    fill(zh.placeholders.code, '65432');
    fill(zh.placeholders.newPassword, 'short');
    fill(zh.placeholders.confirmPassword, 'other1');
    clickButton(zh.actions.resetPassword);
    expect(await screen.findByText(zh.validation.phoneInvalid, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.codeInvalid, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.passwordTooShort, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.passwordMismatch, {}, SLOW)).toBeTruthy();
    expect(mock.calls).toEqual([]);
  });

  it('asks no code for a wrong number', async () => {
    const mock = mockFetch({ 'POST /auth/verification-codes': CODE_SENT });
    restore = mock.restore;
    show();
    fill(zh.placeholders.phone, '2380000000');
    clickButton(zh.actions.getCode);
    expect(await screen.findByText(zh.validation.phoneInvalid, {}, SLOW)).toBeTruthy();
    expect(mock.calls).toEqual([]);
  });

  it("asks for a 'recover' code and says the SMS was sent, valid 10 minutes (§5)", async () => {
    const mock = mockFetch({ 'POST /auth/verification-codes': CODE_SENT });
    restore = mock.restore;
    show();
    fill(zh.placeholders.phone, '13800000000');
    clickButton(zh.actions.getCode);
    expect(await screen.findByText(zh.messages.codeSentRecover, {}, SLOW)).toBeTruthy();
    expect(mock.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/auth/verification-codes', { phone: '13800000000', purpose: 'recover' }],
    ]);
  });

  it('a code that cannot be asked for says the network error (§8)', async () => {
    const mock = mockFetch({ 'POST /auth/verification-codes': unreachable });
    restore = mock.restore;
    show();
    fill(zh.placeholders.phone, '13800000000');
    clickButton(zh.actions.getCode);
    expect(
      await screen.findByText(zh.messages.codeFailed.replace('{{reason}}', zh.errors.unreachable), {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByText(zh.messages.codeSentRecover)).toBeNull();
  });

  it('resets the password: sends phone, code and password, says so and goes to /login', async () => {
    const mock = mockFetch({ 'POST /auth/recover': { status: 204 } });
    restore = mock.restore;
    show();
    fillGood();
    clickButton(zh.actions.resetPassword);
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/login');
    expect(screen.getByText(zh.messages.recoverSucceeded)).toBeTruthy();
    expect(mock.calls.map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
      ['POST', '/auth/recover', { phone: '13800000000', code: '654321', password: 'new-secret' }, null],
    ]);
  });

  it('a wrong code says recovery failed and why, and stays', async () => {
    const mock = mockFetch({
      'POST /auth/recover': errorReply(400, 'bad_request', 'verification code wrong or expired'),
    });
    restore = mock.restore;
    show();
    fillGood();
    clickButton(zh.actions.resetPassword);
    expect(
      await screen.findByText(zh.messages.recoverFailed.replace('{{reason}}', zh.errors.codeWrong), {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('a network error in the current language (English)', async () => {
    setLanguage('en');
    const mock = mockFetch({ 'POST /auth/recover': unreachable });
    restore = mock.restore;
    show();
    fillGood(en);
    clickButton(en.actions.resetPassword);
    expect(
      await screen.findByText(
        en.messages.recoverFailed.replace('{{reason}}', en.errors.unreachable),
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
