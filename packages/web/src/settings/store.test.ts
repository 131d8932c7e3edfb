// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from './settings';

async function freshStore() {
  vi.resetModules();
  return (await import('./store')).useSettings;
}

describe('settings store', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the defaults', async () => {
    const store = await freshStore();
    expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(store.getState().collapsed).toBe(false);
  });

  it('keeps saved settings and the sidebar fold across a reload, not unsaved changes', async () => {
    let store = await freshStore();
    store.getState().change({ layout: 'horizontal', theme: 'green' });
    store.getState().save();
    store.getState().change({ tabStyle: 'card' });
    store.getState().setCollapsed(true);
    store = await freshStore();
    expect(store.getState().settings).toEqual({ ...DEFAULT_SETTINGS, layout: 'horizontal', theme: 'green' });
    expect(store.getState().collapsed).toBe(true);
  });

  it('reverts unsaved changes and restores the defaults', async () => {
    const store = await freshStore();
    store.getState().change({ layout: 'common' });
    store.getState().revert();
    expect(store.getState().settings.layout).toBe('column');
    store.getState().change({ layout: 'common' });
    store.getState().save();
    store.getState().restoreDefaults();
    expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(store.getState().saved).toEqual(DEFAULT_SETTINGS);
  });

  it('a random theme is applied and saved at once', async () => {
    const store = await freshStore();
    store.getState().randomizeTheme(() => 0.5);
    expect(store.getState().settings.theme).toBe('green');
    expect(store.getState().saved.theme).toBe('green');
  });

  it('ignores a corrupt saved record', async () => {
    localStorage.setItem(
      'fieldlink.settings',
      JSON.stringify({ state: { saved: { layout: 'nope' } }, version: 0 }),
    );
    const store = await freshStore();
    expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
  });
});
