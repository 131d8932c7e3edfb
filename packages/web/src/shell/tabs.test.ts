import { beforeEach, describe, expect, it } from 'vitest';
import { pathAfterClose, reduceTabs, resetTabs, useTabs } from './tabs';
import type { VisitedTab } from './tabs';
import { testKey } from '../i18n/test-support';

const tab = (path: string, pinned = false): VisitedTab => ({ path, titleKey: testKey(`t${path}`), pinned });
const home = tab('/Equips', true);
const [a, b, c, d] = ['/a', '/b', '/c', '/d'].map((p) => tab(p));
const all = [home, a!, b!, c!, d!];
const paths = (tabs: readonly VisitedTab[]) => tabs.map((t) => t.path);

describe('reduceTabs', () => {
  it('adds a visited tab once, keeping its place on a revisit', () => {
    let tabs = reduceTabs([], { type: 'visit', tab: home });
    tabs = reduceTabs(tabs, { type: 'visit', tab: a! });
    const same = reduceTabs(tabs, { type: 'visit', tab: home });
    expect(same).toBe(tabs);
    expect(paths(reduceTabs(tabs, { type: 'visit', tab: b! }))).toEqual(['/Equips', '/a', '/b']);
  });

  it('updates a revisited tab whose title changed', () => {
    const tabs = reduceTabs([home, a!], { type: 'visit', tab: { ...a!, titleKey: testKey('renamed') } });
    expect(tabs[1]?.titleKey).toBe('renamed');
  });

  it('closes one tab, never a pinned one', () => {
    expect(paths(reduceTabs(all, { type: 'close', path: '/b' }))).toEqual(['/Equips', '/a', '/c', '/d']);
    expect(reduceTabs(all, { type: 'close', path: '/Equips' })).toEqual(all);
  });

  it('closes the others, the left and the right, keeping pinned tabs', () => {
    expect(paths(reduceTabs(all, { type: 'closeOthers', path: '/c' }))).toEqual(['/Equips', '/c']);
    expect(paths(reduceTabs(all, { type: 'closeLeft', path: '/c' }))).toEqual(['/Equips', '/c', '/d']);
    expect(paths(reduceTabs(all, { type: 'closeRight', path: '/b' }))).toEqual(['/Equips', '/a', '/b']);
    expect(paths(reduceTabs(all, { type: 'closeLeft', path: '/gone' }))).toEqual(paths(all));
  });

  it('closes all but the pinned', () => {
    expect(paths(reduceTabs(all, { type: 'closeAll' }))).toEqual(['/Equips']);
    expect(reduceTabs([a!, b!], { type: 'closeAll' })).toEqual([]);
  });
});

describe('pathAfterClose', () => {
  it('stays when the active tab survived', () => {
    expect(pathAfterClose([home, a!], '/a')).toBeNull();
  });
  it('moves to the last remaining tab, else /', () => {
    expect(pathAfterClose([home, a!, c!], '/b')).toBe('/c');
    expect(pathAfterClose([], '/b')).toBe('/');
  });
});

describe('the tabs store', () => {
  beforeEach(() => resetTabs());

  it('returns where to go after closing the active tab', () => {
    const { dispatch } = useTabs.getState();
    for (const t of all) dispatch({ type: 'visit', tab: t }, t.path);
    expect(dispatch({ type: 'close', path: '/d' }, '/d')).toBe('/c');
    expect(dispatch({ type: 'close', path: '/a' }, '/c')).toBeNull();
    expect(dispatch({ type: 'closeAll' }, '/c')).toBe('/Equips');
    expect(paths(useTabs.getState().tabs)).toEqual(['/Equips']);
  });
});
