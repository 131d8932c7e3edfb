import { RESERVED_ROUTE_NAMES } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { flatten } from './table';

describe('the route table and the contract', () => {
  it('reserves every first path segment of the table, so a custom route can never shadow one', () => {
    const reserved = new Set(RESERVED_ROUTE_NAMES.map((name) => name.toLowerCase()));
    const first = flatten()
      .map((entry) => entry.path.split('/')[1] ?? '')
      .filter((segment) => segment !== '' && !segment.startsWith(':') && segment !== '*');
    expect(first.length).toBeGreaterThan(10);
    expect(first.filter((segment) => !reserved.has(segment.toLowerCase()))).toEqual([]);
  });
});
