import { describe, expect, it } from 'vitest';
import { keepViews, MAX_CACHED_VIEWS, touchView } from './viewCache';

const views = (n: number) => Array.from({ length: n }, (_, i) => `/v${i}`);

describe('cached views', () => {
  it('keeps 20 views and drops the least recently used on the 21st', () => {
    expect(MAX_CACHED_VIEWS).toBe(20);
    let keys: readonly string[] = [];
    for (const key of views(20)) keys = touchView(keys, key);
    expect(keys).toHaveLength(20);
    keys = touchView(keys, '/v0'); // used again: now the most recent
    keys = touchView(keys, '/v20');
    expect(keys).toHaveLength(20);
    expect(keys).not.toContain('/v1');
    expect(keys).toContain('/v0');
    expect(keys.at(-1)).toBe('/v20');
  });

  it('returns the same list when the view is already the latest', () => {
    const keys = touchView([], '/a');
    expect(touchView(keys, '/a')).toBe(keys);
  });

  it('drops views whose tabs closed, but not the active one', () => {
    expect(keepViews(['/a', '/b', '/c'], new Set(['/a']), '/c')).toEqual(['/a', '/c']);
    const keys = ['/a'];
    expect(keepViews(keys, new Set(['/a']), '/a')).toBe(keys);
  });
});
