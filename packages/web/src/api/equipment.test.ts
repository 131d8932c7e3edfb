import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRecord } from '../equipment/test-support';
import { getEquipmentTree, listAllEquipment } from './equipment';

afterEach(() => vi.unstubAllGlobals());

function reply(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('equipment calls', () => {
  it('reads every page of the list at the largest page size', async () => {
    const urls: string[] = [];
    const fetchMock = vi.fn((url: string) => {
      urls.push(url);
      const offset = Number(new URL(url, 'http://x/').searchParams.get('offset'));
      const items = Array.from({ length: Math.min(1000, 2500 - offset) }, (_, i) =>
        sampleRecord({ id: offset + i }),
      );
      return Promise.resolve(reply({ items, total: 2500 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const all = await listAllEquipment({ q: 'pump' });
    expect(all).toHaveLength(2500);
    expect(all[2499]?.id).toBe(2499);
    expect(urls).toEqual([
      'api/v1/equipment?q=pump&offset=0&limit=1000',
      'api/v1/equipment?q=pump&offset=1000&limit=1000',
      'api/v1/equipment?q=pump&offset=2000&limit=1000',
    ]);
  });

  it('stops on an empty page even when the total says more', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(reply({ items: [], total: 5 }))),
    );
    expect(await listAllEquipment()).toEqual([]);
  });

  it('asks for the tree', async () => {
    const fetchMock = vi.fn((_url: string) =>
      Promise.resolve(
        reply({
          groups: [],
          devices: [],
          counters: { total: 0, online: 0, offline: 0, alarm: 0, normal: 0 },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const tree = await getEquipmentTree();
    expect(tree.counters.total).toBe(0);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('api/v1/equipment/tree');
  });
});
