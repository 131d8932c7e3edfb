// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../i18n';
import { filterSuggestions, useSearchSources } from '../shell/search';
import { EQUIPMENT_SOURCE, equipmentSearchItems, installEquipmentSearch } from './search-items';
import { resetEquipment } from './loading';
import { deviceEntry as entry, seedEquipment } from './test-support';

const entries = { 1: entry(1, 'Pump house', 'North'), 2: entry(2, '泵房继电器', '') };
const seed = (): void => seedEquipment({ entries: Object.values(entries) });
const provided = () => useSearchSources.getState().sources[EQUIPMENT_SOURCE] ?? [];

let uninstall = (): void => undefined;
beforeEach(() => setLanguage('en'));
afterEach(() => {
  uninstall();
  resetEquipment();
});

describe('equipment in the header search', () => {
  it('offers each device by name, opening the monitoring page with it selected', () => {
    const items = equipmentSearchItems(entries, 'Equipment');
    expect(items).toEqual([
      { title: 'Pump house', target: '/Equips?id=1', group: 'Equipment · North' },
      { title: '泵房继电器', target: '/Equips?id=2', group: 'Equipment' },
    ]);
    expect(filterSuggestions(items, '继电')[0]?.target).toBe('/Equips?id=2');
  });

  it('follows the directory and the language, and withdraws the items when uninstalled', async () => {
    uninstall = installEquipmentSearch(i18n);
    expect(provided()).toEqual([]);
    seed();
    expect(provided().map((i) => i.title)).toEqual(['Pump house', '泵房继电器']);
    setLanguage('zh');
    await new Promise((r) => setTimeout(r, 0));
    expect(provided()[1]?.group).toBe('设备');
    resetEquipment();
    expect(provided()).toEqual([]);
    seed();
    uninstall();
    expect(provided()).toEqual([]);
  });
});
