// @vitest-environment jsdom
import { TENANT_ADMIN_ROLE } from '@fieldlink/protocol';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MyCustomRoute } from '../../api/apps';
import { queryClient } from '../../app/query-client';
import { routeObjects } from '../../app/route-objects';
import { resetEquipment } from '../../equipment/loading';
import { i18n } from '../../i18n';
import { useMe } from '../../session/me';
import { useSession } from '../../session/store';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { DEFAULT_SETTINGS } from '../../settings/settings';
import { useSettings } from '../../settings/store';
import { resetTabs } from '../../shell/tabs';
import { installDomStubs, renderAt } from '../../shell/test-support';
import { customRoute, userApp } from './test-support';

const strip = ({ tenantId: _t, condition: _c, updatedAt: _u, ...mine }: ReturnType<typeof customRoute>) =>
  mine;

const METERS: MyCustomRoute = strip(
  customRoute(4, 'meters', {
    title: 'Meter reading',
    icon: 'DashboardOutlined',
    children: [
      { name: 'daily', title: 'Daily', url: 'https://apps.example.com/meter/', defaultUrl: '/day' },
      { name: 'weekly', title: 'Weekly', url: 'https://apps.example.com/meter/', defaultUrl: null },
    ],
  }),
);
const SOON: MyCustomRoute = strip(customRoute(5, 'soon', { title: 'Coming soon' }));

let calls: RecordedRequest[] = [];
let restore = (): void => undefined;

function serve(level = 4, custom: readonly MyCustomRoute[] = [METERS, SOON], roles: readonly string[] = []) {
  const base = sampleMe({ id: 7, userName: 'alice', authority: level });
  const me = { ...base, access: { ...base.access, roles: [...roles] } };
  const mock = mockFetch({
    'GET /me': { body: me },
    'GET /custom-routes': { body: { items: custom } },
    'GET /apps': { body: { items: [userApp(5, 'meter', { title: 'My meter', status: 'approved' })] } },
    'GET /value-added': { body: { items: [] } },
    'GET /admin/custom-routes': { body: { items: [] } },
  });
  restore = mock.restore;
  calls = mock.calls;
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  useMe.getState().setMe(me);
}

const texts = (selector: string) =>
  [...document.querySelectorAll(selector)].map((e) => e.textContent?.trim() ?? '');
/** The side menu's first level, in order. */
const topLevel = () =>
  texts(
    '.fl-sider .ant-menu-root > li > .ant-menu-submenu-title, .fl-sider .ant-menu-root > li.ant-menu-item',
  );
const asked = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

beforeAll(async () => {
  installDomStubs();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  useSettings.setState({
    settings: { ...DEFAULT_SETTINGS, layout: 'vertical' },
    saved: DEFAULT_SETTINGS,
    collapsed: false,
  });
  Object.assign(window, { innerWidth: 1280 });
  resetTabs();
});
afterEach(() => {
  cleanup();
  restore();
  resetEquipment();
  queryClient.clear();
  useSession.getState().clear();
  useMe.getState().setMe(null);
});

describe('custom routes and apps in the shell (§2)', { timeout: 60_000 }, () => {
  it('injects the custom routes before Settings and opens a route’s first child in the host', async () => {
    serve();
    const router = renderAt('/meters', routeObjects());
    await waitFor(() => expect(router.state.location.pathname).toBe('/meters/daily'), { timeout: 15_000 });
    const frame = (await screen.findByTestId(
      'micro-app-frame',
      {},
      { timeout: 15_000 },
    )) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://apps.example.com/day');
    const top = topLevel();
    expect(top.slice(top.indexOf('Meter reading'), top.indexOf('Settings') + 1)).toEqual([
      'Meter reading',
      'Coming soon',
      'Settings',
    ]);
    expect(texts('.fl-sider .ant-menu-item-selected')).toEqual(['Daily']);
    expect(texts('.fl-breadcrumb .ant-breadcrumb-link')).toEqual(['Meter reading', 'Daily']);
    expect(texts('.fl-tab-title')).toContain('Daily');
    await waitFor(() => expect(document.title).toBe('Daily - Fieldlink Cloud'));
    // The user's apps are under Apps.
    expect(texts('.fl-sider .ant-menu-submenu-title')).toContain('Apps');
  });

  it('sends a route without children to the app registration page; an unknown one is not found', async () => {
    serve();
    const router = renderAt('/soon', routeObjects());
    await waitFor(() => expect(router.state.location.pathname).toBe('/appaudit/CreatApp'), {
      timeout: 15_000,
    });
    await act(async () => void router.navigate('/meters/monthly'));
    await screen.findByText('Sorry, the page you visited does not exist.', {}, { timeout: 15_000 });
    await act(async () => void router.navigate('/nothing'));
    await waitFor(() => expect(document.querySelector('[data-page="NotFoundPage"]')).not.toBeNull());
  });

  it('reads the user and the custom routes again when Services is chosen in the menu', async () => {
    serve();
    const router = renderAt('/meters/weekly', routeObjects());
    await screen.findByTestId('micro-app-frame', {}, { timeout: 15_000 });
    const before = { me: asked('/me'), routes: asked('/custom-routes') };
    expect(before.routes).toBe(1);
    fireEvent.click(
      screen.getByText('Value-added services', { selector: '.fl-sider .ant-menu-submenu-title *' }),
    );
    fireEvent.click(await screen.findByText('Services', { selector: '.fl-sider .ant-menu-item *' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/increment/serviceManager'));
    await waitFor(() => {
      expect(asked('/me')).toBe(before.me + 1);
      expect(asked('/custom-routes')).toBe(before.routes + 1);
    });
    // Another menu choice reads nothing again.
    fireEvent.click(screen.getByText('Weekly', { selector: '.fl-sider .ant-menu-item *' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meters/weekly'));
    expect(asked('/custom-routes')).toBe(before.routes + 1);
  });

  it('gives a tenant administrator the three administration pages, /admin going to the first', async () => {
    // GET /me gives an account of a tenant with authority 100 the derived role.
    serve(100, [], [TENANT_ADMIN_ROLE]);
    const router = renderAt('/admin', routeObjects());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customRoutes'), {
      timeout: 15_000,
    });
    fireEvent.click(screen.getByText('Administration', { selector: '.fl-sider .ant-menu-submenu-title *' }));
    await waitFor(() =>
      expect(texts('.fl-sider .ant-menu-sub .ant-menu-item')).toEqual(
        expect.arrayContaining(['Custom routes', 'Value-added entries', 'App review']),
      ),
    );
    expect(texts('.fl-sider .ant-menu-item')).not.toContain('Users');
    expect(texts('.fl-sider .ant-menu-item')).not.toContain('Tenants');
  });
});
