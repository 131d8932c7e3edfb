/** Whether the settings drawer is open: the header's theme icon and the avatar menu open it. */
import { create } from 'zustand';

interface DrawerState {
  readonly open: boolean;
}

export const useSettingsDrawer = create<DrawerState>()(() => ({ open: false }));

export const openSettingsDrawer = (): void => useSettingsDrawer.setState({ open: true });
export const closeSettingsDrawer = (): void => useSettingsDrawer.setState({ open: false });
