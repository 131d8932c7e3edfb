// @vitest-environment jsdom
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import zh from '../../locales/zh/account';
import { useMe } from '../../session/me';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import SystemParamsForm from './SystemParamsForm';
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

const L = zh.systemParams;

function open() {
  renderAccount((me) => <SystemParamsForm param={me.param} />);
}

const checked = (label: string) => control(label).getAttribute('aria-checked') === 'true';
const save = () => fireEvent.click(button(SAVE));

/**
 * The five settings are switches: there is no range to check, only which combinations the form
 * allows (the password question only with secured operation) and what is sent.
 */
describe('personal center: system parameters', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('shows the stored switches; the password question waits for secured operation', () => {
    signIn(sampleMe({ param: { ...sampleMe().param, openAllButton: false, confirmOpenCloseAll: true } }));
    open();
    expect(checked(L.openAll)).toBe(false);
    expect(checked(L.closeAll)).toBe(true);
    expect(checked(L.confirmAll)).toBe(true);
    expect(checked(L.secured)).toBe(false);
    expect(checked(L.password)).toBe(false);
    expect(control(L.password).disabled).toBe(true);
    // Nothing changed, nothing to save.
    expect(button(SAVE).disabled).toBe(true);
  });

  it('sends only what changed, merged by the server into the rest of param', async () => {
    const before = sampleMe();
    signIn(before);
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    open();
    fireEvent.click(control(L.secured));
    await waitFor(() => expect(control(L.password).disabled).toBe(false), SLOW);
    fireEvent.click(control(L.password));
    fireEvent.click(control(L.closeAll));
    await waitFor(() => expect(button(SAVE).disabled).toBe(false), SLOW);
    save();
    await expectMessage('保存成功');
    expect(mock.calls).toEqual([
      {
        method: 'PATCH',
        path: '/me',
        body: { param: { closeAllButton: false, confirmOperations: true, operationPassword: true } },
        authorization: 'Bearer tok',
      },
    ]);
    expect(useMe.getState().me?.param).toEqual({
      ...before.param,
      closeAllButton: false,
      confirmOperations: true,
      operationPassword: true,
    });
    await waitFor(() => expect(button(SAVE).disabled).toBe(true), SLOW);
  });

  it('turns a confirmation off', async () => {
    signIn();
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    open();
    fireEvent.click(control(L.confirmAll));
    await waitFor(() => expect(button(SAVE).disabled).toBe(false), SLOW);
    save();
    await waitFor(() => expect(mock.calls).toHaveLength(1), SLOW);
    expect(mock.calls[0]?.body).toEqual({ param: { confirmOpenCloseAll: false } });
  });

  it('says why a save failed and keeps what is stored', async () => {
    signIn();
    restore = mockFetch({
      'PATCH /me': errorReply(400, 'bad_request', 'body.param.openAllButton: expected boolean'),
    }).restore;
    open();
    fireEvent.click(control(L.openAll));
    await waitFor(() => expect(button(SAVE).disabled).toBe(false), SLOW);
    save();
    await expectMessage('保存失败：body.param.openAllButton: expected boolean');
    expect(useMe.getState().me?.param.openAllButton).toBe(true);
    // The switch keeps the user's choice, to try again.
    expect(checked(L.openAll)).toBe(false);
  });
});
