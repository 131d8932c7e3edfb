// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/adminUsers';
import { useMe } from '../../../session/me';
import { errorReply, mockFetch } from '../../../session/test-support';
import type { RecordedRequest } from '../../../session/test-support';
import { SEARCH_DEBOUNCE_MS } from '../../../shell/search';
import {
  ADMIN,
  adminUser,
  DEMO,
  EDITOR,
  PATIENT,
  renderUsersPage,
  signOut,
  SLOW,
  TEST,
  usersServer,
} from './test-support';
import type { UsersServer } from './test-support';
import { browserTimeZone, formatInstant } from '../../../time/format';

let restore = (): void => undefined;
let calls: RecordedRequest[] = [];

function serve(server: UsersServer): UsersServer {
  const mock = mockFetch(server.routes);
  restore = mock.restore;
  calls = mock.calls;
  return server;
}

afterEach(() => {
  restore();
  restore = () => undefined;
  signOut();
});

const row = (userName: string): HTMLElement => screen.getByTestId(`username-${userName}`).closest('tr')!;
const cell = (userName: string, column: number): string =>
  row(userName).querySelectorAll('td')[column]?.textContent ?? '';
const shownNames = (): string[] =>
  [...document.querySelectorAll('[data-testid^="username-"]')].map((e) => e.textContent ?? '');
const patches = () => calls.filter((c) => c.method === 'PATCH');
const button = (text: string, scope: HTMLElement = document.body): HTMLButtonElement =>
  within(scope).getByText(text, { selector: 'button, button *' }).closest('button')!;
const dialog = (): HTMLElement => screen.getByTestId('user-form');

/** Opens the select labelled `label` and picks the option showing `title`. */
async function choose(label: string, title: string): Promise<void> {
  const box = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.mouseDown(box);
  });
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
    (o) => o.getAttribute('title') === title,
  );
  if (!option) throw new Error(`no option ${title}`);
  await act(async () => {
    fireEvent.click(option);
  });
}

/** Confirms the open pop-confirm with its button showing `text`. */
async function confirm(text: string): Promise<void> {
  const pop = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-popover.ant-popconfirm')].at(-1);
    expect(found).toBeDefined();
    return found!;
  }, SLOW);
  fireEvent.click(button(text, pop));
}

describe('the users page', PATIENT, () => {
  it('lists each account with its fields, authority named by its group, instants in the browser', async () => {
    serve(usersServer([ADMIN, DEMO, EDITOR, TEST]));
    renderUsersPage();
    await screen.findByTestId('username-editor', {}, SLOW);
    expect(shownNames()).toEqual(['admin', 'demo', 'editor', 'test']);
    // user name, phone, e-mail, authority, roles, abilities, tenant, status, registered, last sign-in
    expect(cell('demo', 1)).toBe('13800000000');
    expect(cell('demo', 2)).toBe('demo@example.com');
    expect(cell('editor', 1)).toBe(en.none);
    expect(cell('admin', 3)).toBe('Administrator (1000)');
    expect(cell('editor', 3)).toBe('Manager (100)');
    expect(cell('test', 3)).toBe('Test (10)');
    expect(
      [...row('test').querySelectorAll('td')[4]!.querySelectorAll('.ant-tag')].map((t) => t.textContent),
    ).toEqual(['admin', 'editor']);
    expect(cell('editor', 5)).toBe('READ · WRITE');
    expect(cell('test', 6)).toBe('Acme Water');
    expect(cell('test', 7)).toBe(en.status.enabled);
    expect(cell('demo', 8)).toBe(formatInstant(DEMO.registeredAt, browserTimeZone(), 'en'));
    expect(cell('demo', 9)).toBe(en.never);
    expect(cell('admin', 9)).toBe(formatInstant(ADMIN.lastSignInAt!, browserTimeZone(), 'en'));
    expect(screen.getByText('Total: 4')).toBeTruthy();
  });

  it('searches once the typing has settled for 500 ms, from the first offset', async () => {
    const server = serve(usersServer([ADMIN, DEMO, EDITOR, TEST]));
    renderUsersPage();
    await screen.findByTestId('username-editor', {}, SLOW);
    const typed = Date.now();
    fireEvent.change(screen.getByLabelText(en.search.label), { target: { value: 'ed' } });
    fireEvent.change(screen.getByLabelText(en.search.label), { target: { value: 'edit' } });
    await waitFor(() => expect(shownNames()).toEqual(['editor']), SLOW);
    const searched = server.lists.filter((l) => l.query.has('search'));
    expect(searched.map((l) => l.query.get('search'))).toEqual(['edit']);
    expect(searched[0]!.at - typed).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 20);
    expect(searched[0]!.query.get('offset')).toBe('0');
    // Phone and e-mail are searched too (by the server).
    fireEvent.change(screen.getByLabelText(en.search.label), { target: { value: 'EXAMPLE.com' } });
    await waitFor(() => expect(shownNames()).toEqual(['demo']), SLOW);
  });

  it('filters by status', async () => {
    const disabled = adminUser(9, 'gone', { disabledAt: '2026-02-01T00:00:00.000Z' });
    const server = serve(usersServer([ADMIN, DEMO, disabled]));
    renderUsersPage();
    await screen.findByTestId('username-gone', {}, SLOW);
    expect(cell('gone', 7)).toBe(en.status.disabled);
    await choose(en.status.label, en.status.disabled);
    await waitFor(() => expect(shownNames()).toEqual(['gone']), SLOW);
    expect(server.lists.at(-1)!.query.get('disabled')).toBe('true');
    await choose(en.status.label, en.status.enabled);
    await waitFor(() => expect(shownNames()).toEqual(['admin', 'demo']), SLOW);
    expect(server.lists.at(-1)!.query.get('disabled')).toBe('false');
  });

  it('pages on the server by offset and limit', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      adminUser(100 + i, `user${String(i).padStart(2, '0')}`),
    );
    const server = serve(usersServer([ADMIN, ...many]));
    renderUsersPage();
    await screen.findByTestId('username-user18', {}, SLOW);
    expect(server.lists.at(-1)!.query.toString()).toBe('offset=0&limit=20');
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await screen.findByTestId('username-user44', {}, SLOW);
    expect(server.lists.at(-1)!.query.toString()).toBe('offset=40&limit=20');
    expect(shownNames()).toEqual(['user39', 'user40', 'user41', 'user42', 'user43', 'user44']);
  });
});

