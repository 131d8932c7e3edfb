// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store';
import { mockFetch } from '../session/test-support';
import * as apps from './apps';

const ROUTE = {
  id: 3,
  name: 'meters',
  title: 'Meters',
  icon: null,
  tenantId: null,
  condition: { op: 'ge', value: 5 },
  sort: 0,
  children: [{ name: 'daily', title: 'Daily', url: 'https://apps.example.com/', defaultUrl: null }],
  updatedAt: '2026-03-01T08:00:00.000Z',
};
const APP = {
  id: 5,
  name: 'meter',
  title: 'Meter',
  url: 'https://apps.example.com/',
  defaultUrl: '/day',
  icon: 'DashboardOutlined',
  description: '',
  ownerId: 7,
  ownerName: 'alice',
  status: 'pending',
  reviewNote: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  reviewedAt: null,
};
const ENTRY = {
  id: 9,
  kind: 'sms',
  title: 'SMS',
  icon: null,
  url: 'https://sms.example.com/',
  tenantId: 2,
  sort: 0,
};

describe('apps calls', () => {
  let restore = (): void => undefined;
  beforeEach(() => useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' }));
  afterEach(() => {
    restore();
    useSession.getState().clear();
  });

  it('reads what the user sees, checked against the contract', async () => {
    const { condition: _c, tenantId: _t, updatedAt: _u, ...mine } = ROUTE;
    const mock = mockFetch({
      'GET /custom-routes': { body: { items: [mine] } },
      'GET /apps': { body: { items: [APP] } },
      'GET /value-added': { body: { items: [ENTRY] } },
    });
    restore = mock.restore;
    await expect(apps.listMyCustomRoutes()).resolves.toEqual([mine]);
    await expect(apps.listApps()).resolves.toEqual([APP]);
    await expect(apps.listValueAdded()).resolves.toEqual([ENTRY]);
    expect(mock.calls.every((c) => c.authorization === 'Bearer tok')).toBe(true);
  });

  it('refuses a reply that drifts from the contract (in development)', async () => {
    const mock = mockFetch({ 'GET /apps': { body: { items: [{ ...APP, status: 'maybe' }] } } });
    restore = mock.restore;
    await expect(apps.listApps()).rejects.toThrow();
  });

  it('sends each change to its route', async () => {
    const mock = mockFetch({
      'POST /apps': { status: 201, body: APP },
      'PATCH /apps/5': { body: APP },
      'DELETE /apps/5': { status: 204 },
      'GET /admin/apps': { body: { items: [APP] } },
      'POST /admin/apps/5/review': { body: { ...APP, status: 'approved' } },
      'GET /admin/custom-routes': { body: { items: [ROUTE] } },
      'POST /admin/custom-routes': { status: 201, body: ROUTE },
      'PATCH /admin/custom-routes/3': { body: ROUTE },
      'DELETE /admin/custom-routes/3': { status: 204 },
      'GET /admin/value-added': { body: { items: [ENTRY] } },
      'POST /admin/value-added': { status: 201, body: ENTRY },
      'PATCH /admin/value-added/9': { body: ENTRY },
      'DELETE /admin/value-added/9': { status: 204 },
    });
    restore = mock.restore;
    await apps.createApp({ name: 'meter', title: 'Meter', url: 'https://apps.example.com/' });
    await apps.updateApp(5, { title: 'Meter 2' });
    await apps.deleteApp(5);
    await expect(apps.listAdminApps('approved')).resolves.toHaveLength(1);
    await apps.reviewApp(5, { decision: 'reject', note: 'no' });
    await expect(apps.listCustomRoutes()).resolves.toHaveLength(1);
    await apps.listCustomRoutes(2);
    await apps.createCustomRoute({ name: 'meters', title: 'Meters' });
    await apps.updateCustomRoute(3, { condition: null });
    await apps.deleteCustomRoute(3);
    await apps.listAdminValueAdded(2);
    await apps.createValueAdded({ kind: 'sms', title: 'SMS', url: 'https://sms.example.com/' });
    await apps.updateValueAdded(9, { sort: 2 });
    await apps.deleteValueAdded(9);
    expect(mock.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/apps', { name: 'meter', title: 'Meter', url: 'https://apps.example.com/' }],
      ['PATCH', '/apps/5', { title: 'Meter 2' }],
      ['DELETE', '/apps/5', undefined],
      ['GET', '/admin/apps?status=approved', undefined],
      ['POST', '/admin/apps/5/review', { decision: 'reject', note: 'no' }],
      ['GET', '/admin/custom-routes', undefined],
      ['GET', '/admin/custom-routes?tenantId=2', undefined],
      ['POST', '/admin/custom-routes', { name: 'meters', title: 'Meters' }],
      ['PATCH', '/admin/custom-routes/3', { condition: null }],
      ['DELETE', '/admin/custom-routes/3', undefined],
      ['GET', '/admin/value-added?tenantId=2', undefined],
      ['POST', '/admin/value-added', { kind: 'sms', title: 'SMS', url: 'https://sms.example.com/' }],
      ['PATCH', '/admin/value-added/9', { sort: 2 }],
      ['DELETE', '/admin/value-added/9', undefined],
    ]);
  });

  it('keys every list under one prefix, the user’s lists by user', () => {
    for (const key of [
      apps.appsKeys.myRoutes(7),
      apps.appsKeys.myApps(7),
      apps.appsKeys.myValueAdded(7),
      apps.appsKeys.adminRoutes(),
      apps.appsKeys.adminApps('pending'),
      apps.appsKeys.adminValueAdded(2),
    ]) {
      expect(key[0]).toBe(apps.appsKeys.all[0]);
    }
    expect(apps.appsKeys.myRoutes(7)).not.toEqual(apps.appsKeys.myRoutes(8));
  });
});
