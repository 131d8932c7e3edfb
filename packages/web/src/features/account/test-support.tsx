/**
 * Test helpers of the personal center: a signed-in user, the server's answer to PATCH /me (the
 * changes merged onto the stored record, as docs/api.md describes), and a form rendered from the
 * session's user record the way the page feeds it, so a saved reply shows in the form at once.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ReactElement } from 'react';
import type { MePatch } from '../../api/me';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import type { Me } from '../../session/me';
import { useSession } from '../../session/store';
import { sampleMe } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { renderPage } from '../auth/test-render';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
export const SLOW = { timeout: 8000 };

/** For each test as a whole: the project's own limit (vitest.config.ts), also when run from here. */
export const PATIENT = { timeout: 20_000 };

export const PERSONAL_CENTER = '/setting/personalCenter';

/** The save button's text (antd puts a space between two Chinese characters). */
export const SAVE = /^保\s*存$/;

type Scope = Pick<typeof screen, 'getByText' | 'getByLabelText'>;

/**
 * A button by its text. Found by text, not by role: a role query with a name computes the styles
 * of the whole page, which takes seconds in jsdom once a few panels are on it.
 */
export function button(text: string | RegExp, scope: Scope = screen): HTMLButtonElement {
  const found = scope.getByText(text, { selector: 'button, button *' }).closest('button');
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

/** A radio choice or a switch, by its label. */
export const control = (label: string | RegExp, scope: Scope = screen): HTMLInputElement =>
  scope.getByLabelText(label) as HTMLInputElement;

/** Signed in as `me` (the sample user unless given), with the interface in Chinese. */
export function signIn(me: Me = sampleMe()): void {
  setLanguage('zh');
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  useMe.getState().setMe(me);
}

export function signOut(): void {
  cleanup();
  useSession.getState().clear();
  useMe.getState().setMe(null);
}

/** The stored record: the session's, or the sample user. */
const stored = (): Me => useMe.getState().me ?? sampleMe();

/** The server's PATCH /me: every given field replaces its value, `param` is merged field by field. */
export function patchedMe(request: RecordedRequest): Reply {
  const me = stored();
  const { param, ...rest } = request.body as MePatch;
  const { quietHours, alarm, consoleSettings, ...flags } = param ?? {};
  const merged: Me = {
    ...me,
    ...rest,
    chartFilters: me.chartFilters,
    // The server fills appType's default; the tests that send a camera account give one.
    cameraParam: rest.cameraParam === undefined ? me.cameraParam : (rest.cameraParam as Me['cameraParam']),
    param: {
      ...me.param,
      ...flags,
      quietHours: { ...me.param.quietHours, ...quietHours },
      alarm: { ...me.param.alarm, ...alarm },
      consoleSettings:
        (consoleSettings as Me['param']['consoleSettings'] | undefined) ?? me.param.consoleSettings,
    },
  };
  return { body: merged };
}

/** A part of the page given the session's user record, re-rendered when the record changes. */
function OfMe({ children }: { children: (me: Me) => ReactElement }) {
  const me = useMe((s) => s.me);
  return me ? children(me) : null;
}

/** Renders `page` at /setting/personalCenter; a function gets the session's user record. */
export function renderAccount(page: ReactElement | ((me: Me) => ReactElement)) {
  installDomStubs();
  return renderPage(typeof page === 'function' ? <OfMe>{page}</OfMe> : page, {
    path: PERSONAL_CENTER,
    route: PERSONAL_CENTER,
  });
}

/** Types into the field labelled `label` (within `scope` when given). */
export function fill(label: string | RegExp, value: string, scope: Scope = screen): void {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

/** Waits for an antd message (a toast, not a form's own text) saying exactly `text`. */
export async function expectMessage(text: string): Promise<void> {
  await waitFor(() => {
    const shown = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
    expect(shown).toContain(text);
  }, SLOW);
}