describe('editing an account', PATIENT, () => {
  it('sends only what changed: authority, roles and abilities, then shows the account anew', async () => {
    serve(usersServer([ADMIN, DEMO, EDITOR, TEST]));
    renderUsersPage();
    await screen.findByTestId('username-editor', {}, SLOW);
    fireEvent.click(screen.getByTestId('edit-editor'));
    await screen.findByTestId('user-form', {}, SLOW);
    await choose('Authority', 'Test (10)');
    fireEvent.click(within(dialog()).getByLabelText(en.abilities.OPR));
    fireEvent.click(button('Save', dialog()));
    await waitFor(() => expect(patches()).toHaveLength(1), SLOW);
    expect(patches()[0]).toMatchObject({
      path: '/admin/users/3',
      body: { authority: 10, abilities: ['READ', 'WRITE', 'OPR'] },
    });
    await waitFor(() => expect(cell('editor', 3)).toBe('Test (10)'), SLOW);
    expect(cell('editor', 5)).toBe('READ · WRITE · OPR');
    expect(screen.queryByTestId('user-form')).toBeNull();
  });

  /** Types a role into the dialog's roles field and enters it. */
  async function enterRole(role: string): Promise<void> {
    const input = within(dialog()).getByLabelText('Roles');
    await act(async () => {
      fireEvent.change(input, { target: { value: role } });
    });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
  }

  it('refuses a name that is no role', async () => {
    serve(usersServer([ADMIN, DEMO]));
    renderUsersPage();
    await screen.findByTestId('username-demo', {}, SLOW);
    fireEvent.click(screen.getByTestId('edit-demo'));
    await screen.findByTestId('user-form', {}, SLOW);
    await enterRole('9lives');
    fireEvent.click(button('Save', dialog()));
    expect(await within(dialog()).findByText(en.validation.roleName, {}, SLOW)).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('takes a role of its own beside the suggested ones', async () => {
    serve(usersServer([ADMIN, DEMO]));
    renderUsersPage();
    await screen.findByTestId('username-demo', {}, SLOW);
    fireEvent.click(screen.getByTestId('edit-demo'));
    await screen.findByTestId('user-form', {}, SLOW);
    await enterRole('night_shift');
    fireEvent.click(button('Save', dialog()));
    await waitFor(() => expect(patches()).toHaveLength(1), SLOW);
    expect(patches()[0]!.body).toEqual({ roles: ['night_shift'] });
    await waitFor(() => expect(cell('demo', 4)).toBe('night_shift'), SLOW);
  });

  it("shows the server's refusal in the dialog and keeps what was chosen", async () => {
    const server = serve(usersServer([ADMIN, DEMO]));
    renderUsersPage();
    await screen.findByTestId('username-demo', {}, SLOW);
    fireEvent.click(screen.getByTestId('edit-demo'));
    await screen.findByTestId('user-form', {}, SLOW);
    await choose('Authority', 'Manager (100)');
    server.failNext(errorReply(400, 'invalid', 'the level is out of range'));
    fireEvent.click(button('Save', dialog()));
    expect((await screen.findByTestId('user-form-error', {}, SLOW)).textContent).toBe(
      'Not saved: the level is out of range',
    );
    // Saving again sends the same choice.
    fireEvent.click(button('Save', dialog()));
    await waitFor(() => expect(patches()).toHaveLength(2), SLOW);
    expect(patches()[1]!.body).toEqual({ authority: 100 });
    await waitFor(() => expect(screen.queryByTestId('user-form')).toBeNull(), SLOW);
  });

  it('offers an administrator only the administrator level for their own account', async () => {
    serve(usersServer([ADMIN, DEMO]));
    renderUsersPage();
    await screen.findByTestId('username-demo', {}, SLOW);
    fireEvent.click(screen.getByTestId('edit-admin'));
    await screen.findByTestId('user-form', {}, SLOW);
    expect(within(dialog()).getByText(en.self.keepsAdmin)).toBeTruthy();
    await act(async () => {
      fireEvent.mouseDown(within(dialog()).getByLabelText('Authority'));
    });
    const option = (title: string) =>
      [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === title,
      )!;
    expect(option('Manager (100)').className).toContain('ant-select-item-option-disabled');
    expect(option('Administrator (1000)').className).not.toContain('ant-select-item-option-disabled');
  });
});

describe('disabling and enabling', PATIENT, () => {
  it('disables after a confirmation, and enables again', async () => {
    serve(usersServer([ADMIN, DEMO, TEST]));
    renderUsersPage();
    await screen.findByTestId('username-test', {}, SLOW);
    fireEvent.click(screen.getByTestId('disable-test'));
    expect(patches()).toHaveLength(0);
    await confirm(en.actions.disable);
    await waitFor(() => expect(patches()).toHaveLength(1), SLOW);
    expect(patches()[0]).toMatchObject({ path: '/admin/users/4', body: { disabled: true } });
    await waitFor(() => expect(cell('test', 7)).toBe(en.status.disabled), SLOW);
    fireEvent.click(screen.getByTestId('enable-test'));
    await confirm(en.actions.enable);
    await waitFor(() => expect(patches()).toHaveLength(2), SLOW);
    expect(patches()[1]!.body).toEqual({ disabled: false });
    await waitFor(() => expect(cell('test', 7)).toBe(en.status.enabled), SLOW);
  });

  it('cannot disable one’s own account, and says why', async () => {
    serve(usersServer([ADMIN, DEMO]));
    renderUsersPage();
    await screen.findByTestId('username-demo', {}, SLOW);
    const own = screen.getByTestId('disable-admin') as HTMLButtonElement;
    expect(own.disabled).toBe(true);
    expect(within(row('admin')).getByText('You')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByTestId('disable-self-reason'));
    expect(await screen.findByText(en.self.cannotDisable, {}, SLOW)).toBeTruthy();
    expect((screen.getByTestId('disable-demo') as HTMLButtonElement).disabled).toBe(false);
  });

  it("tells the server's refusal in a message", async () => {
    const server = serve(usersServer([ADMIN, DEMO]));
    renderUsersPage();
    await screen.findByTestId('username-demo', {}, SLOW);
    server.failNext(errorReply(404, 'not_found', 'no such account'));
    fireEvent.click(screen.getByTestId('disable-demo'));
    await confirm(en.actions.disable);
    await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
      expect(shown).toContain('Not changed: no such account');
    }, SLOW);
    expect(cell('demo', 7)).toBe(en.status.enabled);
  });

  it('reads the own record again after changing one’s own account', async () => {
    serve(usersServer([ADMIN, DEMO]));
    renderUsersPage();
    await screen.findByTestId('username-demo', {}, SLOW);
    fireEvent.click(screen.getByTestId('edit-admin'));
    await screen.findByTestId('user-form', {}, SLOW);
    fireEvent.click(within(dialog()).getByLabelText(en.abilities.OPR));
    fireEvent.click(button('Save', dialog()));
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/me')).toBe(true), SLOW);
    expect(useMe.getState().me?.userName).toBe('admin');
  });
});
