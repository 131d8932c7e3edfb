import { describe, expect, it } from 'vitest';
import { filterSuggestions, isUrl, provideSearchItems, useSearchSources, webSearchUrl } from './search';

const items = [
  { title: 'Monitoring', target: '/Equips' },
  { title: 'Map of devices', target: '/map' },
  { title: 'Pump house relay', target: '/Equips?id=1' },
  { title: '泵房继电器', target: '/Equips?id=2' },
  { title: 'Docs', target: 'https://example.com/docs' },
];

describe('filterSuggestions', () => {
  it('suggests nothing for an empty query', () => {
    expect(filterSuggestions(items, '   ')).toEqual([]);
  });

  it('matches any part of the title, ignoring case, prefix matches first', () => {
    expect(filterSuggestions(items, 'MAP').map((i) => i.target)).toEqual(['/map']);
    expect(filterSuggestions(items, 'o').map((i) => i.title)).toEqual([
      'Monitoring',
      'Map of devices',
      'Pump house relay',
      'Docs',
    ]);
    expect(filterSuggestions(items, 'relay').map((i) => i.target)).toEqual(['/Equips?id=1']);
  });

  it('needs every word and matches Chinese', () => {
    expect(filterSuggestions(items, 'pump relay')).toHaveLength(1);
    expect(filterSuggestions(items, 'pump map')).toHaveLength(0);
    expect(filterSuggestions(items, '继电')[0]?.target).toBe('/Equips?id=2');
  });

  it('drops duplicates and caps the list', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ title: `x${i}`, target: `/x${i}` }));
    expect(filterSuggestions([...items, items[0]!], 'monitor')).toHaveLength(1);
    expect(filterSuggestions(many, 'x')).toHaveLength(32);
  });
});

describe('targets', () => {
  it('tells urls from routes', () => {
    expect(isUrl('https://a.b')).toBe(true);
    expect(isUrl('/map')).toBe(false);
    expect(webSearchUrl(' a b ')).toBe('https://www.bing.com/search?q=a%20b');
  });

  it('lets other parts of the console provide items by source', () => {
    provideSearchItems('equipment', [{ title: 'Pump', target: '/Equips?id=9' }]);
    provideSearchItems('equipment', [{ title: 'Tank', target: '/Equips?id=8' }]);
    expect(useSearchSources.getState().sources.equipment).toEqual([
      { title: 'Tank', target: '/Equips?id=8' },
    ]);
  });
});
