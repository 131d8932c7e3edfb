// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, mockFetch } from '../../../session/test-support';
import type { RecordedRequest, Reply } from '../../../session/test-support';
import {
  ACME,
  changes,
  click,
  expectMessage,
  fill,
  member,
  PATIENT,
  renderTenants,
  signOut,
  SLOW,
  tenantRoutes,
  valueOf,
} from './test-support';

const ADD = 'Add user';
const list = (): HTMLElement => screen.getByTestId('tenant-users');
const names = (): string[] =>
  [...list().querySelectorAll('tbody tr.ant-table-row td:nth-child(2)')].map(
    (cell) => cell.textContent ?? '',
  );

/** GET /tenants/3/users over `users`, paged by the request's offset and limit. */
const usersOf =
  (users: ReturnType<typeof member>[]) =>
  (request: RecordedRequest): Reply => {
    const query = new URLSearchParams(request.path.split('?')[1]);
    const offset = Number(query.get('offset'));
    return { body: { items: users.slice(offset, offset + Number(query.get('limit'))), total: users.length } };
  };

async function openUsers(): Promise<void> {
  renderTenants();
  fireEvent.click(await screen.findByTestId('users-acme', {}, SLOW));
  await screen.findByText('Users of Acme Water', {}, SLOW);
}

describe('administration: a tenant’s users', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('lists the users by id and name, a page at a time', async () => {
    const users = Array.from({ length: 23 }, (_, i) => member(100 + i, `user-${i}`));
    const mock = mockFetch(tenantRoutes([ACME], { 'GET /tenants/3/users': usersOf(users) }));
    restore = mock.restore;
    await openUsers();
    await waitFor(() => expect(names()).toHaveLength(20), SLOW);
    expect(names()[0]).toBe('user-0');
    expect(within(list()).getByText('100')).toBeTruthy();
    // The tenants list has one page: the only pager is the users'.
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(names()).toEqual(['user-20', 'user-21', 'user-22']), SLOW);
    expect(mock.calls.map((c) => c.path).filter((p) => p.startsWith('/tenants/3/users'))).toEqual([
      '/tenants/3/users?offset=0&limit=20',
      '/tenants/3/users?offset=20&limit=20',
    ]);
  });

  it('adds an account by its user name, and says when there is none', async () => {
    const users = [member(7, 'alice')];
    const mock = mockFetch(
      tenantRoutes([ACME], {
        'GET /tenants/3/users': usersOf(users),
        'POST /tenants/3/users': (request) => {
          const { userName } = request.body as { userName: string };
          if (userName !== 'bob') return errorReply(404, 'not_found', 'no such user');
          users.push(member(8, 'bob'));
          return { body: { ...member(8, 'bob'), previousTenantId: null } };
        },
      }),
    );
    restore = mock.restore;
    await openUsers();
    await waitFor(() => expect(names()).toEqual(['alice']), SLOW);

    click(/^Add$/);
    expect(await screen.findByText('Please enter a user name', {}, SLOW)).toBeTruthy();
    fill(ADD, 'nobody');
    click(/^Add$/);
    expect(await screen.findByText('There is no account with this user name', {}, SLOW)).toBeTruthy();
    expect(valueOf(ADD)).toBe('nobody');

    fill(ADD, ' bob ');
    click(/^Add$/);
    await expectMessage('bob added to Acme Water');
    await waitFor(() => expect(names()).toEqual(['alice', 'bob']), SLOW);
    expect(valueOf(ADD)).toBe('');
    expect(changes(mock.calls).map((c) => c.body)).toEqual([{ userName: 'nobody' }, { userName: 'bob' }]);
  });

  it('moves an account from another tenant only after asking', async () => {
    const mock = mockFetch(
      tenantRoutes([ACME], {
        'GET /tenants/3/users': usersOf([]),
        'POST /tenants/3/users': (request) =>
          (request.body as { move?: boolean }).move
            ? { body: { ...member(9, 'carol'), previousTenantId: 4 } }
            : errorReply(409, 'conflict', 'the user belongs to another tenant'),
      }),
    );
    restore = mock.restore;
    await openUsers();
    fill(ADD, 'carol');
    click(/^Add$/);
    await screen.findAllByText('carol belongs to another tenant', {}, SLOW);
    click(/^Move$/);
    await expectMessage('carol moved to Acme Water');
    expect(changes(mock.calls).map((c) => c.body)).toEqual([
      { userName: 'carol' },
      { userName: 'carol', move: true },
    ]);
  });

  it('takes a member out', async () => {
    const users = [member(7, 'alice'), member(8, 'bob')];
    const mock = mockFetch(
      tenantRoutes([ACME], {
        'GET /tenants/3/users': usersOf(users),
        'DELETE /tenants/3/users/8': () => {
          users.splice(1, 1);
          return { status: 204 };
        },
      }),
    );
    restore = mock.restore;
    await openUsers();
    await waitFor(() => expect(names()).toEqual(['alice', 'bob']), SLOW);
    const bobRow = list().querySelectorAll<HTMLElement>('tbody tr.ant-table-row')[1]!;
    click(/^Remove$/, within(bobRow));
    await screen.findByText('Take bob out of Acme Water?', {}, SLOW);
    click(/^Remove$/, within(document.querySelector<HTMLElement>('.ant-popover')!));
    await expectMessage('bob taken out of Acme Water');
    await waitFor(() => expect(names()).toEqual(['alice']), SLOW);
    expect(changes(mock.calls).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /tenants/3/users/8']);
  });
});
