/**
 * Test helpers of the users page: sample accounts, a server keeping them in memory as the
 * contract describes (search over user name, phone and e-mail, status, offset and limit; PATCH
 * refusing an administrator's own disabling or demotion), and the page at /admin/users in English,
 * signed in as the administrator.
 */
import type { AdminUserPatch } from '@fieldlink/protocol';
import { ADMIN_LEVEL } from '@fieldlink/protocol';
import { cleanup } from '@testing-library/react';
import type { AdminUserRow } from '../../../api/admin-users';
import { setLanguage } from '../../../i18n';
import { useMe } from '../../../session/me';
import { useSession } from '../../../session/store';
import { errorReply, sampleMe } from '../../../session/test-support';
import type { RecordedRequest, Reply, Routes } from '../../../session/test-support';
import { installDomStubs } from '../../../shell/test-support';
import { renderPage } from '../../auth/test-render';
import UsersPage from './UsersPage';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
export const SLOW = { timeout: 8000 };
export const PATIENT = { timeout: 60_000 };
export const ROUTE = '/admin/users';

export function adminUser(id: number, userName: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id,
    userName,
    phone: null,
    email: null,
    authority: 4,
    roles: [],
    abilities: ['READ', 'WRITE', 'OPR', 'DELETE'],
    tenantId: null,
    tenantName: null,
    disabledAt: null,
    registeredAt: '2026-01-05T08:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

/** §6's demo users beside `demo`. */
export const ADMIN = adminUser(1, 'admin', {
  authority: 1000,
  roles: ['admin'],
  abilities: ['READ', 'WRITE', 'DELETE'],
  lastSignInAt: '2026-03-01T09:30:00.000Z',
});
export const DEMO = adminUser(2, 'demo', { phone: '13800000000', email: 'demo@example.com' });
export const EDITOR = adminUser(3, 'editor', {
  authority: 100,
  roles: ['editor'],
  abilities: ['READ', 'WRITE'],
});
export const TEST = adminUser(4, 'test', {
  authority: 10,
  roles: ['admin', 'editor'],
  abilities: ['READ'],
  tenantId: 3,
  tenantName: 'Acme Water',
});

const query = (request: RecordedRequest): URLSearchParams =>
  new URLSearchParams(request.path.split('?')[1] ?? '');

export interface UsersServer {
  readonly users: AdminUserRow[];
  readonly routes: Routes;
  /** When each GET of the list came (ms since the epoch), with its query. */
  readonly lists: { readonly at: number; readonly query: URLSearchParams }[];
  /** Makes the next PATCH fail with this reply. */
  failNext(reply: Reply): void;
}

/** A server holding `users` (changed in place by PATCH); the signed-in administrator is `selfId`. */
export function usersServer(initial: readonly AdminUserRow[], selfId = ADMIN.id): UsersServer {
  const users = initial.map((u) => ({ ...u }));
  const lists: UsersServer['lists'] = [];
  let failure: Reply | null = null;
  const list = (request: RecordedRequest): Reply => {
    const q = query(request);
    lists.push({ at: Date.now(), query: q });
    const search = (q.get('search') ?? '').toLowerCase();
    const disabled = q.get('disabled');
    const found = users.filter(
      (u) =>
        [u.userName, u.phone ?? '', u.email ?? ''].some((field) => field.toLowerCase().includes(search)) &&
        (disabled === null || (u.disabledAt !== null) === (disabled === 'true')),
    );
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 20);
    return { body: { items: found.slice(offset, offset + limit), total: found.length } };
  };
  const patchOf =
    (user: AdminUserRow) =>
    (request: RecordedRequest): Reply => {
      if (failure) {
        const reply = failure;
        failure = null;
        return reply;
      }
      const change = request.body as AdminUserPatch;
      if (user.id === selfId && change.disabled === true)
        return errorReply(409, 'self_disable', 'You cannot disable your own account');
      if (user.id === selfId && change.authority !== undefined && change.authority < ADMIN_LEVEL)
        return errorReply(409, 'self_demote', 'You cannot take your own level below 1000');
      const index = users.findIndex((u) => u.id === user.id);
      const { disabled, ...rest } = change;
      const next: AdminUserRow = {
        ...users[index]!,
        ...rest,
        ...(disabled === undefined ? {} : { disabledAt: disabled ? '2026-03-02T10:00:00.000Z' : null }),
      };
      users[index] = next;
      return { body: next };
    };
  const routes: Routes = {
    'GET /admin/users': list,
    'GET /me': () => ({ body: sampleMe({ id: selfId, userName: 'admin', authority: ADMIN_LEVEL }) }),
  };
  for (const user of users) routes[`PATCH /admin/users/${user.id}`] = patchOf(user);
  return {
    users,
    routes,
    lists,
    failNext: (reply) => {
      failure = reply;
    },
  };
}

/** Signed in as the administrator, the page in English. */
export function renderUsersPage(self = ADMIN) {
  installDomStubs();
  setLanguage('en');
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  useMe.getState().setMe(sampleMe({ id: self.id, userName: self.userName, authority: self.authority }));
  return renderPage(<UsersPage />, { path: ROUTE, route: ROUTE });
}

export function signOut(): void {
  cleanup();
  useSession.getState().clear();
  useMe.getState().setMe(null);
}
