import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, effectiveLayout, isMobileWidth, randomTheme, sanitizeSettings } from './settings';

describe('settings defaults (§2)', () => {
  it('column layout, card columns, fixed header, progress bar, smooth tabs', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      layout: 'column',
      columnStyle: 'card',
      fixedHeader: true,
      showProgress: true,
      showTabs: true,
      tabStyle: 'smooth',
    });
  });

  it('language, refresh, theme and full screen shown; search and notice hidden', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      showLanguage: true,
      showRefresh: true,
      showTheme: true,
      showFullScreen: true,
      showSearch: false,
      showNotice: false,
    });
  });
});

describe('sanitizeSettings', () => {
  it('keeps known values and replaces unknown ones by defaults', () => {
    const out = sanitizeSettings({
      layout: 'horizontal',
      theme: 'purple',
      showSearch: true,
      fixedHeader: 'yes',
    });
    expect(out.layout).toBe('horizontal');
    expect(out.theme).toBe('default');
    expect(out.showSearch).toBe(true);
    expect(out.fixedHeader).toBe(true);
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(sanitizeSettings({ extra: 1 }))).not.toContain('extra');
  });
});

describe('mobile', () => {
  it('forces the vertical layout below 992 px, not at 992', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
    expect(effectiveLayout('column', 991)).toBe('vertical');
    expect(effectiveLayout('column', 992)).toBe('column');
  });
});

describe('randomTheme', () => {
  it('always picks another theme', () => {
    for (const r of [0, 0.34, 0.67, 0.9999]) expect(randomTheme('ocean', () => r)).not.toBe('ocean');
    expect(randomTheme('default', () => 0)).toBe('ocean');
    expect(randomTheme('default', () => 0.9999)).toBe('white');
  });
});
