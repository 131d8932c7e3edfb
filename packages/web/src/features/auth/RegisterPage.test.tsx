// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetBranding, useBranding } from '../../branding/store';
import { setLanguage } from '../../i18n';
import en from '../../locales/en/auth';
import zh from '../../locales/zh/auth';
import { errorReply, mockFetch, unreachable } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import RegisterPage from './RegisterPage';
import { clickButton, renderPage } from './test-render';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
const SLOW = { timeout: 8000 };
const REGISTERED = { id: 9, userName: 'alice', registeredAt: '2026-01-05T08:00:00.000Z' };

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

/** Fills every field of the form with good values (zh placeholders). */
function fillGood() {
  fill(zh.placeholders.userName, 'alice');
  fill(zh.placeholders.password, 'secret1');
  fill(zh.placeholders.confirmPassword, 'secret1');
  fill(zh.placeholders.phone, '13800000000');
  fill(zh.placeholders.code, '123456');
}

const submit = (name: RegExp | string = /^注\s*册$/) => clickButton(name);
const show = () => renderPage(<RegisterPage />, { path: '/register', route: '/register' });

describe('registration (/register)', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  beforeAll(installDomStubs);
  beforeEach(() => setLanguage('zh'));
  afterEach(() => {
    restore();
    cleanup();
    resetBranding();
  });

  it('names every field by its label, the SMS code (beside its button) too', () => {
    restore = mockFetch({}).restore;
    show();
    expect(screen.getByLabelText(zh.fields.phone)).toBe(screen.getByPlaceholderText(zh.placeholders.phone));
    expect(screen.getByLabelText(zh.fields.code)).toBe(screen.getByPlaceholderText(zh.placeholders.code));
  });

  it('says what is missing (§5) and sends nothing', async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    show();
    submit();
    expect(await screen.findByText(zh.validation.userNameRequired, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.passwordRequired, {}, SLOW)).toBeTruthy();
    // The phone and the code both say that they are required.
    await waitFor(() => expect(screen.getAllByText(zh.validation.phoneRequired)).toHaveLength(2), SLOW);
    expect(mock.calls).toEqual([]);
  });

  it('says what is wrong with each field (§5) and sends nothing', async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    show();
    fill(zh.placeholders.userName, 'al ice');
    fill(zh.placeholders.password, '12345');
    fill(zh.placeholders.confirmPassword, '123456');
    fill(zh.placeholders.phone, '23800000000');
    fill(zh.placeholders.code, '12a');
    submit();
    expect(await screen.findByText(zh.validation.userNameFormat, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.passwordTooShort, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.passwordMismatch, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.phoneInvalid, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(zh.validation.codeInvalid, {}, SLOW)).toBeTruthy();
    expect(mock.calls).toEqual([]);
  });

  it("asks for a 'register' code for the phone and says it was obtained", async () => {
    const mock = mockFetch({
      'POST /auth/verification-codes': {
        status: 202,
        body: { sent: true, expiresAt: '2026-01-05T08:10:00Z' },
      },
    });
    restore = mock.restore;
    show();
    fill(zh.placeholders.phone, ' 13800000000 ');
    clickButton(zh.actions.getCode);
    expect(await screen.findByText(zh.messages.codeObtained, {}, SLOW)).toBeTruthy();
    expect(mock.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/auth/verification-codes', { phone: '13800000000', purpose: 'register' }],
    ]);
  });

  it('registers: sends the form, says it succeeded and goes to /login with the name', async () => {
    const mock = mockFetch({ 'POST /auth/register': { status: 201, body: REGISTERED } });
    restore = mock.restore;
    const { router } = show();
    fillGood();
    submit();
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/login');
    expect(screen.getByText(zh.messages.registerSucceeded)).toBeTruthy();
    expect(router.state.location.state).toEqual({ userName: 'alice' });
    expect(mock.calls.map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
      [
        'POST',
        '/auth/register',
        { userName: 'alice', password: 'secret1', phone: '13800000000', code: '123456' },
        null,
      ],
    ]);
  });

  it('sent from sign-in on the way to a share link, goes back to sign-in with that way on', async () => {
    restore = mockFetch({ 'POST /auth/register': { status: 201, body: REGISTERED } }).restore;
    const { router } = renderPage(<RegisterPage />, {
      path: '/register',
      route: '/register?redirect=%2Fshare%3Fcode%3DABC',
    });
    const back = screen.getByText(zh.actions.backToLogin).closest('a');
    expect(back?.getAttribute('href')).toBe('/login?redirect=%2Fshare%3Fcode%3DABC');
    fillGood();
    submit();
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe(
      '/login?redirect=%2Fshare%3Fcode%3DABC',
    );
    expect(router.state.location.state).toEqual({ userName: 'alice' });
  });

  it("puts the tenant's prefix in front of the name sent", async () => {
    useBranding.setState({ userNamePrefix: 'acme_' });
    const mock = mockFetch({
      'POST /auth/register': { status: 201, body: { ...REGISTERED, userName: 'acme_alice' } },
    });
    restore = mock.restore;
    show();
    fillGood();
    submit();
    await screen.findByTestId('where', {}, SLOW);
    expect(mock.calls[0]?.body).toMatchObject({ userName: 'acme_alice' });
  });

  it('says the registration failed, with the reason, and stays', async () => {
    const mock = mockFetch({
      'POST /auth/register': errorReply(409, 'conflict', 'user name already taken'),
    });
    restore = mock.restore;
    show();
    fillGood();
    submit();
    expect(
      await screen.findByText(`${zh.messages.registerFailed}: ${zh.errors.userNameTaken}`, {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByText(zh.messages.registerSucceeded)).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('speaks the current language: a network error in English', async () => {
    setLanguage('en');
    const mock = mockFetch({ 'POST /auth/register': unreachable });
    restore = mock.restore;
    show();
    fill(en.placeholders.userName, 'alice');
    fill(en.placeholders.password, 'secret1');
    fill(en.placeholders.confirmPassword, 'secret1');
    fill(en.placeholders.phone, '13800000000');
    fill(en.placeholders.code, '123456');
    submit(en.actions.register);
    expect(
      await screen.findByText(`${en.messages.registerFailed}: ${en.errors.unreachable}`, {}, SLOW),
    ).toBeTruthy();
    expect(mock.calls).toHaveLength(1);
  });
});
