// docs/protocol.md § REST contract, with docs/api.md "Custom routes and micro-apps": the address,
// default-page and user-id rules both the server and the console apply.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appOrigin,
  appPage,
  CustomRouteCreate,
  isAppAddress,
  meetsUserIdCondition,
  seesValueAdded,
  UserAppCreate,
  ValueAddedCreate,
} from './apps.js';
import { RoleName, TENANT_ADMIN_ROLE } from './admin.js';

describe('micro-app addresses', () => {
  it('takes absolute http(s) addresses with a host, and nothing that hides or lacks one', () => {
    expect(isAppAddress('https://apps.example.com/meter/')).toBe(true);
    expect(isAppAddress('http://127.0.0.1:8081/app?x=1#/home')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '//apps.example.com/',
      '/local/path',
      'https://user@evil.example/',
      'https://apps.example.com@evil.example/',
      'https://apps.example.com/a b',
      'https://apps.example.com\\@evil/',
      'ftp://files.example.com/',
      'https://a.example/\u0000',
      '',
    ]) {
      expect(isAppAddress(bad), bad).toBe(false);
    }
  });

  it('resolves a default page within the app and refuses one that leaves its origin', () => {
    const url = 'https://apps.example.com/meter/index.html';
    expect(appPage(url, null)).toBe(url);
    expect(appPage(url, '/meter/day')).toBe('https://apps.example.com/meter/day');
    expect(appPage(url, '#/week')).toBe('https://apps.example.com/meter/index.html#/week');
    expect(appPage(url, '?view=2')).toBe('https://apps.example.com/meter/index.html?view=2');
    expect(appPage(url, 'https://apps.example.com/other')).toBe('https://apps.example.com/other');
    for (const away of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '/a b']) {
      expect(appPage(url, away), away).toBeNull();
    }
    expect(appPage('not an address', '/x')).toBeNull();
  });

  it('gives the origin the host posts the token to, whatever path the address has', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const origin = appOrigin(url);
        if (origin === null) return;
        expect(url.toLowerCase().startsWith(origin.toLowerCase().replace(/:(80|443)$/, ''))).toBe(true);
        expect(appPage(url, '/x')?.startsWith(origin)).toBe(true);
      }),
    );
  });
});

describe('the user-id condition and the value-added gates (§2)', () => {
  it('compares the user id as the operator says, null admitting everyone', () => {
    expect(meetsUserIdCondition(5, null)).toBe(true);
    expect(meetsUserIdCondition(5, { op: 'eq', value: 5 })).toBe(true);
    expect(meetsUserIdCondition(6, { op: 'eq', value: 5 })).toBe(false);
    expect(meetsUserIdCondition(6, { op: 'ne', value: 5 })).toBe(true);
    expect(meetsUserIdCondition(4, { op: 'lt', value: 5 })).toBe(true);
    expect(meetsUserIdCondition(5, { op: 'le', value: 5 })).toBe(true);
    expect(meetsUserIdCondition(5, { op: 'gt', value: 5 })).toBe(false);
    expect(meetsUserIdCondition(5, { op: 'ge', value: 5 })).toBe(true);
  });

  it('keeps the derived tenant administrator role from being given', () => {
    expect(RoleName.safeParse(TENANT_ADMIN_ROLE).success).toBe(false);
    expect(RoleName.safeParse('tenantAdmins').success).toBe(true);
  });

  it('shows authorization management from user id 0 and the other services from 1', () => {
    expect(seesValueAdded('authorization', 0)).toBe(true);
    expect(seesValueAdded('authorization', -1)).toBe(false);
    expect(seesValueAdded('sms', 0)).toBe(false);
    expect(seesValueAdded('reports', 1)).toBe(true);
  });
});

describe('the request schemas', () => {
  it('refuses a custom route named like a console route, in any case, and duplicate children', () => {
    const child = { name: 'day', title: 'Day', url: 'https://apps.example.com/' };
    expect(CustomRouteCreate.safeParse({ name: 'meters', title: 'Meters', children: [child] }).success).toBe(
      true,
    );
    expect(CustomRouteCreate.safeParse({ name: 'Setting', title: 'x' }).success).toBe(false);
    expect(CustomRouteCreate.safeParse({ name: 'API', title: 'x' }).success).toBe(false);
    expect(
      CustomRouteCreate.safeParse({
        name: 'meters',
        title: 'x',
        children: [child, { ...child, name: 'DAY' }],
      }).success,
    ).toBe(false);
    expect(CustomRouteCreate.safeParse({ name: '../x', title: 'x' }).success).toBe(false);
  });

  it('refuses app addresses that are not http(s) and default pages that leave the app', () => {
    const app = { name: 'meter', title: 'Meter', url: 'https://apps.example.com/' };
    expect(UserAppCreate.safeParse(app).success).toBe(true);
    expect(UserAppCreate.safeParse({ ...app, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(UserAppCreate.safeParse({ ...app, defaultUrl: '//evil.example/' }).success).toBe(false);
    expect(UserAppCreate.safeParse({ ...app, icon: '<img>' }).success).toBe(false);
  });

  it('takes a value-added target as an http(s) address or a console path', () => {
    const entry = { kind: 'sms', title: 'SMS' };
    expect(ValueAddedCreate.safeParse({ ...entry, url: 'https://sms.example.com/' }).success).toBe(true);
    expect(ValueAddedCreate.safeParse({ ...entry, url: '/increment/serviceManager' }).success).toBe(true);
    expect(ValueAddedCreate.safeParse({ ...entry, url: '//evil.example/' }).success).toBe(false);
    expect(ValueAddedCreate.safeParse({ ...entry, url: 'javascript:alert(1)' }).success).toBe(false);
  });
});
