/** Random JSON at the equipment routes: always a success or a 4xx with the error shape, never a 5xx. */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, login, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import type { EquipmentReply } from '@fieldlink/protocol';

const TOP = ['sn', 'type', 'name', 'description', 'group', 'cameraPassword', 'settings', 'address'];
const SETTINGS = [
  'image',
  'background',
  'colors',
  'param',
  'camera',
  'modes',
  'do',
  'di',
  'ai',
  'ao',
  'teamSn',
];
const LISTS = ['names', 'units', 'x1', 'y2', 'alarm', 'alarmHigh', 'min', 'max', 'images', 'onImages'];

const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 40 }));
const list = fc.oneof(
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.double(), fc.boolean()), { maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  value,
);
const channel = fc.dictionary(fc.constantFrom(...LISTS), list, { maxKeys: 4 });
const settings = fc.oneof(
  value,
  fc.dictionary(
    fc.constantFrom(...SETTINGS),
    fc.oneof(value, channel, fc.constantFrom('{"basicParam":{}}', 'FL-R8')),
    { maxKeys: 5 },
  ),
);
/** Any JSON, or an object of the routes' own field names with random (sometimes plausible) values. */
const body: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(...TOP),
    fc.oneof(value, settings, fc.constantFrom('FL-R8', 'FL-LR4', 'FL-JYTeam001', 'ABCD1234'), fc.integer()),
    { maxKeys: TOP.length },
  ),
);

const query = fc.dictionary(
  fc.constantFrom('offset', 'limit', 'group', 'q', 'format', 'scope', 'x'),
  fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)),
  { maxKeys: 4 },
);

function expectClean(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const error = (res.json() as { error: { code: unknown; message: unknown } }).error;
    expect(typeof error.code).toBe('string');
    expect(typeof error.message).toBe('string');
  }
}

describe.each(storageCases())('equipment routes under random input on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  it('POST /equipment, PATCH /equipment/:id and POST sub-devices', async () => {
    await register(h, 'equip-fuzz');
    const token = (await login(h, 'equip-fuzz')).accessToken;
    const host = await h.app.inject({
      method: 'POST',
      url: '/api/v1/equipment',
      headers: bearer(token),
      payload: { sn: 'FUZZHOST', type: 'FL-JYTeam001', name: 'Fuzz' },
    });
    expect(host.statusCode, host.body).toBe(201);
    const id = (host.json() as EquipmentReply).id;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH', 'SUB'), body, async (kind, payload) => {
        const res = await h.app.inject({
          method: kind === 'PATCH' ? 'PATCH' : 'POST',
          url:
            kind === 'POST'
              ? '/api/v1/equipment'
              : kind === 'PATCH'
                ? `/api/v1/equipment/${id}`
                : `/api/v1/equipment/${id}/sub-devices`,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json', ...bearer(token) },
        });
        expectClean(res);
      }),
      { numRuns: 150 },
    );
    // Whatever was accepted, the record still reads back.
    const after = await h.app.inject({
      method: 'GET',
      url: `/api/v1/equipment/${id}?format=wire`,
      headers: bearer(token),
    });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('GET /equipment and the tree with random queries and ids', async () => {
    await register(h, 'equip-fuzz-q');
    const token = (await login(h, 'equip-fuzz-q')).accessToken;
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.oneof(fc.integer().map(String), fc.string({ maxLength: 10 })),
        async (q, id) => {
          const search = new URLSearchParams(q).toString();
          for (const url of [
            `/api/v1/equipment?${search}`,
            `/api/v1/equipment/${encodeURIComponent(id)}?${search}`,
          ]) {
            expectClean(await h.app.inject({ method: 'GET', url, headers: bearer(token) }));
          }
        },
      ),
      { numRuns: 100 },
    );
    expectClean(await h.app.inject({ method: 'GET', url: '/api/v1/equipment/tree', headers: bearer(token) }));
  });
});
