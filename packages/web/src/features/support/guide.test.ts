import { describe, expect, it } from 'vitest';
import { buildGuide, pageOf, searchGuide, searchWords, slugify } from './guide';

const GUIDE = [
  '# Guide',
  'Intro text.',
  '## Monitoring (`/Equips`)',
  'The tree of equipment.',
  '### The tree',
  'Groups and **devices**.',
  '#### Filters',
  'Online only.',
  '## Files',
  'Equipment files.',
  '## Files',
  'Again.',
].join('\n');

describe('the guide', () => {
  it('makes slugs as GitHub does, each unique', () => {
    expect(slugify('Monitoring (`/Equips`)')).toBe('monitoring-equips');
    expect(slugify('Roles, abilities and permission points')).toBe('roles-abilities-and-permission-points');
    expect(slugify('设备 配置')).toBe('设备-配置');
    const guide = buildGuide(GUIDE);
    expect(guide.sections.map((s) => [s.slug, s.level, s.page])).toEqual([
      ['guide', 1, 'guide'],
      ['monitoring-equips', 2, 'monitoring-equips'],
      ['the-tree', 3, 'monitoring-equips'],
      ['filters', 4, 'monitoring-equips'],
      ['files', 2, 'files'],
      ['files-1', 2, 'files-1'],
    ]);
  });

  it('nests the contents under levels 1 and 2, and finds the page of any section', () => {
    const guide = buildGuide(GUIDE);
    const shape = (nodes: typeof guide.toc): unknown[] =>
      nodes.map((n) => (n.children.length ? [n.key, shape(n.children)] : n.key));
    expect(shape(guide.toc)).toEqual([
      'guide',
      ['monitoring-equips', [['the-tree', ['filters']]]],
      'files',
      'files-1',
    ]);
    expect(pageOf(guide, 'filters').map((s) => s.slug)).toEqual(['monitoring-equips', 'the-tree', 'filters']);
    expect(pageOf(guide, 'nowhere').map((s) => s.slug)).toEqual(['guide']);
    expect(pageOf(guide, null).map((s) => s.slug)).toEqual(['guide']);
  });

  it('finds the sections holding every word, in any case', () => {
    const guide = buildGuide(GUIDE);
    const find = (q: string) => searchGuide(guide, searchWords(q)).map((s) => s.slug);
    expect(searchWords('  Tree   DEVICES ')).toEqual(['tree', 'devices']);
    expect(find('tree devices')).toEqual(['the-tree']);
    expect(find('EQUIPMENT')).toEqual(['monitoring-equips', 'files']);
    expect(find('/equips')).toEqual(['monitoring-equips']);
    expect(find('tree online')).toEqual([]);
    expect(find('   ')).toEqual([]);
  });

  it('keeps text before the first heading as an introduction', () => {
    const guide = buildGuide('Before.\n\n## After\nText.');
    expect(guide.sections.map((s) => [s.slug, s.title, s.page])).toEqual([
      ['introduction', 'Introduction', 'introduction'],
      ['after', 'After', 'after'],
    ]);
  });
});
