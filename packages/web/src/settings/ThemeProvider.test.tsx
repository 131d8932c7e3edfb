// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { DatePicker, Empty, Layout, Menu, theme } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import type { Language } from '../i18n';
import { injectAntdStyles } from '../test-setup/antd-styles';
import { installDomStubs } from '../shell/test-support';
import { DEFAULT_SETTINGS } from './settings';
import type { ThemeName } from './settings';
import { useSettings } from './store';
import ThemeProvider, { PRIMARY_CSS_VAR } from './ThemeProvider';

/** The themes of docs/console.md "Themes", written out so a changed colour shows here. */
const EXPECTED: Readonly<
  Record<ThemeName, { primary: string; menu: string; nested: string; menuTheme: 'dark' | 'light' }>
> = {
  default: { primary: '#1677ff', menu: '#21252b', nested: '#171a1f', menuTheme: 'dark' },
  ocean: { primary: '#1890ff', menu: '#0a3a6b', nested: '#062a50', menuTheme: 'dark' },
  green: { primary: '#41b584', menu: '#1e2a26', nested: '#15201c', menuTheme: 'dark' },
  white: { primary: '#1677ff', menu: '#ffffff', nested: '#f5f7fa', menuTheme: 'light' },
};

/** What antd resolved for the components below it. */
function TokenProbe() {
  const { token } = theme.useToken();
  return (
    <output data-testid="token">
      {JSON.stringify({ primary: token.colorPrimary, link: token.colorLink, radius: token.borderRadius })}
    </output>
  );
}

function show(menuTheme: 'dark' | 'light' = 'dark') {
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <TokenProbe />
        <Layout.Sider theme={menuTheme}>side</Layout.Sider>
        <Menu theme={menuTheme} mode="inline" items={[{ key: 'a', label: 'a' }]} />
      </ThemeProvider>
    </I18nextProvider>,
  );
}

const token = () => JSON.parse(screen.getByTestId('token').textContent ?? '{}') as Record<string, unknown>;
/** A CSS variable antd set for a rendered component (jsdom resolves these per element). */
const cssVar = (selector: string, name: string) =>
  getComputedStyle(document.querySelector(selector) as Element).getPropertyValue(name);
const rootPrimary = () => document.documentElement.style.getPropertyValue(PRIMARY_CSS_VAR);

describe('the theme provider', () => {
  beforeAll(async () => {
    // These tests read the CSS variables antd's own styles set.
    injectAntdStyles();
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => useSettings.setState({ settings: DEFAULT_SETTINGS, saved: DEFAULT_SETTINGS }));
  afterEach(cleanup);

  for (const [name, want] of Object.entries(EXPECTED) as [ThemeName, (typeof EXPECTED)[ThemeName]][]) {
    it(`gives antd the ${name} theme's tokens`, () => {
      useSettings.getState().change({ theme: name });
      show(want.menuTheme);
      expect(token()).toEqual({ primary: want.primary, link: want.primary, radius: 4 });
      const sider = want.menuTheme === 'dark' ? '--ant-layout-sider-bg' : '--ant-layout-light-sider-bg';
      expect(cssVar('.ant-layout-sider', sider)).toBe(want.menu);
      expect(cssVar('.ant-layout-sider', '--ant-layout-trigger-bg')).toBe(want.nested);
      if (want.menuTheme === 'dark') {
        expect(cssVar('.ant-menu', '--ant-menu-dark-item-bg')).toBe(want.menu);
        expect(cssVar('.ant-menu', '--ant-menu-dark-sub-menu-item-bg')).toBe(want.nested);
        expect(cssVar('.ant-menu', '--ant-menu-dark-item-selected-bg')).toBe(want.primary);
      } else {
        expect(cssVar('.ant-menu', '--ant-menu-item-bg')).toBe(want.menu);
      }
      expect(rootPrimary()).toBe(want.primary);
    });
  }

  it('follows a change of theme at once (the drawer previews it)', () => {
    show();
    expect(token().primary).toBe('#1677ff');
    act(() => useSettings.getState().change({ theme: 'green' }));
    expect(token().primary).toBe('#41b584');
    expect(cssVar('.ant-menu', '--ant-menu-dark-item-bg')).toBe('#1e2a26');
    expect(rootPrimary()).toBe('#41b584');
  });

  it("gives antd the language's own texts, the date pickers' week days included", async () => {
    const texts: Record<Language, { empty: string; weekDays: string }> = {
      zh: { empty: '暂无数据', weekDays: '一 二 三 四 五 六 日' },
      en: { empty: 'No data', weekDays: 'Su Mo Tu We Th Fr Sa' },
      tc: { empty: '暫無資料', weekDays: '日 一 二 三 四 五 六' },
    };
    render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <Empty />
          <DatePicker open />
        </ThemeProvider>
      </I18nextProvider>,
    );
    for (const [lang, want] of Object.entries(texts) as [Language, (typeof texts)[Language]][]) {
      await act(() => i18n.changeLanguage(lang));
      expect(document.querySelector('.ant-empty-description')?.textContent).toBe(want.empty);
      const weekDays = [...document.querySelectorAll('.ant-picker-content thead th')].map(
        (e) => e.textContent,
      );
      expect(weekDays.join(' ')).toBe(want.weekDays);
    }
  });
});
