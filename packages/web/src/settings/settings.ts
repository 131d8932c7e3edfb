/**
 * The shell's settings (the theme drawer of §2) and their defaults. Kept as a plain record so
 * the store, the drawer and the tests share one definition.
 */
export const LAYOUTS = ['column', 'comprehensive', 'vertical', 'horizontal', 'common'] as const;
export const THEME_NAMES = ['default', 'ocean', 'green', 'white'] as const;
export const TAB_STYLES = ['card', 'smart', 'smooth'] as const;
export const COLUMN_STYLES = ['vertical', 'horizontal', 'card'] as const;

export type Layout = (typeof LAYOUTS)[number];
export type ThemeName = (typeof THEME_NAMES)[number];
export type TabStyle = (typeof TAB_STYLES)[number];
export type ColumnStyle = (typeof COLUMN_STYLES)[number];

export interface ShellSettings {
  readonly layout: Layout;
  readonly theme: ThemeName;
  readonly showTabs: boolean;
  readonly showTabIcon: boolean;
  readonly tabStyle: TabStyle;
  readonly columnStyle: ColumnStyle;
  readonly fixedHeader: boolean;
  readonly showProgress: boolean;
  readonly showLanguage: boolean;
  readonly showRefresh: boolean;
  readonly showSearch: boolean;
  readonly showTheme: boolean;
  readonly showNotice: boolean;
  readonly showFullScreen: boolean;
}

/** §2 defaults. */
export const DEFAULT_SETTINGS: ShellSettings = {
  layout: 'column',
  theme: 'default',
  showTabs: true,
  showTabIcon: true,
  tabStyle: 'smooth',
  columnStyle: 'card',
  fixedHeader: true,
  showProgress: true,
  showLanguage: true,
  showRefresh: true,
  showSearch: false,
  showTheme: true,
  showNotice: false,
  showFullScreen: true,
};

export type BooleanSetting = {
  [K in keyof ShellSettings]: ShellSettings[K] extends boolean ? K : never;
}[keyof ShellSettings];

const choices = {
  layout: LAYOUTS,
  theme: THEME_NAMES,
  tabStyle: TAB_STYLES,
  columnStyle: COLUMN_STYLES,
} as const;

/**
 * Settings read back from storage, each field checked: a value this version does not know (an
 * older save, a hand edit) falls back to its default rather than breaking the shell.
 */
export function sanitizeSettings(raw: unknown): ShellSettings {
  const input = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ShellSettings)[]) {
    const value = input[key];
    if (key in choices) {
      const allowed: readonly string[] = choices[key as keyof typeof choices];
      if (typeof value === 'string' && allowed.includes(value)) out[key] = value;
    } else if (typeof value === 'boolean') {
      out[key] = value;
    }
  }
  return out as unknown as ShellSettings;
}

/** §9: below this width the layout is forced vertical with a folded sidebar. */
export const MOBILE_BREAKPOINT = 992;

export const isMobileWidth = (width: number): boolean => width < MOBILE_BREAKPOINT;

/** The layout actually drawn: the chosen one, or vertical on a narrow screen. */
export function effectiveLayout(layout: Layout, width: number): Layout {
  return isMobileWidth(width) ? 'vertical' : layout;
}

/** A theme other than the current one, chosen by `random` in [0, 1). */
export function randomTheme(current: ThemeName, random: () => number = Math.random): ThemeName {
  const others = THEME_NAMES.filter((t) => t !== current);
  return others[Math.min(others.length - 1, Math.floor(random() * others.length))] ?? current;
}
