/**
 * The user's equipment in the header search (§2: suggestions over what the console holds):
 * every device of the tree, by name, opening the monitoring page with it selected. Kept in step
 * with the equipment store and the language.
 */
import type { i18n as I18n } from 'i18next';
import { provideSearchItems } from '../shell/search';
import type { SearchItem } from '../shell/search';
import { monitoringTarget } from './links';
import { queryClient } from '../app/query-client';
import { directory, equipmentKeys } from './directory';
import type { DeviceEntry } from './tree';

export const EQUIPMENT_SOURCE = 'equipment';

/** One suggestion per device, in the tree's order of ids; the group is shown beside the word. */
export function equipmentSearchItems(
  entries: Readonly<Record<number, DeviceEntry>>,
  word: string,
): SearchItem[] {
  return Object.values(entries).map((e) => ({
    title: e.name,
    target: monitoringTarget(e.id),
    group: e.group ? `${word} · ${e.group}` : word,
  }));
}

let installed: (() => void) | null = null;

/** Feeds the header search from the equipment store; idempotent; returns the uninstaller. */
export function installEquipmentSearch(i18n: I18n): () => void {
  if (installed) return installed;
  let provided: Readonly<Record<number, DeviceEntry>> | null = null;
  const provide = (force: boolean): void => {
    const { entries } = directory();
    if (!force && entries === provided) return;
    provided = entries;
    provideSearchItems(EQUIPMENT_SOURCE, equipmentSearchItems(entries, i18n.t('shell.search.equipment')));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[1] === equipmentKeys.directory[1]) provide(false);
  });
  const onLanguage = (): void => provide(true);
  i18n.on('languageChanged', onLanguage);
  provide(true);
  installed = () => {
    unsubscribe();
    i18n.off('languageChanged', onLanguage);
    provideSearchItems(EQUIPMENT_SOURCE, []);
    installed = null;
  };
  return installed;
}
