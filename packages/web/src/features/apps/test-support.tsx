/**
 * Test helpers of the apps pages: sample apps, custom routes and value-added entries as the
 * contract shapes them, a page drawn signed in (English) at its route, and the few DOM helpers the
 * forms need (by text and label: role queries compute every style of the page in jsdom).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import type { CustomRoute, UserApp, ValueAddedEntry } from '../../api/apps';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import type { Me } from '../../session/me';
import { useSession } from '../../session/store';
import { sampleMe } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import { renderPage } from '../auth/test-render';

/** antd forms validate asynchronously and render slowly in jsdom on a busy machine. */
export const SLOW = { timeout: 15_000 };
export const PATIENT = { timeout: 120_000 };

export function userApp(id: number, name: string, overrides: Partial<UserApp> = {}): UserApp {
  return {
    id,
    name,
    title: `App ${name}`,
    url: 'https://apps.example.com/',
    defaultUrl: null,
    icon: null,
    description: '',
    ownerId: 7,
    ownerName: 'alice',
    status: 'pending',
    reviewNote: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    reviewedAt: null,
    ...overrides,
  };
}

export function customRoute(id: number, name: string, overrides: Partial<CustomRoute> = {}): CustomRoute {
  return {
    id,
    name,
    title: `Route ${name}`,
    icon: null,
    tenantId: null,
    condition: null,
    sort: 0,
    children: [],
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function valueAdded(id: number, overrides: Partial<ValueAddedEntry> = {}): ValueAddedEntry {
  return {
    id,
    kind: 'sms',
    title: `Service ${id}`,
    icon: null,
    url: 'https://sms.example.com/',
    tenantId: null,
    sort: 0,
    ...overrides,
  };
}

/** Signed in as `me` (alice, level 4, every ability by default), in English, the page at `route`. */
export function renderSignedIn(page: ReactElement, route: string, me: Partial<Me> = {}) {
  installDomStubs();
  setLanguage('en');
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  useMe.getState().setMe(sampleMe({ id: 7, userName: 'alice', ...me }));
  return renderPage(page, { path: route, route });
}

export function signOut(): void {
  cleanup();
  useSession.getState().clear();
  useMe.getState().setMe(null);
  setLanguage('zh');
}

type Scope = Pick<typeof screen, 'getByText' | 'getByLabelText' | 'queryByText'>;

export function button(text: string | RegExp, scope: Scope = screen): HTMLButtonElement {
  const found = scope.getByText(text, { selector: 'button, button *' }).closest('button');
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

export const click = (text: string | RegExp, scope: Scope = screen): void => {
  fireEvent.click(button(text, scope));
};

export function fill(label: string | RegExp, value: string, scope: Scope = screen): void {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

/** Waits for an antd message (a toast) saying exactly `text`. */
export async function expectMessage(text: string): Promise<void> {
  await waitFor(() => {
    const shown = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
    expect(shown).toContain(text);
  }, SLOW);
}

/** The explanations antd shows under the form's fields now. */
export const fieldErrors = (): string[] =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');

/** Confirms the open pop-confirmation with its button showing `text`. */
export async function confirm(text: string): Promise<void> {
  const pop = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-popover.ant-popconfirm')].at(-1);
    expect(found).toBeDefined();
    return found!;
  }, SLOW);
  const ok = [...pop.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);
  if (!ok) throw new Error(`no ${text} in the confirmation`);
  fireEvent.click(ok);
}

/** The requests other than reading. */
export const changes = (calls: readonly RecordedRequest[]): RecordedRequest[] =>
  calls.filter((c) => c.method !== 'GET');
