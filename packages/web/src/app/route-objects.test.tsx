// @vitest-environment jsdom
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { flatten, routes } from '../routes/table';
import { routeObjects } from './route-objects';

/** The path of the route the router picks for `path` (the deepest match). */
const matched = (path: string) => matchRoutes(routeObjects(), path)?.at(-1)?.route.path;

describe('the router’s routes', () => {
  it('never lets the custom routes’ patterns shadow a path of the table, in any case', () => {
    for (const entry of flatten(routes)) {
      if (entry.path === '/' || entry.path.endsWith('*')) continue;
      const concrete = entry.path.replace(/:\w+/g, '12');
      expect(matched(concrete), concrete).toBe(entry.path);
      expect(matched(concrete.toLowerCase()), concrete.toLowerCase()).toBe(entry.path);
    }
    expect(matched('/redirect/Equips')).toBe('/redirect/*');
  });

  it('reaches the custom route pages for other paths of one or two segments, else not found', () => {
    expect(matched('/meters')).toBe('/:app');
    expect(matched('/meters/daily')).toBe('/:app/:child');
    expect(matched('/a/b/c')).toBe('*');
  });

  it('keeps the patterns out of the table (unknown paths make no tab and need no level)', () => {
    expect(flatten(routes).some((r) => r.path.startsWith('/:'))).toBe(false);
  });
});
