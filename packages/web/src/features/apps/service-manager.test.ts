import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../routes/navigation';
import { testKey } from '../../i18n/test-support';
import { entryTarget, leadsToServiceManager } from './service-manager';

const node = (path: string, target: string, children: MenuNode[] = []): MenuNode => ({
  path,
  titleKey: testKey(path),
  target,
  children,
});

describe('value-added targets', () => {
  it('opens http(s) addresses in a new tab and console paths in the console', () => {
    expect(entryTarget('https://sms.example.com/send')).toEqual({
      kind: 'external',
      href: 'https://sms.example.com/send',
    });
    expect(entryTarget('http://127.0.0.1:9000/')).toEqual({
      kind: 'external',
      href: 'http://127.0.0.1:9000/',
    });
    expect(entryTarget('/increment/reports')).toEqual({ kind: 'console', path: '/increment/reports' });
    for (const nowhere of ['javascript:alert(1)', '//evil.example/', '/\\evil', 'reports', '']) {
      expect(entryTarget(nowhere), nowhere).toBeNull();
    }
  });
});

describe('choosing a route that leads to /increment/serviceManager (§2)', () => {
  const tree = [
    node('/Equips', '/Equips'),
    node('/increment', '/increment/serviceManager', [
      node('/increment/serviceManager', '/increment/serviceManager'),
    ]),
    node('/shop', '/increment/serviceManager'),
    node('/setting', '/setting/personalCenter', [node('/setting/personalCenter', '/setting/personalCenter')]),
  ];

  it('is the page itself, a group or an entry redirecting there, in any case', () => {
    expect(leadsToServiceManager('/increment/serviceManager')).toBe(true);
    expect(leadsToServiceManager('/increment/servicemanager/')).toBe(true);
    expect(leadsToServiceManager('/increment', tree)).toBe(true);
    expect(leadsToServiceManager('/shop', tree)).toBe(true);
  });

  it('is nothing else', () => {
    expect(leadsToServiceManager('/Equips', tree)).toBe(false);
    expect(leadsToServiceManager('/setting', tree)).toBe(false);
    expect(leadsToServiceManager('/increment/reports', tree)).toBe(false);
    expect(leadsToServiceManager('/increment')).toBe(false);
  });
});
