// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomRoute } from '../../../api/apps';
import en from '../../../locales/en/apps';
import { errorReply, mockFetch } from '../../../session/test-support';
import type { RecordedRequest, Routes } from '../../../session/test-support';
import {
  changes,
  click,
  confirm,
  customRoute,
  expectMessage,
  fieldErrors,
  fill,
  PATIENT,
  renderSignedIn,
  signOut,
  SLOW,
} from '../../apps/test-support';
import CustomRoutesPage from './CustomRoutesPage';

const ROUTE = '/admin/customRoutes';
const ADMIN = { id: 1, userName: 'admin', authority: 1000 } as const;
const MANAGER = { id: 3, userName: 'editor', authority: 100 } as const;
const ACME = { id: 3, key: 'acme', name: 'Acme Water' };

let restore = (): void => undefined;
afterEach(() => {
  restore();
  restore = () => undefined;
  signOut();
});

function serve(routes: readonly CustomRoute[], more: Routes = {}) {
  const mock = mockFetch({
    'GET /admin/custom-routes': { body: { items: routes } },
    'GET /tenants': {
      body: {
        items: [
          {
            ...ACME,
            logo: null,
            loginTitleImage: null,
            pageTitle: null,
            userNamePrefix: null,
            userCount: 2,
            createdAt: '2026-01-05T08:00:00.000Z',
            updatedAt: '2026-01-05T08:00:00.000Z',
          },
        ],
        total: 1,
      },
    },
    ...more,
  });
  restore = mock.restore;
  return mock;
}

const dialog = () => screen.getByTestId('custom-route-form');
const rowText = (name: string) => screen.getByTestId(`route-title-${name}`).closest('tr')?.textContent ?? '';

/** Opens the select labelled `label` in the dialog and picks the option titled `title`. */
async function choose(label: string, title: string): Promise<void> {
  const box = await waitFor(() => within(dialog()).getByLabelText(label), SLOW);
  await act(async () => {
    fireEvent.mouseDown(box);
  });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title,
    );
    expect(found).toBeDefined();
    return found!;
  }, SLOW);
  await act(async () => {
    fireEvent.click(option);
  });
}

const METERS = customRoute(4, 'meters', {
  title: 'Meter reading',
  tenantId: ACME.id,
  condition: { op: 'ge', value: 5 },
  children: [{ name: 'daily', title: 'Daily', url: 'https://apps.example.com/meter/', defaultUrl: '/day' }],
});

