/**
 * The four themes of §2 as antd theme tokens: the primary colour, the menu's colours and
 * whether the side menu is dark or light.
 */
import type { ThemeConfig } from 'antd';
import type { ThemeName } from './settings';

export interface ThemeSpec {
  readonly primary: string;
  /** Background of the side menu and the column bar. */
  readonly menuBg: string;
  /** Background of nested menus and the column bar's selected item. */
  readonly menuSubBg: string;
  readonly menuTheme: 'dark' | 'light';
}

export const THEMES: Readonly<Record<ThemeName, ThemeSpec>> = {
  default: { primary: '#1677ff', menuBg: '#21252b', menuSubBg: '#171a1f', menuTheme: 'dark' },
  ocean: { primary: '#1890ff', menuBg: '#0a3a6b', menuSubBg: '#062a50', menuTheme: 'dark' },
  green: { primary: '#41b584', menuBg: '#1e2a26', menuSubBg: '#15201c', menuTheme: 'dark' },
  white: { primary: '#1677ff', menuBg: '#ffffff', menuSubBg: '#f5f7fa', menuTheme: 'light' },
};

/** The console header's height (px): alarm pop-ups open below it, leaving its toolbar free. */
export const HEADER_HEIGHT = 56;

export function themeConfig(name: ThemeName): ThemeConfig {
  const spec = THEMES[name];
  return {
    token: { colorPrimary: spec.primary, colorLink: spec.primary, borderRadius: 4 },
    components: {
      Layout: {
        siderBg: spec.menuBg,
        headerBg: '#ffffff',
        headerPadding: '0 16px',
        headerHeight: HEADER_HEIGHT,
        triggerBg: spec.menuSubBg,
        lightSiderBg: spec.menuBg,
      },
      Menu: {
        darkItemBg: spec.menuBg,
        darkSubMenuItemBg: spec.menuSubBg,
        darkPopupBg: spec.menuBg,
        darkItemSelectedBg: spec.primary,
        itemBg: spec.menuTheme === 'light' ? spec.menuBg : 'transparent',
      },
    },
  };
}
