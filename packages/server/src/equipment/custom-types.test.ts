/**
 * Equipment types added as data by administrators, over HTTP on both databases: created, listed
 * with their block starts, used for a new device, changed, and deleted once unused; refused for
 * non-administrators, built-in names, bad definitions, and count changes of a type in use.
 */
import type { EquipmentTypeReply } from '@fieldlink/protocol';
import { equipmentType, setCustomEquipmentTypes } from '@fieldlink/protocol';
import { afterEach, describe, expect, it as baseIt } from 'vitest';
import { expectError, login, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { loadCustomTypes } from './custom-types.js';

const BOARD = {
  type: 'ACME-IO16',
  names: { en: 'Acme 16-channel IO', zh: 'Acme 16路IO', tc: 'Acme 16路IO' },
  counts: { do: 8, di: 8, ai: 2, ao: 0 },
  starts: { do: 16, di: 32, ai: 100 },
};

describe.each(storageCases())('equipment types added as data on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);
  afterEach(() => setCustomEquipmentTypes([]));

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: unknown,
  ) => sendAs(h.app, method, url, token, payload);

  async function user(name: string, admin = false): Promise<string> {
    const { id } = await register(h, name);
    if (admin)
      await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', id).execute();
    return (await login(h, name)).accessToken;
  }

  it('lets an administrator add a board of another maker, which is listed and used like any model', async () => {
    const admin = await user('types-admin', true);
    const owner = await user('types-owner');
    expectError(await send('POST', '/equipment-types', owner, BOARD), 403, 'forbidden');
    expectError(await send('POST', '/equipment-types', null, BOARD), 401, 'unauthorized');

    const made = await send('POST', '/equipment-types', admin, BOARD);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      type: 'ACME-IO16',
      custom: true,
      starts: { do: 16, di: 32, ai: 100 },
      aoRegister: 0,
      clock: false,
      slaveAddress: 1,
      logicType: 'none',
      rulePages: [],
    });
    const list = (await send('GET', '/equipment-types', null)).json() as { items: EquipmentTypeReply[] };
    expect(list.items.find((t) => t.type === 'ACME-IO16')?.custom).toBe(true);
    expect(list.items.find((t) => t.type === 'FL-R8')?.custom).toBe(false);
    expect(list.items.find((t) => t.type === 'MB-R8')).toMatchObject({
      custom: false,
      clock: false,
      slaveAddress: 1,
    });

    // A device of it, and the catalogue every part of the server uses knows it.
    const device = await send('POST', '/equipment', owner, {
      sn: 'ACME0001',
      type: 'ACME-IO16',
      name: 'Pump IO',
    });
    expect(device.statusCode, device.body).toBe(201);
    expect(equipmentType('ACME-IO16')?.starts).toEqual({ do: 16, di: 32, ai: 100 });
    const tree = await send('GET', '/equipment/tree', owner);
    expect(tree.body).toContain('ACME0001');

    // Names may change while in use; channel counts may not.
    const renamed = await send('PUT', '/equipment-types/ACME-IO16', admin, {
      ...BOARD,
      names: { ...BOARD.names, en: 'Acme IO (rev B)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as EquipmentTypeReply).names.en).toBe('Acme IO (rev B)');
    expectError(
      await send('PUT', '/equipment-types/ACME-IO16', admin, {
        ...BOARD,
        counts: { ...BOARD.counts, do: 4 },
      }),
      409,
      'conflict',
    );
    expectError(await send('DELETE', '/equipment-types/ACME-IO16', admin), 409, 'conflict');

    const id = (device.json() as { id: number }).id;
    expect((await send('DELETE', `/equipment/${id}`, owner)).statusCode).toBe(204);
    expect((await send('DELETE', '/equipment-types/ACME-IO16', admin)).statusCode).toBe(204);
    expect(equipmentType('ACME-IO16')).toBeUndefined();
    expectError(await send('DELETE', '/equipment-types/ACME-IO16', admin), 404, 'not_found');
  });

  it('refuses built-in names, bad definitions and renames', async () => {
    const admin = await user('types-admin2', true);
    expectError(await send('POST', '/equipment-types', admin, { ...BOARD, type: 'FL-R8' }), 409, 'conflict');
    expectError(
      await send('PUT', '/equipment-types/FL-R8', admin, { ...BOARD, type: 'FL-R8' }),
      400,
      'bad_request',
    );
    expectError(await send('DELETE', '/equipment-types/MB-R8', admin), 400, 'bad_request');
    for (const bad of [
      { ...BOARD, counts: { ...BOARD.counts, do: 33 } },
      { ...BOARD, starts: { do: 65530, di: 0, ai: 0 } },
      { ...BOARD, aoRegister: 65535, counts: { ...BOARD.counts, ao: 2 } },
      { ...BOARD, type: 'x' },
      { ...BOARD, type: 'bad name' },
      { ...BOARD, slaveAddress: 0 },
      { ...BOARD, logicType: 'scenes' },
      { ...BOARD, names: { en: 'A' } },
      { ...BOARD, extra: 1 },
    ]) {
      expectError(await send('POST', '/equipment-types', admin, bad), 400, 'bad_request');
    }
    expect((await send('POST', '/equipment-types', admin, BOARD)).statusCode).toBe(201);
    expectError(await send('POST', '/equipment-types', admin, BOARD), 409, 'conflict');
    expectError(
      await send('PUT', '/equipment-types/ACME-IO16', admin, { ...BOARD, type: 'ACME-IO17' }),
      400,
      'bad_request',
    );
  });

  it('loads the stored types at start, and leaves out a definition that no longer holds', async () => {
    const admin = await user('types-admin3', true);
    expect((await send('POST', '/equipment-types', admin, { ...BOARD, type: 'ACME-LOAD' })).statusCode).toBe(
      201,
    );
    await h.storage.db
      .insertInto('equipment_types')
      .values({ type: 'BROKEN-1', definition: '{"type":"BROKEN-1"}', created_by: null, updated_at: 0 })
      .execute();
    setCustomEquipmentTypes([]);
    const warned: string[] = [];
    await loadCustomTypes(h.storage.db, (details) => warned.push(JSON.stringify(details)));
    expect(equipmentType('ACME-LOAD')?.counts).toEqual(BOARD.counts);
    expect(equipmentType('BROKEN-1')).toBeUndefined();
    expect(warned).toEqual(['{"type":"BROKEN-1"}']);
  });
});
