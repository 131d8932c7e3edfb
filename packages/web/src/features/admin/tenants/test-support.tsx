/**
 * Test helpers of the tenants page: sample tenants and users, a server that keeps tenants in
 * memory as docs/api.md describes, and the page rendered at /admin/tenants in English.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Tenant, TenantUser } from '../../../api/tenants';
import { setLanguage } from '../../../i18n';
import type { RecordedRequest, Reply, Routes } from '../../../session/test-support';
import { useSession } from '../../../session/store';
import { installDomStubs } from '../../../shell/test-support';
import { renderPage } from '../../auth/test-render';
import TenantsPage from './TenantsPage';

/**
 * antd forms validate asynchronously, and a drawer of them renders slowly in jsdom: a busy machine
 * needs far more than the default second.
 */
export const SLOW = { timeout: 15_000 };
/** For each test as a whole: antd forms in jsdom are slow on a busy machine. */
export const PATIENT = { timeout: 120_000 };

export const ROUTE = '/admin/tenants';

export function tenant(id: number, overrides: Partial<Tenant> = {}): Tenant {
  return {
    id,
    key: `tenant-${id}`,
    name: `Tenant ${id}`,
    logo: null,
    loginTitleImage: null,
    pageTitle: null,
    userNamePrefix: null,
    userCount: 0,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

export const ACME = tenant(3, {
  key: 'acme',
  name: 'Acme Water',
  pageTitle: 'Acme Remote I/O',
  userNamePrefix: 'acme_',
  userCount: 2,
});

export const member = (id: number, userName: string, tenantId = ACME.id): TenantUser => ({
  id,
  userName,
  tenantId,
});

const query = (request: RecordedRequest): URLSearchParams =>
  new URLSearchParams(request.path.split('?')[1] ?? '');

/** GET /tenants over `tenants`, paged by the request's offset and limit. */
export function tenantPage(tenants: readonly Tenant[]): (request: RecordedRequest) => Reply {
  return (request) => {
    const offset = Number(query(request).get('offset') ?? 0);
    const limit = Number(query(request).get('limit') ?? 100);
    return { body: { items: tenants.slice(offset, offset + limit), total: tenants.length } };
  };
}

/** Every route of a page with these tenants (more routes, or other replies, may be given). */
export function tenantRoutes(tenants: readonly Tenant[], more: Routes = {}): Routes {
  return { 'GET /tenants': tenantPage(tenants), ...more };
}

/** Signed in (an administrator's token), the interface in English; the page at /admin/tenants. */
export function renderTenants() {
  setLanguage('en');
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  installDomStubs();
  return renderPage(<TenantsPage />, { path: ROUTE, route: ROUTE });
}

export function signOut(): void {
  cleanup();
  useSession.getState().clear();
  setLanguage('zh');
}

type Scope = Pick<typeof screen, 'getByText' | 'getByLabelText'>;

/** A button by its text (a role query would compute every style of the page in jsdom). */
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

export const valueOf = (label: string | RegExp): string =>
  (screen.getByLabelText(label) as HTMLInputElement).value;

/** Waits for an antd message (a toast) saying exactly `text`. */
export async function expectMessage(text: string): Promise<void> {
  await waitFor(() => {
    const shown = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
    expect(shown).toContain(text);
  }, SLOW);
}

/** The requests other than reading lists. */
export const changes = (calls: readonly RecordedRequest[]): RecordedRequest[] =>
  calls.filter((c) => c.method !== 'GET');
