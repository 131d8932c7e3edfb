/**
 * The settings store. The drawer changes `settings` live as a preview; `save` keeps them (in
 * local storage), closing the drawer unsaved goes back to what was saved. The sidebar fold is
 * kept as it changes. Language is kept by src/i18n.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_SETTINGS, randomTheme, sanitizeSettings } from './settings';
import type { ShellSettings } from './settings';

export const SETTINGS_STORAGE_KEY = 'fieldlink.settings';

interface SettingsState {
  /** What the shell draws now (the drawer's preview included). */
  readonly settings: ShellSettings;
  /** What was last saved, and what a reload starts from. */
  readonly saved: ShellSettings;
  readonly collapsed: boolean;
  change(patch: Partial<ShellSettings>): void;
  save(): void;
  /** Drop unsaved changes. */
  revert(): void;
  restoreDefaults(): void;
  /** Switch to another theme and save it. */
  randomizeTheme(random?: () => number): void;
  setCollapsed(collapsed: boolean): void;
}

interface Persisted {
  readonly saved: ShellSettings;
  readonly collapsed: boolean;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set, get) => ({
      settings: DEFAULT_SETTINGS,
      saved: DEFAULT_SETTINGS,
      collapsed: false,
      change: (patch) => set({ settings: { ...get().settings, ...patch } }),
      save: () => set({ saved: get().settings }),
      revert: () => set({ settings: get().saved }),
      restoreDefaults: () => set({ settings: DEFAULT_SETTINGS, saved: DEFAULT_SETTINGS }),
      randomizeTheme: (random) => {
        const theme = randomTheme(get().settings.theme, random);
        set({ settings: { ...get().settings, theme }, saved: { ...get().saved, theme } });
      },
      setCollapsed: (collapsed) => set({ collapsed }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): Persisted => ({ saved: s.saved, collapsed: s.collapsed }),
      merge: (stored, current) => {
        const p = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Persisted>;
        const saved = sanitizeSettings(p.saved);
        return { ...current, saved, settings: saved, collapsed: p.collapsed === true };
      },
    },
  ),
);
