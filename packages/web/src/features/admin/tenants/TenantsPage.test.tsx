// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, mockFetch } from '../../../session/test-support';
import type { RecordedRequest } from '../../../session/test-support';
import {
  ACME,
  button,
  changes,
  click,
  expectMessage,
  fill,
  PATIENT,
  renderTenants,
  signOut,
  SLOW,
  tenant,
  tenantRoutes,
  valueOf,
} from './test-support';

const KEY = 'Key (sub-domain)';
const NAME = 'Name';
const PAGE_TITLE = 'Page title';
const PREFIX = 'User-name prefix';
const LOGO = 'Logo';

/** The editor's form (its buttons are in it). */
const drawer = (): HTMLElement => screen.getByTestId('tenant-form');
const editorClosed = (): void => expect(screen.queryByTestId('tenant-form')).toBeNull();
const preview = (): HTMLElement => screen.getByTestId('brand-preview');
const rows = (): string[] =>
  [...document.querySelectorAll('[data-testid="tenant-table"] tbody tr.ant-table-row')].map(
    (row) => row.textContent ?? '',
  );

describe('administration: tenants', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('lists the tenants with their key, name, page title, prefix and users, a page at a time', async () => {
    const many = [ACME, ...Array.from({ length: 24 }, (_, i) => tenant(10 + i))];
    const mock = mockFetch(tenantRoutes(many));
    restore = mock.restore;
    renderTenants();
    await waitFor(() => expect(rows()).toHaveLength(20), SLOW);
    expect(rows()[0]).toContain('acme');
    expect(rows()[0]).toContain('Acme Water');
    expect(rows()[0]).toContain('Acme Remote I/O');
    expect(rows()[0]).toContain('acme_');
    expect(rows()[0]).toContain('2');
    // Unset: the default brand's title, no prefix.
    expect(rows()[1]).toContain('Default');
    expect(rows()[1]).toContain('None');
    expect(mock.calls[0]?.path).toBe('/tenants?offset=0&limit=20');

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(rows()).toHaveLength(5), SLOW);
    expect(mock.calls.at(-1)?.path).toBe('/tenants?offset=20&limit=20');
  });

  it('checks a new tenant’s fields before sending, then creates it', async () => {
    let created: RecordedRequest | null = null;
    const mock = mockFetch(
      tenantRoutes([], {
        'POST /tenants': (request) => {
          created = request;
          return { status: 201, body: { ...ACME, id: 9, userCount: 0 } };
        },
      }),
    );
    restore = mock.restore;
    renderTenants();
    click('New tenant');
    await screen.findByLabelText(KEY, {}, SLOW);
    click('Create', within(drawer()));
    expect(await screen.findByText('Please enter the key', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Please enter the name')).toBeTruthy();

    // Each field's rule (the rules themselves: tenant-form.test.ts).
    fill(KEY, 'www');
    fill(LOGO, 'http://cdn.example.com/logo.png');
    fill(PREFIX, 'acme user');
    expect(await screen.findByText('www, ems, dam and default are reserved', {}, SLOW)).toBeTruthy();
    expect(
      await screen.findByText('Enter a path on this site (starting with /) or an https:// address', {}, SLOW),
    ).toBeTruthy();
    expect(await screen.findByText(/^The prefix is 1-16 letters/, {}, SLOW)).toBeTruthy();
    click('Create', within(drawer()));
    expect(changes(mock.calls)).toEqual([]);

    fill(KEY, 'Acme');
    fill(NAME, 'Acme Water');
    fill(LOGO, '/api/v1/pictures/k1/logo.png');
    fill(PREFIX, 'acme_');
    fill(PAGE_TITLE, 'Acme Remote I/O');
    click('Create', within(drawer()));
    await expectMessage('Tenant Acme Water created');
    expect(created).toMatchObject({
      method: 'POST',
      body: {
        key: 'acme',
        name: 'Acme Water',
        logo: '/api/v1/pictures/k1/logo.png',
        pageTitle: 'Acme Remote I/O',
        userNamePrefix: 'acme_',
      },
    });
    await waitFor(editorClosed, SLOW);
    // The list is read again.
    expect(mock.calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a refusal beside its field, or above the form, keeping what was typed', async () => {
    let answer = errorReply(409, 'conflict', 'a tenant already uses this key');
    const mock = mockFetch(tenantRoutes([], { 'POST /tenants': () => answer }));
    restore = mock.restore;
    renderTenants();
    click('New tenant');
    await screen.findByLabelText(KEY, {}, SLOW);
    fill(KEY, 'acme');
    fill(NAME, 'Acme Water');
    fill(PAGE_TITLE, 'Acme Remote I/O');
    click('Create', within(drawer()));
    expect(await screen.findByText('Another tenant already uses this key', {}, SLOW)).toBeTruthy();
    expect([valueOf(KEY), valueOf(NAME), valueOf(PAGE_TITLE)]).toEqual([
      'acme',
      'Acme Water',
      'Acme Remote I/O',
    ]);

    answer = errorReply(400, 'bad_request', 'body.pageTitle: must not contain NUL characters');
    fill(KEY, 'acme-2');
    click('Create', within(drawer()));
    expect(
      await screen.findByText('The server refused this value: must not contain NUL characters', {}, SLOW),
    ).toBeTruthy();

    answer = errorReply(503, 'unavailable', 'storage is unavailable');
    click('Create', within(drawer()));
    expect(await screen.findByText('storage is unavailable', {}, SLOW)).toBeTruthy();
    expect([valueOf(KEY), valueOf(NAME), valueOf(PAGE_TITLE)]).toEqual([
      'acme-2',
      'Acme Water',
      'Acme Remote I/O',
    ]);
    expect(screen.getByTestId('tenant-form')).toBeTruthy();
    expect(changes(mock.calls)).toHaveLength(3);
  });

  it('edits a tenant, sending only what changed, with the preview following the draft', async () => {
    let patched: RecordedRequest | null = null;
    const mock = mockFetch(
      tenantRoutes([ACME], {
        'PATCH /tenants/3': (request) => {
          patched = request;
          return { body: { ...ACME, pageTitle: '<b>Acme</b> & Co', userNamePrefix: null } };
        },
      }),
    );
    restore = mock.restore;
    renderTenants();
    fireEvent.click(await screen.findByTestId('edit-acme', {}, SLOW));
    await screen.findByLabelText(KEY, {}, SLOW);
    expect(valueOf(KEY)).toBe('acme');
    expect(valueOf(PAGE_TITLE)).toBe('Acme Remote I/O');

    // The preview: the tenant's title on the sign-in page, in the header and in the tab; its prefix.
    const signIn = within(screen.getByTestId('preview-sign-in'));
    expect(signIn.getByText('Acme Remote I/O')).toBeTruthy();
    expect(signIn.getByText('acme_')).toBeTruthy();
    expect(within(screen.getByTestId('preview-header')).getByText('Acme Remote I/O')).toBeTruthy();
    expect(screen.getByTestId('preview-tab-title').textContent).toBe('Sign in - Acme Remote I/O');

    // User text is text: markup typed in stays characters, never elements.
    fill(PAGE_TITLE, '<b>Acme</b> & Co');
    await waitFor(() => expect(signIn.getByText('<b>Acme</b> & Co')).toBeTruthy(), SLOW);
    expect(preview().querySelector('b')).toBeNull();
    fill(PREFIX, '');
    await waitFor(() => expect(signIn.queryByText('acme_')).toBeNull(), SLOW);
    fill(PAGE_TITLE, '');
    await waitFor(() => expect(signIn.getByText('Fieldlink Cloud')).toBeTruthy(), SLOW);
    fill(PAGE_TITLE, '<b>Acme</b> & Co');

    click('Save', within(drawer()));
    await expectMessage('Tenant Acme Water saved');
    expect(patched).toMatchObject({
      method: 'PATCH',
      body: { pageTitle: '<b>Acme</b> & Co', userNamePrefix: null },
    });
    expect(Object.keys((patched as RecordedRequest | null)?.body as object).sort()).toEqual([
      'pageTitle',
      'userNamePrefix',
    ]);
  });

  it('shows the sign-in page’s address on the tenant’s sub-domain', async () => {
    const mock = mockFetch(tenantRoutes([ACME]));
    restore = mock.restore;
    renderTenants();
    fireEvent.click(await screen.findByTestId('edit-acme', {}, SLOW));
    // jsdom's page is at http://localhost:3000.
    expect((await screen.findByTestId('sign-in-address', {}, SLOW)).textContent).toBe(
      'http://acme.localhost:3000/#/login',
    );
    fill(KEY, 'north');
    await waitFor(
      () =>
        expect(screen.getByTestId('sign-in-address').textContent).toBe('http://north.localhost:3000/#/login'),
      SLOW,
    );
    fill(KEY, 'www');
    await waitFor(() => expect(screen.queryByTestId('sign-in-address')).toBeNull(), SLOW);
  });

  it('asks before closing with unsaved changes', async () => {
    const mock = mockFetch(tenantRoutes([ACME]));
    restore = mock.restore;
    renderTenants();
    fireEvent.click(await screen.findByTestId('edit-acme', {}, SLOW));
    await screen.findByLabelText(KEY, {}, SLOW);
    fill(NAME, 'Acme Water 2');
    click('Cancel', within(drawer()));
    await screen.findAllByText('Discard your changes?', {}, SLOW);
    click('Discard');
    await waitFor(editorClosed, SLOW);
    expect(changes(mock.calls)).toEqual([]);
  });

  it('deletes a tenant, and says why the server refuses one with users', async () => {
    const north = tenant(4, { key: 'north', name: 'North' });
    const mock = mockFetch(
      tenantRoutes([ACME, north], {
        'DELETE /tenants/3': errorReply(409, 'conflict', 'the tenant still has users; move them out first'),
        'DELETE /tenants/4': { status: 204 },
      }),
    );
    restore = mock.restore;
    renderTenants();
    fireEvent.click(await screen.findByTestId('delete-acme', {}, SLOW));
    expect(await screen.findByText('Delete tenant Acme Water?', {}, SLOW)).toBeTruthy();
    click('Delete', within(document.querySelector<HTMLElement>('.ant-popover')!));
    await expectMessage('The tenant still has users: take them out first');

    fireEvent.click(screen.getByTestId('delete-north'));
    const popover = await waitFor(() => {
      const open = [...document.querySelectorAll<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')].find(
        (p) => p.textContent?.includes('Delete tenant North?'),
      );
      expect(open).toBeTruthy();
      return open!;
    }, SLOW);
    fireEvent.click(button('Delete', within(popover)));
    await expectMessage('Tenant North deleted');
    expect(changes(mock.calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /tenants/3',
      'DELETE /tenants/4',
    ]);
  });

  it('says when the list cannot be read', async () => {
    const mock = mockFetch({
      'GET /tenants': errorReply(403, 'forbidden', 'only administrators may manage tenants'),
    });
    restore = mock.restore;
    renderTenants();
    expect(
      await screen.findByText(
        'The tenants could not be loaded: only administrators may manage tenants',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});
