// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/apps';
import { errorReply, mockFetch } from '../../session/test-support';
import type { RecordedRequest, Routes } from '../../session/test-support';
import CreateAppPage from './CreateAppPage';
import {
  button,
  changes,
  click,
  confirm,
  expectMessage,
  fieldErrors,
  fill,
  PATIENT,
  renderSignedIn,
  signOut,
  SLOW,
  userApp,
} from './test-support';

const ROUTE = '/appaudit/CreatApp';

let restore = (): void => undefined;
afterEach(() => {
  restore();
  restore = () => undefined;
  signOut();
});

function serve(routes: Routes) {
  const mock = mockFetch(routes);
  restore = mock.restore;
  return mock;
}

const form = (): HTMLElement => screen.getAllByTestId('app-form')[0]!;

function fillApp(values: { name?: string; title?: string; url?: string; defaultUrl?: string }) {
  const scope = within(form());
  if (values.name !== undefined) fill(en.fields.name, values.name, scope);
  if (values.title !== undefined) fill(en.fields.title, values.title, scope);
  if (values.url !== undefined) fill(en.fields.url, values.url, scope);
  if (values.defaultUrl !== undefined) fill(en.fields.defaultUrl, values.defaultUrl, scope);
}

describe('registering an app (/appaudit/CreatApp)', PATIENT, () => {
  it('checks the fields with the contract’s rules before sending anything', async () => {
    const mock = serve({ 'GET /apps': { body: { items: [] } } });
    renderSignedIn(<CreateAppPage />, ROUTE);
    await screen.findByText(en.mine.empty, {}, SLOW);
    fillApp({ name: '1meter', title: '', url: 'ftp://files.example.com/', defaultUrl: '//evil.example/' });
    click(en.mine.register);
    await waitFor(
      () =>
        expect(fieldErrors()).toEqual([
          en.validation.segment,
          en.validation.required,
          en.validation.address,
          en.validation.defaultPage,
        ]),
      SLOW,
    );
    // The console's own origin cannot be embedded: refused here already.
    fillApp({ url: `${window.location.origin}/app/` });
    await waitFor(() => expect(fieldErrors()).toContain(en.validation.ownOrigin), SLOW);
    expect(changes(mock.calls)).toEqual([]);
  });

  it('registers the app, says so and reads the list again', async () => {
    let registered: RecordedRequest | null = null;
    let apps = [] as ReturnType<typeof userApp>[];
    const mock = serve({
      'GET /apps': () => ({ body: { items: apps } }),
      'POST /apps': (request) => {
        registered = request;
        apps = [userApp(5, 'meter', { title: 'Meter reading', url: 'https://apps.example.com/meter/' })];
        return { status: 201, body: apps[0] };
      },
    });
    renderSignedIn(<CreateAppPage />, ROUTE);
    await screen.findByText(en.mine.empty, {}, SLOW);
    fillApp({
      name: 'meter',
      title: ' Meter reading ',
      url: 'https://apps.example.com/meter/',
      defaultUrl: '#/day',
    });
    fill(en.fields.description, 'Reads the meters');
    click(en.mine.register);
    await expectMessage('Meter reading is registered and waits for review.');
    expect(registered!.body).toEqual({
      name: 'meter',
      title: 'Meter reading',
      url: 'https://apps.example.com/meter/',
      defaultUrl: '#/day',
      icon: null,
      description: 'Reads the meters',
    });
    await screen.findByTestId('app-title-meter', {}, SLOW);
    expect(screen.getByTestId('app-status-meter').textContent).toBe(en.status.pending);
    expect(mock.calls.filter((c) => c.path === '/apps' && c.method === 'GET').length).toBeGreaterThanOrEqual(
      2,
    );
    // The form is empty again for the next one.
    expect((within(form()).getByLabelText(en.fields.name) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal above the form and beside the name, keeping what was typed', async () => {
    serve({
      'GET /apps': { body: { items: [] } },
      'POST /apps': errorReply(
        409,
        'conflict',
        'you already have an app named meter (names compare in any case)',
      ),
    });
    renderSignedIn(<CreateAppPage />, ROUTE);
    await screen.findByText(en.mine.empty, {}, SLOW);
    fillApp({ name: 'meter', title: 'Meter', url: 'https://apps.example.com/' });
    click(en.mine.register);
    const alert = await screen.findByTestId('app-form-error', {}, SLOW);
    expect(alert.textContent).toContain(en.errors.appNameTaken);
    await waitFor(() => expect(fieldErrors()).toEqual([en.errors.appNameTaken]), SLOW);
    expect((within(form()).getByLabelText(en.fields.title) as HTMLInputElement).value).toBe('Meter');
  });

  it('lists my apps with their state and note, not others’ approved apps', async () => {
    serve({
      'GET /apps': {
        body: {
          items: [
            userApp(5, 'meter', { status: 'approved' }),
            userApp(6, 'draft', { status: 'rejected', reviewNote: 'The address does not answer' }),
            userApp(8, 'theirs', { status: 'approved', ownerId: 9, ownerName: 'bob' }),
          ],
        },
      },
    });
    renderSignedIn(<CreateAppPage />, ROUTE);
    await screen.findByTestId('app-title-meter', {}, SLOW);
    expect(screen.getByTestId('app-status-meter').textContent).toBe(en.status.approved);
    expect(screen.getByTestId('app-status-draft').textContent).toBe(en.status.rejected);
    expect(screen.getByTestId('app-note-draft').textContent).toBe(
      'Reviewer’s note: The address does not answer',
    );
    expect(screen.queryByTestId('app-title-theirs')).toBeNull();
  });

  it('changes an approved app after warning it goes back to review, sending only what changed', async () => {
    let patched: RecordedRequest | null = null;
    const mock = serve({
      'GET /apps': { body: { items: [userApp(5, 'meter', { status: 'approved', title: 'Meter' })] } },
      'PATCH /apps/5': (request) => {
        patched = request;
        return { body: userApp(5, 'meter', { title: 'Meter 2' }) };
      },
    });
    renderSignedIn(<CreateAppPage />, ROUTE);
    await screen.findByTestId('app-title-meter', {}, SLOW);
    button(en.actions.edit).click();
    const dialog = await screen.findByTestId('app-edit-form', {}, SLOW);
    expect(within(dialog).getByTestId('app-back-to-review').textContent).toContain(en.mine.backToReview);
    expect((within(dialog).getByLabelText(en.fields.name) as HTMLInputElement).disabled).toBe(true);
    fill(en.fields.title, 'Meter 2', within(dialog));
    click('Save', within(dialog));
    await expectMessage('Meter is saved.');
    expect(patched!.body).toEqual({ title: 'Meter 2' });
    expect(changes(mock.calls).map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /apps/5']);
  });

  it('deletes an app after a confirmation', async () => {
    const mock = serve({
      'GET /apps': { body: { items: [userApp(5, 'meter')] } },
      'DELETE /apps/5': { status: 204 },
    });
    renderSignedIn(<CreateAppPage />, ROUTE);
    await screen.findByTestId('app-title-meter', {}, SLOW);
    screen.getByTestId('delete-app-meter').click();
    expect(changes(mock.calls)).toEqual([]);
    await confirm(en.actions.delete);
    await expectMessage('App meter is deleted.');
    expect(changes(mock.calls).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /apps/5']);
  });

  it('offers no registering, changing or deleting without WRITE and DELETE', async () => {
    serve({ 'GET /apps': { body: { items: [userApp(5, 'meter')] } } });
    renderSignedIn(<CreateAppPage />, ROUTE, {
      access: { admin: false, roles: [], abilities: ['READ'] },
    });
    await screen.findByTestId('app-title-meter', {}, SLOW);
    expect(screen.queryByTestId('app-form')).toBeNull();
    expect(screen.queryByTestId('edit-app-meter')).toBeNull();
    expect(screen.queryByTestId('delete-app-meter')).toBeNull();
    expect(screen.getByTestId('open-app-meter')).toBeTruthy();
  });
});
