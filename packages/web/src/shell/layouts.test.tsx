// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROGRESS_SPEED_MS } from './progress';
import { useBranding } from '../branding/store';
import { i18n } from '../i18n';
import type { MenuNode } from '../routes/navigation';
import { useMe } from '../session/me';
import { sampleMe } from '../session/test-support';
import { useSettingsDrawer } from '../settings/drawer';
import { COLUMN_STYLES, DEFAULT_SETTINGS, TAB_STYLES } from '../settings/settings';
import type { ColumnStyle, ShellSettings, TabStyle } from '../settings/settings';
import { useSettings } from '../settings/store';
import HorizontalMenu from './menus/HorizontalMenu';
import Shell from './Shell';
import ShellSider from './ShellSider';
import { resetTabs } from './tabs';
import { installDomStubs, renderAt } from './test-support';
import { testKey } from '../i18n/test-support';

const PAGES = ['/Equips', '/history', '/system', '/map', '/setting/personalCenter'];
const FIRST_LEVEL = [
  'Monitoring',
  'History',
  'System overview',
  'Map',
  'Big screen',
  'Device configuration',
  'Notifications',
  'Value-added services',
  'Settings',
];

function show(at: string, settings: Partial<ShellSettings> = {}) {
  useSettings.getState().change(settings);
  return renderAt(at, [
    { element: <Shell />, children: PAGES.map((path) => ({ path, element: <p>page {path}</p> })) },
  ]);
}

/** One part of the frame alone, in a router at `at`. */
const showAlone = (at: string, element: React.ReactNode) => renderAt(at, [{ path: '*', element }]);

const texts = (selector: string) =>
  [...document.querySelectorAll(selector)].map((e) => e.textContent?.trim() ?? '');
