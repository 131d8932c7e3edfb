/**
 * The lookup of a link's equipment by serial, on both databases: hosts found, unknown serials and
 * sub-devices absent, and on SQLite a search of the serial's index rather than a walk of the hosts.
 */
import { describe, expect, it as baseIt } from 'vitest';
import { sqlitePlan, storageCases, useStorage } from '../../storage/test-support.js';
import { addLinkedDevices } from '../test-support.js';
import { findLinkEquipment, linkEquipmentQuery } from './link-equipment.js';

describe.each(storageCases())('link equipment lookup on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  it('finds hosts by serial, in chunks, and leaves out unknown serials and sub-devices', async () => {
    const { db } = storage();
    const serials = Array.from({ length: 620 }, (_, i) => `LOOK${String(i).padStart(5, '0')}`);
    const ids = await addLinkedDevices(storage(), serials);
    const host = await db
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', ids.get(serials[0]!)!)
      .executeTakeFirstOrThrow();
    // A row under a host that carries a serial anyway (sub-devices have none): not a link's equipment.
    await db
      .insertInto('equipment')
      .values({
        ...host,
        id: undefined,
        parent_id: host.id,
        sn: 'LOOKCHILD',
        unid: 'LOOKCHILD',
        address: '1',
      })
      .execute();

    const found = await findLinkEquipment(db, [...serials, serials[3]!, 'LOOKNONE', 'LOOKCHILD']);
    expect(found.size).toBe(serials.length);
    for (const sn of serials) {
      expect(found.get(sn)).toEqual({
        id: ids.get(sn),
        sn,
        type: 'FL-R8',
        link_secret_hash: null,
        link_open: 1,
        slave_address: null,
      });
    }
    expect(found.has('LOOKNONE')).toBe(false);
    expect(found.has('LOOKCHILD')).toBe(false);
  });

  // The plan is SQLite's; PostgreSQL plans with statistics of its own.
  if (store.name === 'sqlite') {
    it('searches the serial index instead of walking the hosts', async () => {
      const { db } = storage();
      const query = linkEquipmentQuery(db, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']).compile();
      const details = await sqlitePlan(db, query);
      expect(details.some((detail) => /SEARCH equipment USING INDEX \S+ \(sn=\?\)/.test(detail))).toBe(true);
      expect(details.filter((detail) => /SCAN|parent/.test(detail))).toEqual([]);
    });
  }
});