describe('administration: custom routes', PATIENT, () => {
  it('lists the routes with their tenant, condition and children', async () => {
    serve([METERS, customRoute(5, 'soon', { title: 'Soon' })]);
    renderSignedIn(<CustomRoutesPage />, ROUTE, ADMIN);
    await waitFor(() => expect(rowText('meters')).toContain('Acme Water'), SLOW);
    expect(rowText('meters')).toContain('/meters');
    expect(rowText('meters')).toContain('User ID ≥ 5');
    expect(rowText('meters')).toContain('Daily');
    expect(rowText('soon')).toContain(en.tenant.everyone);
    expect(rowText('soon')).toContain(en.condition.everyUser);
    expect(rowText('soon')).toContain(en.routes.noChildrenShort);
  });

  it('creates a route for a tenant and some user IDs, with a micro-app child', async () => {
    let created: RecordedRequest | null = null;
    serve([], {
      'POST /admin/custom-routes': (request) => {
        created = request;
        return { status: 201, body: METERS };
      },
    });
    renderSignedIn(<CustomRoutesPage />, ROUTE, ADMIN);
    await screen.findByText(en.routes.empty, {}, SLOW);
    click(en.routes.create);
    await screen.findByTestId('custom-route-form', {}, SLOW);
    const form = within(dialog());
    fill(en.fields.routeName, 'meters', form);
    fill(en.fields.title, 'Meter reading', form);
    await choose(en.fields.tenant, 'Acme Water');
    fireEvent.click(form.getByLabelText(en.fields.conditioned));
    await choose(en.fields.conditionOp, '≥');
    fill(en.fields.conditionValue, '5', form);
    fireEvent.click(screen.getByTestId('add-route-child'));
    const child = within(await screen.findByTestId('route-child-0', {}, SLOW));
    fill(en.fields.childName, 'daily', child);
    fill(en.fields.title, 'Daily', child);
    fill(en.fields.url, 'https://apps.example.com/meter/', child);
    fill(en.fields.defaultUrl, '/day', child);
    click('Save', form);
    await expectMessage('Meter reading is saved.');
    expect(created!.body).toEqual({
      name: 'meters',
      title: 'Meter reading',
      icon: null,
      tenantId: ACME.id,
      condition: { op: 'ge', value: 5 },
      sort: 0,
      children: [
        { name: 'daily', title: 'Daily', url: 'https://apps.example.com/meter/', defaultUrl: '/day' },
      ],
    });
  });

  it('refuses a name of the console, a bad child and two children of one name', async () => {
    const mock = serve([]);
    renderSignedIn(<CustomRoutesPage />, ROUTE, ADMIN);
    await screen.findByText(en.routes.empty, {}, SLOW);
    click(en.routes.create);
    await screen.findByTestId('custom-route-form', {}, SLOW);
    const form = within(dialog());
    fill(en.fields.routeName, 'History', form);
    fill(en.fields.title, 'History', form);
    fireEvent.click(screen.getByTestId('add-route-child'));
    fireEvent.click(screen.getByTestId('add-route-child'));
    const first = within(await screen.findByTestId('route-child-1', {}, SLOW));
    fill(en.fields.childName, 'daily', within(screen.getByTestId('route-child-0')));
    fill(en.fields.title, 'Daily', within(screen.getByTestId('route-child-0')));
    fill(en.fields.url, 'https://apps.example.com/', within(screen.getByTestId('route-child-0')));
    fill(en.fields.childName, 'Daily', first);
    fill(en.fields.title, 'Daily again', first);
    fill(en.fields.url, 'javascript:alert(1)', first);
    click('Save', form);
    await waitFor(() => {
      expect(fieldErrors()).toContain(en.validation.reserved);
      expect(fieldErrors()).toContain(en.validation.address);
      expect(document.body.textContent).toContain(en.validation.duplicateChild);
    }, SLOW);
    expect(changes(mock.calls)).toEqual([]);
  });

  it('lets a tenant administrator manage their tenant’s routes without choosing a tenant', async () => {
    let created: RecordedRequest | null = null;
    const mock = serve([customRoute(6, 'ours', { tenantId: ACME.id })], {
      'POST /admin/custom-routes': (request) => {
        created = request;
        return { status: 201, body: customRoute(7, 'tools') };
      },
    });
    renderSignedIn(<CustomRoutesPage />, ROUTE, MANAGER);
    await screen.findByTestId('route-title-ours', {}, SLOW);
    expect(screen.queryByTestId('tenant-filter')).toBeNull();
    expect(rowText('ours')).not.toContain('Acme');
    click(en.routes.create);
    await screen.findByTestId('custom-route-form', {}, SLOW);
    const form = within(dialog());
    expect(form.queryByLabelText(en.fields.tenant)).toBeNull();
    fill(en.fields.routeName, 'tools', form);
    fill(en.fields.title, 'Tools', form);
    click('Save', form);
    await expectMessage('Tools is saved.');
    expect(created!.body).toEqual({
      name: 'tools',
      title: 'Tools',
      icon: null,
      condition: null,
      sort: 0,
      children: [],
    });
    expect(mock.calls.some((c) => c.path.startsWith('/tenants'))).toBe(false);
  });

  it('changes only what was edited; the children are sent whole', async () => {
    let patched: RecordedRequest | null = null;
    serve([METERS], {
      'PATCH /admin/custom-routes/4': (request) => {
        patched = request;
        return { body: METERS };
      },
    });
    renderSignedIn(<CustomRoutesPage />, ROUTE, ADMIN);
    await screen.findByTestId('route-title-meters', {}, SLOW);
    fireEvent.click(screen.getByTestId('edit-route-meters'));
    await screen.findByTestId('custom-route-form', {}, SLOW);
    // The route's own title (each child has one too).
    fireEvent.change(dialog().querySelector('#title')!, { target: { value: 'Meters' } });
    click('Save', within(dialog()));
    await expectMessage('Meters is saved.');
    expect(patched!.body).toEqual({ title: 'Meters' });

    fireEvent.click(screen.getByTestId('edit-route-meters'));
    await screen.findByTestId('custom-route-form', {}, SLOW);
    fill(en.fields.defaultUrl, '#/week', within(screen.getByTestId('route-child-0')));
    click('Save', within(dialog()));
    await waitFor(
      () =>
        expect(patched!.body).toEqual({
          children: [
            { name: 'daily', title: 'Daily', url: 'https://apps.example.com/meter/', defaultUrl: '#/week' },
          ],
        }),
      SLOW,
    );
  });

  it('shows a taken name beside the field, and deletes after a confirmation', async () => {
    const mock = serve([METERS], {
      'POST /admin/custom-routes': errorReply(
        409,
        'conflict',
        'the name meters is taken (names compare in any case): a custom route for every user has it',
      ),
      'DELETE /admin/custom-routes/4': { status: 204 },
    });
    renderSignedIn(<CustomRoutesPage />, ROUTE, ADMIN);
    await screen.findByTestId('route-title-meters', {}, SLOW);
    click(en.routes.create);
    await screen.findByTestId('custom-route-form', {}, SLOW);
    fill(en.fields.routeName, 'meters', within(dialog()));
    fill(en.fields.title, 'Meters', within(dialog()));
    click('Save', within(dialog()));
    const alert = await screen.findByTestId('custom-route-error', {}, SLOW);
    expect(alert.textContent).toContain(en.errors.routeNameTaken);
    await waitFor(() => expect(fieldErrors()).toEqual([en.errors.routeNameTaken]), SLOW);
    click('Cancel', within(dialog()));

    fireEvent.click(screen.getByTestId('delete-route-meters'));
    await confirm(en.actions.delete);
    await expectMessage('Meter reading is deleted.');
    expect(changes(mock.calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /admin/custom-routes',
      'DELETE /admin/custom-routes/4',
    ]);
  });
});