const one = (selector: string) => {
  const found = document.querySelector(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found as HTMLElement;
};
const button = (name: string) => screen.getByLabelText(name, { selector: 'button' });
const columnItem = (title: string) => one(`.fl-column-item[title="${title}"]`);
const sideMenuItems = () => texts('.fl-sider .ant-menu-item');

/**
 * The console's own style sheet in the document, so a style's looks can be checked. Read from
 * disk: the test runner blanks style sheets imported as modules, `?raw` ones too. The console's
 * type settings know no Node modules, hence the import by name with its one function typed here.
 */
async function withShellCss(): Promise<() => void> {
  const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as {
    readFileSync(path: string, encoding: 'utf8'): string;
  };
  const sheet = decodeURIComponent(new URL(import.meta.url).pathname).replace(/[^/]*$/, 'shell.css');
  const style = document.createElement('style');
  style.textContent = fs.readFileSync(sheet, 'utf8');
  document.head.append(style);
  return () => style.remove();
}

/** The console's style sheet in the document for each test of the enclosing describe. */
function useShellCss(): void {
  let removeCss: () => void = () => undefined;
  beforeEach(async () => {
    removeCss = await withShellCss();
  });
  afterEach(() => removeCss());
}

function resizeTo(width: number) {
  act(() => {
    Object.assign(window, { innerWidth: width });
    window.dispatchEvent(new Event('resize'));
  });
}

// The progress bar of the last navigation fades out on timers of its own (two of its speed); the
// page must still exist when they fire, so the file's environment is not torn down before.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 3 * PROGRESS_SPEED_MS)));

describe('the layouts', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    useSettings.setState({ settings: DEFAULT_SETTINGS, saved: DEFAULT_SETTINGS, collapsed: false });
    useSettingsDrawer.setState({ open: false });
    useMe.getState().setMe(sampleMe({ authority: 0 }));
    Object.assign(window, { innerWidth: 1280 });
    resetTabs();
  });
  afterEach(cleanup);

  describe('column', () => {
    it('puts the first-level items at the left and the chosen one’s children beside them', () => {
      const router = show('/history');
      expect(texts('.fl-column-bar .fl-column-title')).toEqual(FIRST_LEVEL);
      expect(columnItem('History').getAttribute('aria-current')).toBe('page');
      // History has no children: no second-level menu.
      expect(document.querySelector('.fl-column-second')).toBeNull();

      fireEvent.click(columnItem('Settings'));
      expect(router.state.location.pathname).toBe('/setting/personalCenter');
      expect(columnItem('Settings').getAttribute('aria-current')).toBe('page');
      expect(columnItem('History').getAttribute('aria-current')).toBeNull();
      expect(one('.fl-column-second-title').textContent).toBe('Settings');
      expect(texts('.fl-column-second .ant-menu-item')).toEqual([
        'Personal center',
        'Help',
        'About',
        'Feedback',
      ]);
      // The second level is not in the column.
      expect(texts('.fl-column-bar .fl-column-title')).not.toContain('Personal center');
    });

    it('keeps the breadcrumb in the nav bar', () => {
      show('/setting/personalCenter');
      expect(texts('.fl-nav .fl-breadcrumb .ant-breadcrumb-link')).toEqual(['Settings', 'Personal center']);
      expect(document.querySelector('.fl-nav-tabs')).toBeNull();
    });

    it('shows the children of the item chosen, not those of another group', () => {
      const group = (name: string, children: string[]): MenuNode => ({
        path: `/${name}`,
        titleKey: testKey(`Group ${name}`),
        target: `/${name}/${children[0]}`,
        children: children.map((c) => ({
          path: `/${name}/${c}`,
          titleKey: testKey(`${name} ${c}`),
          target: `/${name}/${c}`,
          children: [],
        })),
      });
      const menu = [group('a', ['one', 'two']), group('b', ['three'])];
      function Column() {
        const { pathname } = useLocation();
        return (
          <ShellSider layout="column" menu={menu} activePath={pathname} collapsed={false} mobile={false} />
        );
      }
      const router = showAlone('/a/two', <Column />);
      expect(texts('.fl-column-second .ant-menu-item')).toEqual(['a one', 'a two']);

      fireEvent.click(columnItem('Group b'));
      expect(router.state.location.pathname).toBe('/b/three');
      expect(one('.fl-column-second-title').textContent).toBe('Group b');
      expect(texts('.fl-column-second .ant-menu-item')).toEqual(['b three']);

      fireEvent.click(columnItem('Group a'));
      expect(router.state.location.pathname).toBe('/a/one');
      expect(texts('.fl-column-second .ant-menu-item')).toEqual(['a one', 'a two']);
    });
  });

  describe('column styles', () => {
    useShellCss();

    /** How each style draws a first-level item (shell.css). */
    const looks: Record<ColumnStyle, { width: string; flexDirection: string; borderRadius: string }> = {
      vertical: { width: '64px', flexDirection: 'column', borderRadius: '4px' },
      horizontal: { width: '132px', flexDirection: 'row', borderRadius: '4px' },
      card: { width: '60px', flexDirection: 'column', borderRadius: '8px' },
    };

    for (const style of COLUMN_STYLES) {
      it(`draws the ${style} column style`, () => {
        show('/history', { columnStyle: style });
        const bar = one('.fl-sider-column .fl-column-bar');
        expect(COLUMN_STYLES.filter((s) => bar.classList.contains(`fl-column-${s}`))).toEqual([style]);
        const item = getComputedStyle(columnItem('Map'));
        expect({
          width: item.width,
          flexDirection: item.flexDirection,
          borderRadius: item.borderRadius,
        }).toEqual(looks[style]);
      });
    }
  });

  describe('tab styles', () => {
    useShellCss();

    /** How each style draws the tab shown (shell.css). */
    const looks: Record<TabStyle, { height: string; borderRadius: string; position: string }> = {
      card: { height: '30px', borderRadius: '4px', position: '' },
      smart: { height: '30px', borderRadius: '', position: 'relative' },
      smooth: { height: '32px', borderRadius: '10px 10px 0 0', position: '' },
    };

    for (const style of TAB_STYLES) {
      it(`draws the ${style} tab style`, () => {
        show('/history', { tabStyle: style });
        const bar = one('.fl-top .fl-tabs');
        expect(TAB_STYLES.filter((s) => bar.classList.contains(`fl-tabs-${s}`))).toEqual([style]);
        const tab = getComputedStyle(one('.fl-tab.fl-active'));
        expect({
          height: tab.height,
          borderRadius: tab.borderRadius,
          position: tab.position,
        }).toEqual(looks[style]);
      });
    }
  });

  describe('comprehensive', () => {
    it('shows the first-level items as tabs in the nav bar, the chosen one’s children at the side', () => {
      const router = show('/setting/personalCenter', { layout: 'comprehensive' });
      expect(document.querySelector('.fl-breadcrumb')).toBeNull();
      expect(document.querySelector('.fl-column-bar')).toBeNull();
      expect(texts('.fl-nav .fl-nav-tabs .ant-tabs-tab')).toEqual(FIRST_LEVEL);
      expect(one('.fl-nav-tabs .ant-tabs-tab-active').textContent?.trim()).toBe('Settings');
      expect(sideMenuItems()).toEqual(['Personal center', 'Help', 'About', 'Feedback']);

      fireEvent.click(screen.getByText('History', { selector: '.fl-nav-tabs .ant-tabs-tab span' }));
      expect(router.state.location.pathname).toBe('/history');
      expect(one('.fl-nav-tabs .ant-tabs-tab-active').textContent?.trim()).toBe('History');
      expect(sideMenuItems()).toEqual(['History']);
    });
  });

  describe('horizontal', () => {
    it('puts the menu in the header and has no side bar', () => {
      show('/history', { layout: 'horizontal' });
      expect(document.querySelector('.fl-sider')).toBeNull();
      expect(document.querySelector('.fl-header .fl-horizontal-menu.ant-menu-horizontal')).not.toBeNull();
    });

    it('marks a list of more than 18 entries to scroll, not one of 18', async () => {
      const group = (count: number): MenuNode => {
        const children = Array.from({ length: count }, (_, i) => ({
          path: `/group/${i}`,
          titleKey: testKey(`entry ${i}`),
          target: `/group/${i}`,
          children: [],
        }));
        return { path: '/group', titleKey: testKey('group'), target: '/group/0', children };
      };
      /** The list of a group of the header's menu, as it opens on hover. */
      const listOf = async (count: number) => {
        cleanup();
        showAlone('/', <HorizontalMenu nodes={[group(count)]} activePath="/" theme="light" />);
        fireEvent.mouseEnter(screen.getByText('group').closest('.ant-menu-submenu-title') as Element);
        const entry = await screen.findByText(`entry ${count - 1}`, {}, { timeout: 2000 });
        return entry.closest('.ant-menu-submenu-popup') as HTMLElement;
      };
      // The list's height is the style sheet's affair (it must outweigh antd's, which jsdom cannot
      // weigh): here, which lists are marked to scroll.
      expect((await listOf(19)).classList.contains('fl-menu-scroll')).toBe(true);
      expect((await listOf(18)).classList.contains('fl-menu-scroll')).toBe(false);
    });
  });

  describe('fixed header', () => {
    useShellCss();

    it('keeps the header and the tabs at the top, or lets them scroll away when switched off', () => {
      show('/history');
      const top = one('.fl-top');
      expect(top.querySelector('.fl-nav')).not.toBeNull();
      expect(top.querySelector('.fl-tabs')).not.toBeNull();
      const position = () => ({ position: getComputedStyle(top).position, top: getComputedStyle(top).top });
      expect(position()).toEqual({ position: 'sticky', top: '0px' });

      fireEvent.click(button('Theme settings'));
      const fixedHeader = within(one('.ant-drawer')).getByLabelText('Fixed header', { selector: 'button' });
      fireEvent.click(fixedHeader);
      expect(position().position).toBe('');
      fireEvent.click(fixedHeader);
      expect(position()).toEqual({ position: 'sticky', top: '0px' });
    });
  });

  describe('common', () => {
    useShellCss();

    it('puts a brand bar with the logo and the header icons across the page, above the side menu', () => {
      show('/history', { layout: 'common' });
      const shell = one('.fl-shell');
      const brand = one('.fl-header-common');
      // Across the page: the first row of the frame, not beside the side menu.
      expect(shell.firstElementChild).toBe(brand);
      expect(brand.nextElementSibling).toBe(one('.fl-body'));
      expect(brand.querySelector('.fl-logo-title')?.textContent).toBe(useBranding.getState().appTitle);
      // The header icons are in the brand bar only; the nav bar keeps the fold and the breadcrumb.
      const actions = document.querySelectorAll('.fl-header-actions');
      expect(actions.length).toBe(1);
      expect(brand.contains(actions[0] ?? null)).toBe(true);
      const nav = one('.fl-top .fl-nav');
      expect(within(nav).getByLabelText('Fold the menu', { selector: 'button' })).toBeTruthy();
      expect(nav.querySelector('.fl-breadcrumb')).not.toBeNull();
      // The side menu holds the whole menu, without a logo of its own.
      expect(texts('.fl-sider .ant-menu-title-content')).toEqual(FIRST_LEVEL);
      expect(document.querySelector('.fl-sider .fl-logo')).toBeNull();
      // The brand bar takes the side menu's colours and stays at the top; what is fixed below it
      // starts under it.
      expect(brand.classList.contains('fl-menu-dark')).toBe(true);
      expect(brand.style.background).toBe('rgb(33, 37, 43)');
      const style = getComputedStyle(brand);
      expect({ position: style.position, top: style.top }).toEqual({ position: 'sticky', top: '0px' });
      const sider = getComputedStyle(one('.fl-sider'));
      expect({ top: sider.top, height: sider.height }).toEqual({ top: '56px', height: 'calc(100vh - 56px)' });
      expect(getComputedStyle(one('.fl-top')).top).toBe('56px');
    });
  });

  describe('fold control from 992 px', () => {
    it('folds the side menu to 64 px and unfolds it, keeping the fold in the store', () => {
      Object.assign(window, { innerWidth: 992 });
      show('/history', { layout: 'vertical' });
      const sider = () => one('.fl-sider');
      expect(sider().style.width).toBe('220px');
      expect(sider().querySelector('.fl-logo-title')).not.toBeNull();

      fireEvent.click(button('Fold the menu'));
      expect(sider().style.width).toBe('64px');
      expect(sider().classList.contains('ant-layout-sider-collapsed')).toBe(true);
      expect(sider().querySelector('.fl-logo-title')).toBeNull();
      expect(document.querySelector('.fl-mask')).toBeNull();
      expect(useSettings.getState().collapsed).toBe(true);

      // Drawn again, the shell starts folded.
      cleanup();
      show('/history');
      expect(sider().style.width).toBe('64px');

      fireEvent.click(button('Unfold the menu'));
      expect(sider().style.width).toBe('220px');
      expect(sider().querySelector('.fl-logo-title')).not.toBeNull();
      expect(useSettings.getState().collapsed).toBe(false);
      expect(button('Fold the menu')).toBeTruthy();
    });

    it('folds away the second-level menu of the column layout', () => {
      show('/setting/personalCenter');
      expect(texts('.fl-column-second .ant-menu-item')).toEqual([
        'Personal center',
        'Help',
        'About',
        'Feedback',
      ]);
      fireEvent.click(button('Fold the menu'));
      expect(document.querySelector('.fl-column-second')).toBeNull();
      expect(useSettings.getState().collapsed).toBe(true);
      fireEvent.click(button('Unfold the menu'));
      expect(texts('.fl-column-second .ant-menu-item')).toEqual([
        'Personal center',
        'Help',
        'About',
        'Feedback',
      ]);
      expect(useSettings.getState().collapsed).toBe(false);
    });
  });

  describe('below 992 px', () => {
    it('is vertical with the menu folded away, whatever was chosen, and back at 992 px', async () => {
      Object.assign(window, { innerWidth: 992 });
      const router = show('/history');
      expect(one('.fl-shell').dataset.layout).toBe('column');

      resizeTo(991);
      expect(one('.fl-shell').dataset.layout).toBe('vertical');
      expect(document.querySelector('.fl-column-bar')).toBeNull();
      const sider = () => one('.fl-sider');
      expect(sider().classList.contains('ant-layout-sider-zero-width')).toBe(true);
      // The saved choice and fold are untouched.
      expect(useSettings.getState().saved.layout).toBe('column');
      expect(useSettings.getState().collapsed).toBe(false);

      // The fold control opens the menu over the page; choosing a page folds it again.
      fireEvent.click(button('Unfold the menu'));
      expect(sider().classList.contains('ant-layout-sider-collapsed')).toBe(false);
      expect(document.querySelector('.fl-mask')).not.toBeNull();
      fireEvent.click(screen.getByText('Map', { selector: '.fl-sider .ant-menu-item *' }));
      expect(router.state.location.pathname).toBe('/map');
      await waitFor(() => expect(sider().classList.contains('ant-layout-sider-zero-width')).toBe(true));
      expect(document.querySelector('.fl-mask')).toBeNull();

      resizeTo(992);
      expect(one('.fl-shell').dataset.layout).toBe('column');
      expect(document.querySelector('.fl-column-bar')).not.toBeNull();
    });

    it('gives the breadcrumb a row of its own under the header, so it is not cut (issue 27 item 11)', () => {
      Object.assign(window, { innerWidth: 375 });
      show('/setting/personalCenter');
      expect(document.querySelector('.fl-header .fl-breadcrumb')).toBeNull();
      expect(texts('.fl-top > .fl-crumbs-row .fl-breadcrumb .ant-breadcrumb-link')).toEqual([
        'Settings',
        'Personal center',
      ]);
      // The header keeps the fold control and the equipment button.
      expect(button('Unfold the menu')).toBeTruthy();
      expect(button('Equipment monitoring')).toBeTruthy();

      resizeTo(992);
      expect(document.querySelector('.fl-crumbs-row')).toBeNull();
      expect(texts('.fl-nav .fl-breadcrumb .ant-breadcrumb-link')).toEqual(['Settings', 'Personal center']);
    });
  });
});
